import Foundation
import LetterpressCore
import LetterpressMarkup

/// The look of an inline element (`link`, `inlineCode`): what it changes in the text around it.
public struct InlineStyleSpec: Codable, Sendable {
    /// Font families, first choice first.
    public var font: FontList?
    /// Its size, in multiples of the text around it, 0.25 to 4.
    public var size: Double?
    /// Its weight.
    public var fontWeight: FontWeight?
    /// `true` for italic text, `false` for upright.
    public var italic: Bool?
    /// Its colour.
    public var foregroundColor: Color?
    /// The colour behind it.
    public var backgroundColor: Color?
    /// `true` underlines it, `false` takes the underline away.
    public var underline: Bool?

    /// A style that changes nothing.
    public init() {}
}

extension InlineStyleSpec {
    typealias Field = StyleKey<InlineStyleSpec, InlineStyle>

    /// The keys an inline element's style may set, as `StyleSpec.fields` lists an element's: all
    /// it applies.
    static let fields: [Field] = [
        Field("font", \.font, StyleKeyDoc.font) { $1.fontFamilies = $0.families },
        Field("size", \.size, ThemeRanges.relativeSize, "the text's size") { $1.scale = $0 },
        Field("fontWeight", \.fontWeight, formerly: "weight",
              StyleKeyDoc.fontWeight) { $1.weight = $0 },
        Field("italic", \.italic, StyleKeyDoc.italic) { $1.italic = $0 },
        Field("foregroundColor", \.foregroundColor, formerly: "color", StyleKeyDoc.foregroundColor) {
            $1.color = $0
        },
        Field("backgroundColor", \.backgroundColor, formerly: "background", "the colour behind the text") { $1.background = $0 },
        Field("underline", \.underline, StyleKeyDoc.underline) { $1.underline = $0 },
    ]
}
