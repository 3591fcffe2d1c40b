import Foundation

/// The table of contents' look: its title, its entries (all, then each level of indent), the
/// leader between an entry and its page number, and the indent of each level.
struct ContentsSpec: Codable {
    var title: StyleSpec?
    var entry: StyleSpec?
    var levels: [StyleSpec]?
    var leader: String?
    var indent: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, entry, levels, leader, indent
    }
}
