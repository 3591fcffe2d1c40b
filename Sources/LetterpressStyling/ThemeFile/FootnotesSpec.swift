import Foundation
import LetterpressCore
import LetterpressMarkup

/// The footnotes as a theme writes them: an element's style, and where they go. `footnotes:
/// page` alone is short for `footnotes: {place: page}` (`ThemeLoader` expands it before
/// merging, so that it keeps the style of the theme it extends).
struct FootnotesSpec: Codable {
    var style: StyleSpec
    var place: FootnotePlacement?

    /// The keys beside the element's style; `ThemeSchema` lists both.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case place
    }

    /// An empty one, for `CompiledDefaultTheme` to set field by field.
    init() {
        style = StyleSpec()
    }

    init(from decoder: any Decoder) throws {
        style = try StyleSpec(from: decoder)
        place = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(FootnotePlacement.self, forKey: .place)
    }

    func encode(to encoder: any Encoder) throws {
        try style.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(place, forKey: .place)
    }
}
