import Foundation

/// A definition list's look as a theme writes it: its terms' style and how far its
/// definitions are indented.
public struct DefinitionListSpec: Codable, Sendable {
    /// The terms, over the body's look.
    public var term: StyleSpec?
    /// The definitions' indent, in points.
    public var indent: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case term, indent
    }

    /// A definition list that sets nothing.
    public init() {}
}
