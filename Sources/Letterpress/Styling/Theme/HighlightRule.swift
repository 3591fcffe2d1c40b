import Foundation

/// A regular expression and the style its matches get.
public struct HighlightRule: Sendable, Encodable {
    public let pattern: String
    public var style: InlineAttributes
    /// `pattern`, compiled once when the theme is loaded; every document's styler matches
    /// with it (matching is safe from several threads).
    public let expression: NSRegularExpression

    /// A pattern that is not a regular expression, and its place among the theme's rules.
    public struct InvalidPattern: Error {
        public let index: Int
        public let pattern: String
    }

    init(pattern: String, style: InlineAttributes, index: Int) throws(InvalidPattern) {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            throw InvalidPattern(index: index, pattern: pattern)
        }
        self.pattern = pattern
        self.style = style
        self.expression = expression
    }

    private enum CodingKeys: String, CodingKey {
        case pattern, style
    }
}
