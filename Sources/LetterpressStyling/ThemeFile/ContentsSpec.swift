import Foundation

/// The table of contents' look: its title, its entries (all, then each level of indent), the
/// leader between an entry and its page number, and the indent of each level.
public struct ContentsSpec: Codable, Sendable {
    /// The title, over the second-level heading's look.
    public var title: StyleSpec?
    /// Every entry, over the body's look.
    public var entry: StyleSpec?
    /// Entries by level of indent, each over ``ContentsSpec/entry``.
    public var levels: [StyleSpec]?
    /// Repeated, with a space between, from an entry to its page number; `""` for none.
    public var leader: String?
    /// The indent of each level, in points, 0 to 1000.
    public var indent: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, entry, levels, leader, indent
    }

    /// A table of contents that sets nothing.
    public init() {}
}
