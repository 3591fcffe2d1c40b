import Foundation
import LetterpressCore

/// Where a theme sets footnotes: together at the end of the document, or each at the foot of
/// the page of its first reference.
public enum FootnotePlacement: String, Sendable, Codable, CaseIterable {
    case end, page

    /// A theme's `footnotes.place`, refused with the two values it may take.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(String.self)
        guard let placement = FootnotePlacement(rawValue: value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(Excerpt.quoted(value)) is neither 'end' nor 'page'")
        }
        self = placement
    }
}
