import Foundation
import LetterpressCore
import LetterpressMarkup

/// A highlight rule: `{pattern: regex, style: {attributes}, group: 1}`.
public struct HighlightSpec: Codable, Sendable {
    /// A regular expression (ICU's), matched against the displayed text.
    public var pattern: String
    /// What its matches get: any keys `^[…](…)` takes, `customStyle` too.
    public var style: InlineAttributes
    /// The capture group the style goes to; the whole match without one.
    public var group: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case pattern, style, group
    }

    /// A rule giving the matches of `pattern` (or their capture group `group`) `style`.
    public init(pattern: String, style: InlineAttributes, group: Int? = nil) {
        self.pattern = pattern
        self.style = style
        self.group = group
    }
}
