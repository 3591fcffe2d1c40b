import Foundation
import LetterpressStyling

extension Collector {
    /// The most `allowsTightening` takes from the space between letters, as a share of each
    /// run's size: closer, letters touch.
    static let largestTightening = 0.05

    /// The text of `setting` fitted to its `lineLimit` lines (one when it has none), as SwiftUI
    /// fits a `Text` in its frame: its letters drawn closer (`allowsTightening`, as little as
    /// fits), then its sizes shrunk (`minimumScaleFactor`, as little as fits, tightened as far
    /// as allowed first). Text that does not fit even so keeps the smallest setting, and is
    /// broken or truncated as any other.
    func fitted(_ setting: ParagraphSetting) -> StyledText {
        guard let fitting = setting.text.fitting else { return setting.text }
        let limit = setting.text.lineLimit?.lines ?? 1
        func fits(scale: Double, tightening: Double) -> Bool {
            let text = setting.text.fitted(scale: scale, tightening: tightening)
            let layout = TextLayout(text, width: setting.column.width, align: setting.style.align, lineHeight: setting.style.lineHeight,
                                    context: fonts, direction: setting.direction)
            return layout.lines.count <= limit
        }
        guard !fits(scale: 1, tightening: 0) else { return setting.text }
        let tightening = fitting.allowsTightening ? Self.largestTightening : 0
        if tightening > 0, fits(scale: 1, tightening: tightening) {
            let least = Self.smallest(in: 0...tightening) { fits(scale: 1, tightening: $0) }
            return setting.text.fitted(scale: 1, tightening: least)
        }
        let smallestScale = fitting.minimumScaleFactor
        guard smallestScale < 1 else { return setting.text.fitted(scale: 1, tightening: tightening) }
        guard fits(scale: smallestScale, tightening: tightening) else {
            return setting.text.fitted(scale: smallestScale, tightening: tightening)
        }
        // The largest scale that fits: fitting is monotonic in the scale, so halving the range
        // eight times finds it within 1/256 of the range.
        var (low, high) = (smallestScale, 1.0)
        for _ in 0..<8 {
            let middle = (low + high) / 2
            if fits(scale: middle, tightening: tightening) { low = middle } else { high = middle }
        }
        return setting.text.fitted(scale: low, tightening: tightening)
    }

    /// The smallest value in `range` for which `works` holds, `works` holding at its upper
    /// bound and growing with the value.
    private static func smallest(in range: ClosedRange<Double>, _ works: (Double) -> Bool) -> Double {
        var (low, high) = (range.lowerBound, range.upperBound)
        for _ in 0..<6 {
            let middle = (low + high) / 2
            if works(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
