import Foundation
import LetterpressCore

/// One thing the drawer paints: the small vocabulary every output format shares.
package enum PageItem: Sendable {
    /// A line of text.
    case text(TextLine)
    case fill(Rect, Color)
    case stroke(Rect, Color, width: Double)
    case line(from: Point, to: Point, Color, width: Double)
    case image(LoadedImage, Rect)
    /// A clickable area, one rectangle per line the link covers.
    case link(LinkTarget, rects: [Rect])
    /// A named place links inside the document go to (`LinkTarget.anchor`), the top left of
    /// what they should show; only PDF keeps it.
    case destination(String, at: Point)
    case checkbox(Rect, checked: Bool, Color)
    /// An underline or strikethrough segment; `phase` continues the dash pattern from the
    /// segment before, across line and page breaks.
    case decoration(Decoration)
    /// The letterpress effect over a line of text already drawn, limited to `clip`.
    case embossed(TextLine, clip: [Rect])
    /// A filled and/or stroked closed shape: a circle or a polygon.
    case shape(ShapePath, fill: Color?, stroke: Color?, width: Double)
    /// The structure the items that follow belong to, outermost element first, up to the
    /// next such item; empty for what only decorates the page (running headers and footers,
    /// rules, the badge). Only tagged PDF keeps it.
    case structure([StructureElement])

    /// Whether the item is a `structure` mark.
    var isStructure: Bool {
        if case .structure = self { return true }
        return false
    }

    /// The item moved `dx` to the right.
    func offsetBy(dx: Double) -> PageItem {
        switch self {
        case var .text(line):
            line.origin.x += dx
            return .text(line)
        case let .fill(rect, color): return .fill(rect.offsetBy(dx: dx), color)
        case let .stroke(rect, color, width): return .stroke(rect.offsetBy(dx: dx), color, width: width)
        case let .line(from, to, color, width):
            return .line(from: Point(x: from.x + dx, y: from.y), to: Point(x: to.x + dx, y: to.y), color, width: width)
        case let .image(image, rect): return .image(image, rect.offsetBy(dx: dx))
        case let .link(target, rects): return .link(target, rects: rects.map { $0.offsetBy(dx: dx) })
        case let .destination(name, point): return .destination(name, at: Point(x: point.x + dx, y: point.y))
        case let .checkbox(rect, checked, color): return .checkbox(rect.offsetBy(dx: dx), checked: checked, color)
        case var .decoration(decoration):
            decoration.start.x += dx
            return .decoration(decoration)
        case .embossed(var line, let clip):
            line.origin.x += dx
            return .embossed(line, clip: clip.map { $0.offsetBy(dx: dx) })
        case let .shape(path, fill, stroke, width):
            return .shape(path.offsetBy(dx: dx), fill: fill, stroke: stroke, width: width)
        case .structure: return self
        }
    }

    func offsetBy(dy: Double) -> PageItem {
        switch self {
        case var .text(line):
            line.origin.y += dy
            return .text(line)
        case let .fill(rect, color): return .fill(rect.offsetBy(dy: dy), color)
        case let .stroke(rect, color, width): return .stroke(rect.offsetBy(dy: dy), color, width: width)
        case let .line(from, to, color, width):
            return .line(from: Point(x: from.x, y: from.y + dy), to: Point(x: to.x, y: to.y + dy), color, width: width)
        case let .image(image, rect): return .image(image, rect.offsetBy(dy: dy))
        case let .link(target, rects): return .link(target, rects: rects.map { $0.offsetBy(dy: dy) })
        case let .destination(name, point): return .destination(name, at: Point(x: point.x, y: point.y + dy))
        case let .checkbox(rect, checked, color): return .checkbox(rect.offsetBy(dy: dy), checked: checked, color)
        case var .decoration(decoration):
            decoration.start.y += dy
            return .decoration(decoration)
        case .embossed(var line, let clip):
            line.origin.y += dy
            return .embossed(line, clip: clip.map { $0.offsetBy(dy: dy) })
        case let .shape(path, fill, stroke, width):
            return .shape(path.offsetBy(dy: dy), fill: fill, stroke: stroke, width: width)
        case .structure: return self
        }
    }
}
