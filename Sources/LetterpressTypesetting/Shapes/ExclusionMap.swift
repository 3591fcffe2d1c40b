import Foundation

/// The shapes on each page, answering "which spans of this band are free?".
///
/// Text is fitted one line at a time: a paragraph laid out at one width cannot flow around a
/// circle, because each line's free width depends on the height at which it lands, and that
/// depends on the lines above it. So a line that meets a shape is laid out alone in each free
/// span of its band, left to right.
package struct ExclusionMap: Sendable {
    private var byPage: [Int: [Exclusion]] = [:]

    /// Free spans narrower than this are skipped: no line of one or two letters beside a shape.
    package var minimumSpan: Double = 36

    package init(_ exclusions: [Exclusion] = []) {
        for exclusion in exclusions { add(exclusion) }
    }

    package mutating func add(_ exclusion: Exclusion) {
        byPage[exclusion.page, default: []].append(exclusion)
    }

    package func exclusions(onPage page: Int) -> [Exclusion] { byPage[page] ?? [] }

    package var isEmpty: Bool { byPage.isEmpty }

    /// Whether any shape on `page` reaches into the band `top…bottom` between `left` and `right`.
    package func blocks(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> Bool {
        (byPage[page] ?? []).contains { exclusion in
            guard let blocked = exclusion.shape.blockedInterval(top: top, bottom: bottom, margin: exclusion.margin) else { return false }
            return blocked.upperBound > left && blocked.lowerBound < right
        }
    }

    /// The lowest bottom edge (margin included) of the shapes that block the band, so that a
    /// block that cannot wrap can move below them.
    package func clearance(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> Double? {
        (byPage[page] ?? []).compactMap { exclusion -> Double? in
            guard let blocked = exclusion.shape.blockedInterval(top: top, bottom: bottom, margin: exclusion.margin),
                  blocked.upperBound > left, blocked.lowerBound < right else { return nil }
            return exclusion.shape.verticalExtent.upperBound + exclusion.margin
        }.max()
    }

    /// The free spans of `left…right` in the band `top…bottom` on `page`, left to right,
    /// without those narrower than `minimumSpan`.
    package func freeSpans(page: Int, top: Double, bottom: Double, left: Double, right: Double) -> [ClosedRange<Double>] {
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
