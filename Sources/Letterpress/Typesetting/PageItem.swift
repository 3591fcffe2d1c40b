import Foundation

/// A point on a page, in points from the top-left corner.
public struct Point: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle on a page, in points from the top-left corner.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    func offsetBy(dy: Double) -> Rect { Rect(x: x, y: y + dy, width: width, height: height) }
}

/// One thing the drawer paints: the small vocabulary every output format shares.
public enum PageItem: Sendable {
    /// A line of text.
    case text(TextLine)
    case fill(Rect, Color)
    case stroke(Rect, Color, width: Double)
    case line(from: Point, to: Point, Color, width: Double)
    case image(LoadedImage, Rect)
    /// A clickable area, one rectangle per line the link covers.
    case link(url: String, rects: [Rect])
    case checkbox(Rect, checked: Bool, Color)
    /// An underline or strikethrough segment; `phase` continues the dash pattern from the
    /// segment before, across line and page breaks.
    case decoration(Decoration)
    /// The letterpress effect behind a line of text, limited to `clip`.
    case embossed(TextLine, clip: [Rect])
    /// A filled and/or stroked closed shape: a circle or a polygon.
    case shape(ShapePath, fill: Color?, stroke: Color?, width: Double)

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
        case let .link(url, rects): return .link(url: url, rects: rects.map { $0.offsetBy(dy: dy) })
        case let .checkbox(rect, checked, color): return .checkbox(rect.offsetBy(dy: dy), checked: checked, color)
        case var .decoration(decoration):
            decoration.start.y += dy
            return .decoration(decoration)
        case var .embossed(line, clip):
            line.origin.y += dy
            return .embossed(line, clip: clip.map { $0.offsetBy(dy: dy) })
        case let .shape(path, fill, stroke, width):
            return .shape(path.offsetBy(dy: dy), fill: fill, stroke: stroke, width: width)
        }
    }
}

/// A closed outline to draw.
public enum ShapePath: Sendable, Equatable {
    case circle(center: Point, radius: Double)
    case polygon([Point])

    func offsetBy(dy: Double) -> ShapePath {
        switch self {
        case let .circle(center, radius): return .circle(center: Point(x: center.x, y: center.y + dy), radius: radius)
        case let .polygon(points): return .polygon(points.map { Point(x: $0.x, y: $0.y + dy) })
        }
    }
}

/// A horizontal underline or strikethrough segment.
public struct Decoration: Sendable, Equatable {
    public var start: Point
    public var length: Double
    public var thickness: Double
    public var color: Color
    public var pattern: LinePattern
    /// How far into the dash pattern the segment starts, in points.
    public var phase: Double
}

/// A heading's entry in the PDF outline.
public struct OutlineEntry: Sendable, Equatable {
    public var level: Int
    public var title: String
    /// The heading's top, in points from the page's top, once placed.
    public var y: Double
}

/// A finished page: its size, background and items in painting order.
public struct Page: Sendable {
    public var size: PageSize
    public var background: Color
    public var items: [PageItem]
    public var outline: [OutlineEntry]
}
