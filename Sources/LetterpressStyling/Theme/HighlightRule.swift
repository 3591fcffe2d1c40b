import Foundation
import LetterpressCore
import LetterpressMarkup

/// A regular expression and the style its matches get.
package struct HighlightRule: Sendable, Encodable {
    package let pattern: String
    package var style: InlineAttributes
    /// The capture group whose text gets the style (0: the whole match). TextKit's notepad
    /// styles its patterns' first group, so that `(\*\w+\*)\s` ends a word at a space without
    /// styling the space.
    package let group: Int
    /// `pattern`, compiled once when the theme is loaded; every document's styler matches
    /// with it (matching is safe from several threads).
    package let expression: NSRegularExpression
    /// The rule's place among the theme's rules, and where its pattern is written, for the
    /// warning when it gives up (see `HighlightBudget`).
    let index: Int
    var file = "theme"
    var location: SourceLocation?
    /// Whether ICU reports each start position it moves to while it searches, as it does for
    /// every pattern but one that can match only at the start of the text (`^(a+)+$`).
    let reportsPositions: Bool

    /// A pattern that is not a regular expression, or a group it does not have, and the
    /// rule's place among the theme's rules.
    package struct InvalidPattern: Error {
        package let index: Int
        package let pattern: String
        /// The rule's key that is wrong (`pattern`, `group`), and what is wrong with it.
        package let key: String
        package let message: String
    }

    init(pattern: String, style: InlineAttributes, group: Int = 0, index: Int) throws(InvalidPattern) {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            throw InvalidPattern(index: index, pattern: pattern, key: "pattern", message: "\(Excerpt.quoted(pattern)) is not a regular expression")
        }
        guard (0...expression.numberOfCaptureGroups).contains(group) else {
            let groups = expression.numberOfCaptureGroups
            throw InvalidPattern(index: index, pattern: pattern, key: "group", message:
                "\(group) is not a group of \(Excerpt.quoted(pattern)), which has \(groups == 1 ? "1 group" : "\(groups) groups")")
        }
        self.pattern = pattern
        self.style = style
        self.group = group
        self.expression = expression
        self.index = index
        reportsPositions = Self.reportsPositions(expression)
    }

    /// Searches a probe of 64 control characters: ICU reports a position for each it moves
    /// past, and those a match covers it skips. The probe stops early, should the pattern
    /// backtrack on it.
    private static func reportsPositions(_ expression: NSRegularExpression) -> Bool {
        let probe = String(repeating: "\u{1}", count: 64)
        var reports = 0
        var covered = 0
        expression.enumerateMatches(in: probe, options: .reportProgress, range: NSRange(location: 0, length: 64)) { match, _, stop in
            if let match { covered += match.range.length } else { reports += 1 }
            if reports > 256 { stop.pointee = true }
        }
        return reports + covered >= 32
    }

    private enum CodingKeys: String, CodingKey {
        case pattern, style, group
    }
}
