import Foundation
import LetterpressCore
import LetterpressMarkup

/// The look of a block element (`body`, `heading`, `quote`, a table's cells…), every key
/// optional; each element applies the keys `docs/themes.md` lists for it.
public struct StyleSpec: Codable, Sendable {
    /// Font families, first choice first.
    public var font: FontList?
    /// The text's size in points, 1 to 400.
    public var size: Double?
    /// The text's weight.
    public var fontWeight: FontWeight?
    /// `true` for italic text, `false` for upright.
    public var italic: Bool?
    /// The text's colour.
    public var foregroundColor: Color?
    /// The colour of the band behind the block.
    public var backgroundColor: Color?
    /// `true` underlines the text, `false` takes the underline away.
    public var underline: Bool?
    /// Space added between letters, in points, -50 to 200.
    public var tracking: Double?
    /// `letterpress`: the text pressed into the paper.
    public var effect: TextEffect?
    /// Baseline to baseline, in multiples of the font's line height, 0.5 to 5.
    public var lineHeight: Double?
    /// Space above the block, in points, -200 to 1000.
    public var spaceBefore: Double?
    /// Space below the block, in points, -200 to 1000.
    public var spaceAfter: Double?
    /// How its lines are aligned.
    public var align: TextAlignment?
    /// Space between the band's edges and the text, in points, 0 to 1000.
    public var padding: Double?
    /// How far the block is indented, its bar in the indent, in points, 0 to 1000.
    public var indent: Double?
    /// The colour of the bar beside the block.
    public var barColor: Color?
    /// The width of the bar beside the block, in points, 0 to 100.
    public var barWidth: Double?
    /// The smallest size `--text-size`, `RenderOptions.textScale` or a size set inline may give.
    public var minSize: Double?
    /// The largest size `--text-size`, `RenderOptions.textScale` or a size set inline may give.
    public var maxSize: Double?

    /// A style that sets nothing.
    public init() {}
}

extension StyleSpec {
    typealias Field = StyleKey<StyleSpec, BlockStyle>

    /// The keys an element's style may set, a row per property, with its former name, its range,
    /// what it sets and what it does to the resolved style: `StyleSection`, the theme schema,
    /// `ThemeRanges` and `ThemeResolver.apply` go by it, and the table of keys in `docs/themes.md`
    /// is checked against it.
    static let fields: [Field] = [
        Field("font", \.font, StyleKeyDoc.font) { font, style in
            if !font.families.isEmpty { style.text.fontFamilies = font.families }
        },
        Field("size", \.size, ThemeRanges.size, "the text's size") { size, style in
            if size > 0 { style.text.size = size }
        },
        Field("fontWeight", \.fontWeight, formerly: "weight",
              StyleKeyDoc.fontWeight) {
            $1.text.weight = $0
        },
        Field("italic", \.italic, StyleKeyDoc.italic) { $1.text.italic = $0 },
        Field("foregroundColor", \.foregroundColor, formerly: "color", StyleKeyDoc.foregroundColor) {
            $1.text.color = $0
        },
        Field("backgroundColor", \.backgroundColor, formerly: "background", "the colour of the band behind the block") {
            $1.background = $0
        },
        Field("underline", \.underline, StyleKeyDoc.underline) {
            $1.text.underline = $0 ? LineDecoration() : nil
        },
        Field("tracking", \.tracking, ThemeRanges.tracking, "space added between letters") { $1.text.tracking = $0 },
        Field("effect", \.effect, "`letterpress`: the text pressed into the paper") { $1.text.effect = $0 },
        Field("lineHeight", \.lineHeight, ThemeRanges.lineHeight, "baseline to baseline, in multiples of the font's line height") {
            if $0 > 0 { $1.lineHeight = $0 }
        },
        Field("spaceBefore", \.spaceBefore, ThemeRanges.spacing, "space above the block") { $1.spaceBefore = $0 },
        Field("spaceAfter", \.spaceAfter, ThemeRanges.spacing, "space below the block") { $1.spaceAfter = $0 },
        Field("align", \.align, "how its lines are aligned: `left` `center` `right` `justify`") { $1.align = $0 },
        Field("padding", \.padding, ThemeRanges.length, "space between the band's edges and the text") { $1.padding = $0 },
        Field("indent", \.indent, ThemeRanges.length, "how far the block is indented, its bar in the indent") { $1.indent = $0 },
        Field("barColor", \.barColor, "the colour of the bar beside the block") { $1.barColor = $0 },
        Field("barWidth", \.barWidth, ThemeRanges.lineWidth, "the width of the bar beside the block") { $1.barWidth = $0 },
        // These bound the size when a theme is scaled, and a size set inline (`ThemeResolver.resolve`).
        Field("minSize", \.minSize, ThemeRanges.size, "the smallest size `--text-size`, `--scale` or a size set inline may give"),
        Field("maxSize", \.maxSize, ThemeRanges.size, "the largest size `--text-size`, `--scale` or a size set inline may give"),
    ]
}
