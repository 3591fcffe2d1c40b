import Foundation
import LetterpressCore

/// `toc: true`, or `toc: {depth: 2, title: Contents}`: a table of contents, listing headings
/// down to level `depth` under `title` (an empty title: none).
public struct ContentsSetting: Sendable, Equatable, Decodable {
    /// The deepest heading level listed, 1 to 6.
    public var depth = 3
    /// The title above the entries; empty for none.
    public var title = "Contents"

    /// Contents down to level `depth`, under `title`.
    public init(depth: Int = 3, title: String = "Contents") {
        self.depth = depth
        self.title = title
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case depth, title }

    /// Any key, to name one `toc:` does not take rather than pass over it.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes `true` (the defaults), `false` (nil: see `FrontMatterReader`) or a mapping.
    public init(from decoder: Decoder) throws {
        if (try? decoder.singleValueContainer().decode(Bool.self)) != nil { return }
        let keys = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = keys.allKeys.first(where: { CodingKeys(rawValue: $0.stringValue) == nil }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: keys, debugDescription:
                "\(Excerpt.quoted(unknown.stringValue)) is not a contents setting (toc takes depth and title)")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        depth = try container.decodeIfPresent(Int.self, forKey: .depth) ?? depth
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? title
        guard (1...6).contains(depth) else {
            throw DecodingError.dataCorruptedError(forKey: .depth, in: container, debugDescription: "depth is a heading level, 1 to 6")
        }
    }
}
