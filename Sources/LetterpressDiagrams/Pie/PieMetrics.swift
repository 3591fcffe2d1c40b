import LetterpressCore

/// The sizes and colours of a pie chart, resolved once from the style: lengths in points,
/// proportional to the font size, after the proportions of Mermaid's own drawing (a disc of
/// radius 185 px for 17 px text, the legend to its right, the title above).
struct PieMetrics {
    let fontSize: Double
    let titleSize: Double
    let radius: Double
    /// Where a slice's percentage is centred, from the centre: Mermaid's `textPosition`, 0.75.
    let textRadius: Double
    /// Between the disc and the legend's squares.
    let legendGap: Double
    let square: Double
    /// Between a square and its label.
    let squareGap: Double
    let rowHeight: Double
    /// Between the title's baseline and the disc.
    let titleGap: Double
    /// How far below a line's middle its baseline is.
    let baselineDrop: Double
    let margin: Double
    let strokeWidth: Double

    /// The slices' fills, taken in turn (Mermaid's `pie1` … `pie12`).
    let palette: [Color]
    /// Mermaid lays its slices and their outlines on at 70 % opacity.
    let sliceOpacity = 0.7
    let sliceStroke: Color
    let outerStroke: Color
    let title: Color
    let percentText: Color
    let legendText: Color

    init(style: DiagramStyle) {
        let size = style.fontSize
        fontSize = size
        titleSize = size * 1.25
        radius = size * 9
        textRadius = radius * 0.75
        legendGap = size * 1.8
        square = size * 1.05
        squareGap = size * 0.3
        rowHeight = size * 1.3
        titleGap = size * 0.9
        baselineDrop = size * 0.35
        margin = size * 0.4
        strokeWidth = size * 0.12

        let colors = style.chartColors
        palette = Self.palette(style).enumerated().map { colors["pie\($0.offset + 1)"] ?? $0.element }
        sliceStroke = colors["pieStrokeColor"] ?? style.lineColor
        outerStroke = colors["pieOuterStrokeColor"] ?? style.lineColor
        title = colors["pieTitleTextColor"] ?? style.textColor
        percentText = colors["pieSectionTextColor"] ?? style.textColor
        legendText = colors["pieLegendTextColor"] ?? style.textColor
    }

    /// Twelve fills derived from the theme's node and group fills as Mermaid's default theme
    /// derives `pie1` … `pie12` from its primary, secondary and tertiary colours (so that the
    /// `default` theme, whose fills are Mermaid's, gets Mermaid's own): hues turned and
    /// lightness stepped down, or up on a dark page, where the text on the slices is light.
    static func palette(_ style: DiagramStyle) -> [Color] {
        let primary = chartBase(style.nodeFill)
        let dark = style.nodeFill.luminance < 0.5
        // The group fill as the second colour when it is a colour of its own (in `default`,
        // Mermaid's pale yellow); else one from the opposite side of the colour wheel.
        let secondary = isDistinct(style.clusterFill, from: primary) ? style.clusterFill : primary.adjusted(hue: 180)
        let tertiary = primary.adjusted(hue: -160)
        let steps: [(Color, hue: Double, lightness: Double)] = [
            (primary, 0, 0), (secondary, 0, 0), (tertiary, 0, -40), (primary, 0, -10), (secondary, 0, -30), (tertiary, 0, -20),
            (primary, 60, -20), (primary, -60, -40), (primary, 120, -40), (primary, 60, -40), (primary, -90, -40), (primary, 120, -30),
        ]
        return steps.map { $0.0.adjusted(hue: $0.hue, lightness: dark ? -$0.lightness / 2 : $0.lightness) }
    }

    /// `fill` as a chart's base colour: saturated at least half way, so that turning its hue
    /// gives colours apart; a grey takes the hue of Mermaid's own blue.
    static func chartBase(_ fill: Color) -> Color {
        let (hue, saturation, lightness) = fill.hsl
        return Color(hue: saturation < 0.15 ? 240 : hue, saturation: max(0.5, saturation), lightness: lightness, alpha: fill.alpha)
    }

    /// Whether `color` is a colour (not a grey) whose hue is a twelfth of a turn or more from `base`'s.
    private static func isDistinct(_ color: Color, from base: Color) -> Bool {
        let (hue, saturation, _) = color.hsl
        let difference = abs(hue - base.hsl.hue)
        return saturation >= 0.2 && min(difference, 360 - difference) >= 30
    }
}
