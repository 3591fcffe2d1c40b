import Foundation

/// A shape text flows around, in points from the page's top-left corner.
public enum ExclusionShape: Sendable, Equatable {
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
            let first = max(0, Int(((top - margin - rect.y) / rowHeight).rounded(.down)))
            let last = min(rows.count - 1, Int(((bottom + margin - rect.y) / rowHeight).rounded(.up)))
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

/// A shape on a page and the space it keeps clear around itself.
public struct Exclusion: Sendable, Equatable {
    public var page: Int
    public var shape: ExclusionShape
    public var margin: Double

    public init(page: Int, shape: ExclusionShape, margin: Double = 0) {
        self.page = page
        self.shape = shape
        self.margin = margin
    }
}

/// The shapes on each page, answering "which spans of this band are free?".
///
/// Text is fitted one line at a time: a paragraph laid out at one width cannot flow around a
/// circle, because each line's free width depends on the height at which it lands, and that
/// depends on the lines above it. So a line that meets a shape is laid out alone in each free
/// span of its band, left to right.
public struct ExclusionMap: Sendable {
    private var byPage: [Int: [Exclusion]] = [:]

    /// Free spans narrower than this are skipped: no line of one or two letters beside a shape.
    public var minimumSpan: Double = 36

    public init(_ exclusions: [Exclusion] = []) {
        for exclusion in exclusions { add(exclusion) }
    }

    public mutating func add(_ exclusion: Exclusion) {
        byPage[exclusion.page, default: []].append(exclusion)
    }

    public func exclusions(onPage page: Int) -> [Exclusion] { byPage[page] ?? [] }

    public var isEmpty: Bool { byPage.isEmpty }

    /// Whether any shape on `page` reaches into the band `top…bottom` between `left` and `right`.
    public func blocks(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> Bool {
        (byPage[page] ?? []).contains { exclusion in
            guard let blocked = exclusion.shape.blockedInterval(top: top, bottom: bottom, margin: exclusion.margin) else { return false }
            return blocked.upperBound > left && blocked.lowerBound < right
        }
    }

    /// The lowest bottom edge (margin included) of the shapes that block the band, so that a
    /// block that cannot wrap can move below them.
    public func clearance(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> Double? {
        (byPage[page] ?? []).compactMap { exclusion -> Double? in
            guard let blocked = exclusion.shape.blockedInterval(top: top, bottom: bottom, margin: exclusion.margin),
                  blocked.upperBound > left, blocked.lowerBound < right else { return nil }
            return exclusion.shape.verticalExtent.upperBound + exclusion.margin
        }.max()
    }

    /// The free spans of `left…right` in the band `top…bottom` on `page`, left to right,
    /// without those narrower than `minimumSpan`.
    public func freeSpans(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> [ClosedRange<Double>] {
        let blocked = (byPage[page] ?? [])
            .compactMap { $0.shape.blockedInterval(top: top, bottom: bottom, margin: $0.margin) }
            .filter { $0.upperBound > left && $0.lowerBound < right }
            .sorted { $0.lowerBound < $1.lowerBound }
        var spans: [ClosedRange<Double>] = []
        var cursor = left
        for interval in blocked {
            if interval.lowerBound > cursor { spans.append(cursor...min(interval.lowerBound, right)) }
            cursor = max(cursor, interval.upperBound)
        }
        if cursor < right { spans.append(cursor...right) }
        return spans.filter { $0.upperBound - $0.lowerBound >= minimumSpan }
    }
}
