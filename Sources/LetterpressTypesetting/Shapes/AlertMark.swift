import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// The small mark before an alert's title, drawn with shapes and lines (no font has all five):
/// GitHub's icons made simple. Note: `i` in a circle; tip: a light bulb; important: `!` in a
/// speech bubble; warning: `!` in a triangle; caution: `!` in an octagon.
enum AlertMark {
    /// The items that draw `kind`'s mark in the square of side `side` centred on `center`.
    static func items(_ kind: AlertKind, center: Point, side: Double, color: Color) -> [PageItem] {
        let r = side / 2
        let stroke = side * 0.1
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: center.x + dx * r, y: center.y + dy * r) }
        func outline(_ points: [Point]) -> PageItem { .shape(.polygon(points), fill: nil, stroke: color, width: stroke) }
        /// An exclamation mark from `top` to `bottom` (in halves of the side, from the centre).
        func exclamation(_ top: Double, _ bottom: Double) -> [PageItem] {
            let dotY = bottom + 0.08
            return [.line(from: point(0, top), to: point(0, dotY - 0.3), color, width: stroke * 1.2),
                    .shape(.circle(center: point(0, dotY), radius: stroke * 0.75), fill: color, stroke: nil, width: 0)]
        }
        switch kind {
        case .note:
            return [.shape(.circle(center: center, radius: r * 0.9), fill: nil, stroke: color, width: stroke),
                    .shape(.circle(center: point(0, -0.42), radius: stroke * 0.75), fill: color, stroke: nil, width: 0),
                    .line(from: point(0, -0.18), to: point(0, 0.5), color, width: stroke * 1.2)]
        case .tip:
            return [.shape(.circle(center: point(0, -0.25), radius: r * 0.6), fill: nil, stroke: color, width: stroke),
                    .line(from: point(-0.3, 0.58), to: point(0.3, 0.58), color, width: stroke),
                    .line(from: point(-0.2, 0.82), to: point(0.2, 0.82), color, width: stroke)]
        case .important:
            let bubble = [point(-0.9, -0.8), point(0.9, -0.8), point(0.9, 0.45), point(-0.1, 0.45), point(-0.55, 0.9),
                          point(-0.5, 0.45), point(-0.9, 0.45)]
            return [outline(bubble)] + exclamation(-0.55, 0.1)
        case .warning:
            return [outline([point(0, -0.95), point(0.98, 0.8), point(-0.98, 0.8)])] + exclamation(-0.35, 0.42)
        case .caution:
            let octagon = (0..<8).map { step -> Point in
                let angle = Double.pi / 8 + Double(step) * Double.pi / 4
                return point(0.92 * cos(angle), 0.92 * sin(angle))
            }
            return [outline(octagon)] + exclamation(-0.5, 0.35)
        }
    }
}
