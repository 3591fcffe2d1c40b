import Foundation
import LetterpressCore
import Synchronization

/// What the theme's highlight rules may spend matching one document, so that a rule that
/// backtracks catastrophically (`(a+)+$` over a long run of `a`) gives up, with a warning,
/// instead of running for hours.
///
/// ICU, under `NSRegularExpression`, calls the progress block once per 10 000 backtracking
/// steps (about a millisecond) and once per start position it moves to, and the block cannot
/// tell which. So each text may spend one call per position it can move to (its length, less
/// what matches cover; none for a rule that only matches at the start), and beyond those each
/// rule draws on a reserve of `reserve` calls, grown by one for every `charactersPerCall`
/// characters of text matched. A rule that spends its reserve is not applied to the rest of
/// the document.
final class HighlightBudget: Sendable {
    static let reserve = 200
    static let charactersPerCall = 1000

    /// Each rule's reserve, by its index; nil once the rule has given up. Behind a lock: a
    /// `Styler` is `Sendable`, and its copies, which may style on other threads, share it.
    private let reserves: Mutex<[Int?]>

    init(rules: Int) {
        reserves = Mutex(Array(repeating: Self.reserve, count: rules))
    }

    /// The UTF-16 ranges of `rule`'s matches in `string` (of its group, where it sets one and
    /// the group took part), in order; none once the rule has spent its reserve, with a
    /// warning the time it does.
    func matches(of rule: HighlightRule, in string: String, note: String, warnings: inout [Warning]) -> [NSRange] {
        guard var reserve = reserves.withLock({ $0[rule.index] }) else { return [] }
        let length = string.utf16.count
        reserve += length / Self.charactersPerCall
        var credit = rule.reportsPositions ? length + 1 : 0
        var calls = 0
        var ranges: [NSRange] = []
        var gaveUp = false
        rule.expression.enumerateMatches(in: string, options: .reportProgress, range: NSRange(location: 0, length: length)) { match, _, stop in
            if let match {
                let styled = match.range(at: rule.group)
                if styled.location != NSNotFound { ranges.append(styled) }
                credit -= match.range.length
                return
            }
            calls += 1
            if calls > credit + reserve {
                gaveUp = true
                stop.pointee = true
            }
        }
        guard !gaveUp else {
            reserves.withLock { $0[rule.index] = nil }
            warnings.append(Warning(code: .highlightPatternBudget, file: rule.file, location: rule.location, message:
                "highlights[\(rule.index)].pattern \(Excerpt.quoted(rule.pattern)) backtracks past its budget (see docs/limits.md), so it is not applied to the rest of \(note)"))
            return []
        }
        reserves.withLock { $0[rule.index] = reserve - max(0, calls - credit) }
        return ranges
    }
}
