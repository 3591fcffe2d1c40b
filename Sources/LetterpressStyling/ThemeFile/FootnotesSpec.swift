import Foundation
import LetterpressCore
import LetterpressMarkup

/// The footnotes as a theme writes them: an element's style, and where they go. `footnotes:
/// page` alone is short for `footnotes: {place: page}` (`ThemeLoader` expands it before
/// merging, so that it keeps the style of the theme it extends).
public struct FootnotesSpec: Codable, Sendable {
    /// Their look, over the body's, its keys beside ``FootnotesSpec/place`` in the YAML.
    public var style: StyleSpec
    /// At the end of the document (the default), or at the foot of each note's page.
    public var place: FootnotePlacement?

    /// The keys beside the element's style; `ThemeSchema` lists both.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case place
    }

    /// Footnotes that set nothing.
    public init() {
        style = StyleSpec()
    }

    /// Reads the style's keys and `place` from one mapping.
    public init(from decoder: any Decoder) throws {
        style = try StyleSpec(from: decoder)
        place = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(FootnotePlacement.self, forKey: .place)
    }

    /// Writes the style's keys and `place` into one mapping.
    public func encode(to encoder: any Encoder) throws {
        try style.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(place, forKey: .place)
    }
}
