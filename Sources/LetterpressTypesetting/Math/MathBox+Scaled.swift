import Foundation
import LetterpressCore
import LetterpressMath

extension MathBox {
    /// The box drawn `factor` times its size about its baseline's left end: a display formula
    /// too wide for its column, or a formula in a table set smaller to fit.
    func scaled(by factor: Double) -> MathBox {
        func scaled(_ rect: Rect) -> Rect {
            Rect(x: rect.x * factor, y: rect.y * factor, width: rect.width * factor, height: rect.height * factor)
        }
        func scaled(_ point: Point) -> Point { Point(x: point.x * factor, y: point.y * factor) }
        let items = items.map { item -> MathItem in
            switch item {
            case var .glyphs(run):
                run.size *= factor
                run.glyphs = run.glyphs.map { MathGlyph(id: $0.id, x: $0.x * factor, y: $0.y * factor, text: $0.text) }
                return .glyphs(run)
            case let .rule(rect, color): return .rule(scaled(rect), color)
            case let .line(from, to, width, color): return .line(from: scaled(from), to: scaled(to), width: width * factor, color)
            case let .frame(rect, width, color): return .frame(scaled(rect), width: width * factor, color)
            case let .link(label, rect): return .link(label: label, scaled(rect))
            }
        }
        return MathBox(width: width * factor, height: height * factor, depth: depth * factor, items: items,
                       taggedRows: taggedRows.map { MathBox.TaggedRow(baseline: $0.baseline * factor, tag: $0.tag) })
    }
}
