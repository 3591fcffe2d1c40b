import Foundation

/// A font family list, first choice first, written as a YAML list or a comma-separated string.
public struct FontList: Codable, Equatable, Sendable {
    /// The families, first choice first.
    public var families: [String]

    /// The list of `families`, first choice first.
    public init(families: [String]) {
        self.families = families
    }

    /// Reads a list, or a string of names between commas.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            families = list
        } else {
            families = try container.decode(String.self).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        families = families.filter { !$0.isEmpty }
    }

    /// Writes the list.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(families)
    }
}
