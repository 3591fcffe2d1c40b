import Foundation

/// A definition list's look as a theme writes it: its terms' style and how far its
/// definitions are indented.
struct DefinitionListSpec: Codable {
    var term: StyleSpec?
    var indent: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case term, indent
    }
}
