import Foundation
import LetterpressCore
import LetterpressMarkup

/// `{pattern: regex, style: {attributes}, group: 1}`.
struct HighlightSpec: Codable {
    var pattern: String
    var style: InlineAttributes
    /// The capture group the style goes to; the whole match without one.
    var group: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case pattern, style, group
    }
}
