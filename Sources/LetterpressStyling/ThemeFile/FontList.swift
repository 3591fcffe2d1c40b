import Foundation

/// A font family list, written as a YAML list or a comma-separated string.
struct FontList: Codable, Equatable {
    var families: [String]

    init(families: [String]) {
        self.families = families
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            families = list
        } else {
            families = try container.decode(String.self).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        families = families.filter { !$0.isEmpty }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(families)
    }
}
