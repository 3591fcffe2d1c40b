import Foundation

/// A running header or footer: three templates (`{page}`, `{pages}`, `{title}`, `{author}`,
/// `{date}`, and the note's `{{variables}}`) and their style.
public struct HeaderFooterSpec: Codable, Sendable {
    /// The template at the left.
    public var left: String?
    /// The template in the middle.
    public var center: String?
    /// The template at the right.
    public var right: String?
    /// Its text's look, over the body's, smaller and grey.
    public var style: StyleSpec?
    /// Whether the first page has it too; it does unless `false`.
    public var firstPage: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case left, center, right, style, firstPage
    }

    /// A header or footer of these templates, `nil` ones empty, in `style` over the body's.
    public init(left: String? = nil, center: String? = nil, right: String? = nil, style: StyleSpec? = nil, firstPage: Bool? = nil) {
        self.left = left
        self.center = center
        self.right = right
        self.style = style
        self.firstPage = firstPage
    }
}
