import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A closed outline to draw.
package enum ShapePath: Sendable, Equatable {
    case circle(center: Point, radius: Double)
    case polygon([Point])

    func offsetBy(dx: Double) -> ShapePath {
        switch self {
        case let .circle(center, radius): return .circle(center: Point(x: center.x + dx, y: center.y), radius: radius)
        case let .polygon(points): return .polygon(points.map { Point(x: $0.x + dx, y: $0.y) })
        }
    }

    func offsetBy(dy: Double) -> ShapePath {
        switch self {
        case let .circle(center, radius): return .circle(center: Point(x: center.x, y: center.y + dy), radius: radius)
        case let .polygon(points): return .polygon(points.map { Point(x: $0.x, y: $0.y + dy) })
        }
    }
}
