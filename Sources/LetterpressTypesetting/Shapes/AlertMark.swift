import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// The small mark before a call-out's title, drawn with shapes and lines (no font has them all):
/// GitHub's and Obsidian's icons made simple. Note and info: `i` in a circle; tip: a light bulb;
/// important: `!` in a speech bubble; warning: `!` in a triangle; caution: `!` in an octagon;
/// abstract: a page of lines; todo: a tick in a circle; success: a tick; question: `?` in a
/// circle; failure: a cross; danger: a lightning bolt; bug: a beetle; example: a list; quote:
/// two quotation marks; plain: none.
enum AlertMark {
    /// The items that draw `kind`'s mark in the square of side `side` centred on `center`.
    static func items(_ kind: AlertKind, center: Point, side: Double, color: Color) -> [PageItem] {
        let r = side / 2
        let stroke = side * 0.1
        func point(_ dx: Double, _ dy: Double) -> Point { Point(x: center.x + dx * r, y: center.y + dy * r) }
        func outline(_ points: [Point]) -> PageItem { .shape(.polygon(points), fill: nil, stroke: color, width: stroke) }
        func dot(_ dx: Double, _ dy: Double, _ radius: Double) -> PageItem {
            .shape(.circle(center: point(dx, dy), radius: radius), fill: color, stroke: nil, width: 0)
        }
        /// An open line through `points`, in halves of the side from the centre.
        func polyline(_ points: [(Double, Double)], width: Double = stroke) -> [PageItem] {
            zip(points, points.dropFirst()).map { .line(from: point($0.0, $0.1), to: point($1.0, $1.1), color, width: width) }
        }
        let tick = polyline([(-0.55, 0.02), (-0.15, 0.42), (0.6, -0.4)], width: stroke * 1.3)
        /// An exclamation mark from `top` to `bottom` (in halves of the side, from the centre).
        func exclamation(_ top: Double, _ bottom: Double) -> [PageItem] {
            let dotY = bottom + 0.08
            return [.line(from: point(0, top), to: point(0, dotY - 0.3), color, width: stroke * 1.2),
                    .shape(.circle(center: point(0, dotY), radius: stroke * 0.75), fill: color, stroke: nil, width: 0)]
        }
        switch kind {
        case .note, .info:
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
        case .abstract:
            let page = [point(-0.7, -0.9), point(0.7, -0.9), point(0.7, 0.9), point(-0.7, 0.9)]
            return [outline(page)] + [-0.45, -0.05, 0.35].flatMap { polyline([(-0.4, $0), (0.4, $0)]) }
        case .todo:
            return [.shape(.circle(center: center, radius: r * 0.9), fill: nil, stroke: color, width: stroke)]
                + polyline([(-0.4, 0.02), (-0.1, 0.32), (0.42, -0.28)], width: stroke * 1.2)
        case .success:
            return tick
        case .question:
            let hook = stride(from: -180.0, through: 70.0, by: 25.0).map { degrees -> (Double, Double) in
                let angle = degrees * Double.pi / 180
                return (0.3 * cos(angle), -0.28 + 0.3 * sin(angle))
            }
            return [.shape(.circle(center: center, radius: r * 0.9), fill: nil, stroke: color, width: stroke)]
                + polyline(hook + [(0, 0.18)], width: stroke * 1.1) + [dot(0, 0.46, stroke * 0.7)]
        case .failure:
            return polyline([(-0.6, -0.6), (0.6, 0.6)], width: stroke * 1.3) + polyline([(0.6, -0.6), (-0.6, 0.6)], width: stroke * 1.3)
        case .danger:
            let bolt = [point(0.15, -0.95), point(-0.6, 0.12), point(-0.02, 0.12), point(-0.15, 0.95), point(0.6, -0.12),
                        point(0.02, -0.12)]
            return [.shape(.polygon(bolt), fill: color, stroke: nil, width: 0)]
        case .bug:
            let body = [point(0, -0.5), point(0.42, -0.28), point(0.48, 0.3), point(0, 0.75), point(-0.48, 0.3), point(-0.42, -0.28)]
            let legs = [-0.1, 0.3].flatMap { y in polyline([(-0.45, y), (-0.85, y - 0.15)]) + polyline([(0.45, y), (0.85, y - 0.15)]) }
            return [outline(body), dot(0, -0.68, r * 0.2)] + legs + polyline([(0, -0.2), (0, 0.6)])
        case .example:
            return [-0.55, 0, 0.55].flatMap { y in [dot(-0.7, y, stroke * 0.8)] + polyline([(-0.35, y), (0.8, y)]) }
        case .quote:
            return [-0.4, 0.35].flatMap { x in [dot(x, -0.2, r * 0.26)] + polyline([(x + 0.24, -0.2), (x - 0.05, 0.45)], width: stroke * 1.1) }
        case .plain:
            return []
        }
    }
}
