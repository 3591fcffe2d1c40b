import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A shape text flows around, in points from the page's top-left corner.
package enum ExclusionShape: Sendable, Equatable {
    case circle(center: Point, radius: Double)
    case rect(Rect)
    case polygon([Point])
    /// An image's opaque outline: for each pixel row of `rect`, the opaque horizontal extent as
    /// fractions of the width (nil for a transparent row).
    case outline(Rect, rows: [ClosedRange<Double>?])

    /// The shape's vertical extent.
    var verticalExtent: ClosedRange<Double> {
        switch self {
        case let .circle(center, radius): return (center.y - radius)...(center.y + radius)
        case let .rect(rect), let .outline(rect, _): return rect.y...rect.maxY
        case let .polygon(points):
            let ys = points.map(\.y)
            return (ys.min() ?? 0)...(ys.max() ?? 0)
        }
    }

    /// The horizontal interval the shape, grown by `margin`, covers anywhere between `top` and
    /// `bottom`; nil when it does not reach into that band.
    func blockedInterval(top: Double, bottom: Double, margin: Double) -> ClosedRange<Double>? {
        switch self {
        case let .circle(center, radius):
            // The widest chord of the grown circle within the band: dx = √(R² − dy²) at the
            // band's y nearest the centre.
            let grown = radius + margin
            let dy = center.y < top ? top - center.y : center.y > bottom ? center.y - bottom : 0
            guard dy < grown else { return nil }
            let dx = (grown * grown - dy * dy).squareRoot()
            return (center.x - dx)...(center.x + dx)
        case let .rect(rect):
            guard rect.y - margin < bottom, rect.maxY + margin > top else { return nil }
            return (rect.x - margin)...(rect.maxX + margin)
        case let .polygon(points):
            return Self.polygonInterval(points, top: top - margin, bottom: bottom + margin).map {
                ($0.lowerBound - margin)...($0.upperBound + margin)
            }
        case let .outline(rect, rows):
            guard !rows.isEmpty, rect.y - margin < bottom, rect.maxY + margin > top else { return nil }
            let rowHeight = rect.height / Double(rows.count)
            // Clamped as doubles: a row too thin to see puts the quotients past Int's range.
            let rowRange = 0...Double(rows.count - 1)
            let first = Int(((top - margin - rect.y) / rowHeight).rounded(.down).clamped(to: rowRange))
            let last = Int(((bottom + margin - rect.y) / rowHeight).rounded(.up).clamped(to: rowRange))
            guard first <= last else { return nil }
            let covered = rows[first...last].compactMap { $0 }
            guard let left = covered.map(\.lowerBound).min(), let right = covered.map(\.upperBound).max() else { return nil }
            return (rect.x + left * rect.width - margin)...(rect.x + right * rect.width + margin)
        }
    }

    /// The x extent of the part of a polygon between `top` and `bottom`: its vertices inside
    /// the band and the points where its edges cross the band's edges.
    private static func polygonInterval(_ points: [Point], top: Double, bottom: Double) -> ClosedRange<Double>? {
        guard points.count >= 3 else { return nil }
        var xs: [Double] = []
        for (index, a) in points.enumerated() {
            let b = points[(index + 1) % points.count]
            if a.y >= top && a.y <= bottom { xs.append(a.x) }
            for edge in [top, bottom] where (a.y - edge) * (b.y - edge) < 0 {
                xs.append(a.x + (b.x - a.x) * (edge - a.y) / (b.y - a.y))
            }
        }
        guard let low = xs.min(), let high = xs.max() else { return nil }
        return low...high
    }
}
