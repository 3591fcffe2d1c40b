import Foundation
import LetterpressCore
import LetterpressMarkup

/// The look of an inline element (`link`, `inlineCode`): what it changes in the text around it.
struct InlineStyleSpec: Codable {
    var font: FontList?
    var size: Double?
    var fontWeight: FontWeight?
    var italic: Bool?
    var foregroundColor: Color?
    var backgroundColor: Color?
    var underline: Bool?
}

extension InlineStyleSpec {
    typealias Field = StyleKey<InlineStyleSpec, InlineStyle>

    /// The keys an inline element's style may set, as `StyleSpec.fields` lists an element's: all
    /// it applies.
    static let fields: [Field] = [
        Field("font", \.font, "font families, first choice first: one name, or a list") { $1.fontFamilies = $0.families },
        Field("size", \.size, ThemeRanges.relativeSize, "the text's size") { $1.scale = $0 },
        Field("fontWeight", \.fontWeight, formerly: "weight",
              "the weight: `thin` `ultraLight` `light` `regular` `medium` `semibold` `bold` `heavy` `black`") { $1.weight = $0 },
        Field("italic", \.italic, "`true` for italic text, `false` for upright") { $1.italic = $0 },
        Field("foregroundColor", \.foregroundColor, formerly: "color", "the text's colour: a CSS name or `#rrggbb[aa]`") {
            $1.color = $0
        },
        Field("backgroundColor", \.backgroundColor, formerly: "background", "the colour behind the text") { $1.background = $0 },
        Field("underline", \.underline, "`true` underlines the text, `false` takes the underline away") { $1.underline = $0 },
    ]
}
