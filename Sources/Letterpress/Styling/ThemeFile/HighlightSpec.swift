import Foundation

/// `{pattern: regex, style: {attributes}}`.
struct HighlightSpec: Codable {
    var pattern: String
    var style: InlineAttributes

    enum CodingKeys: String, CodingKey, CaseIterable {
        case pattern, style
    }
}
