import LetterpressCore

/// The sizes and colours of a gantt chart, resolved once from the style: lengths in points,
/// proportional to the font size, after Mermaid's proportions (bars 20 px high, 4 px apart, for
/// 11 px text); colours derived from the theme's node and group fills as Mermaid's default
/// theme derives its own from `#ececff`, so that `default` looks like GitHub's charts: lavender
/// bars with a darker outline, paler active ones, grey done ones, red critical ones, and bands
/// of the node and group fills behind alternate sections.
struct GanttMetrics {
    let fontSize: Double
    let titleSize: Double
    let axisSize: Double
    let barHeight: Double
    let rowGap: Double
    var rowPitch: Double { barHeight + rowGap }
    /// The width of the time axis, from the earliest start to the latest end.
    let timelineWidth: Double
    /// Around the section names, in the column left of the bars.
    let sectionPadding: Double
    /// Between a bar and a label beside it, and inside a bar around its label.
    let textGap: Double
    let cornerRadius: Double
    let strokeWidth: Double
    let gridWidth: Double
    /// From a line's middle down to its baseline.
    let baselineDrop: Double
    let margin: Double

    /// Section names, dates, and task names beside their bars.
    let outsideText: Color
    let title: Color
    let taskFill: Color
    let taskStroke: Color
    let activeFill: Color
    let activeStroke: Color
    let doneFill: Color
    let doneStroke: Color
    let criticalFill: Color
    let criticalStroke: Color
    /// Behind sections 0, 1, 2, 3, then again: Mermaid's four section styles (1 and 3 bare).
    let bands: [Color?]
    let grid: Color
    let excluded: Color
    let marker: Color
    /// The text on a bar of each fill: the text colour or its opposite, whichever reads.
    let lightText: Color
    let darkText: Color

    init(style: DiagramStyle) {
        let size = style.fontSize
        fontSize = size
        titleSize = size * 1.25
        axisSize = size * 0.9
        barHeight = size * 1.8
        rowGap = size * 0.4
        timelineWidth = size * 38
        sectionPadding = size * 0.8
        textGap = size * 0.45
        cornerRadius = size * 0.27
        strokeWidth = size * 0.12
        gridWidth = size * 0.06
        baselineDrop = size * 0.35
        margin = size * 0.4

        let colors = style.chartColors
        let dark = style.nodeFill.luminance < 0.5
        let hue = PieMetrics.chartBase(style.nodeFill).hsl.hue
        func shade(_ saturation: Double, _ lightness: Double, _ darkLightness: Double) -> Color {
            Color(hue: hue, saturation: saturation, lightness: dark ? darkLightness : lightness)
        }
        outsideText = colors["taskTextOutsideColor"] ?? colors["taskTextDarkColor"] ?? style.textColor
        title = colors["titleColor"] ?? style.textColor
        taskFill = colors["taskBkgColor"] ?? shade(0.55, 0.70, 0.45)
        taskStroke = colors["taskBorderColor"] ?? shade(0.45, 0.52, 0.65)
        activeFill = colors["activeTaskBkgColor"] ?? shade(1, 0.87, 0.30)
        activeStroke = colors["activeTaskBorderColor"] ?? taskStroke
        doneFill = colors["doneTaskBkgColor"] ?? Color(hue: 0, saturation: 0, lightness: dark ? 0.35 : 0.83)
        doneStroke = colors["doneTaskBorderColor"] ?? Color(hue: 0, saturation: 0, lightness: 0.5)
        criticalFill = colors["critBkgColor"] ?? Color(hue: 0, saturation: 1, lightness: dark ? 0.45 : 0.5)
        criticalStroke = colors["critBorderColor"] ?? Color(hue: 0, saturation: 1, lightness: dark ? 0.65 : 0.77)
        bands = [colors["sectionBkgColor"] ?? style.nodeFill, colors["altSectionBkgColor"],
                 colors["sectionBkgColor2"] ?? style.clusterFill, colors["altSectionBkgColor"]]
        grid = colors["gridColor"] ?? style.lineColor.withAlpha(0.18)
        excluded = colors["excludeBkgColor"] ?? style.lineColor.withAlpha(0.08)
        marker = colors["vertLineColor"] ?? taskStroke
        let opposite = style.textColor.luminance < 0.5 ? Color.white : Color.black
        lightText = colors["taskTextLightColor"] ?? colors["taskTextColor"] ?? (dark ? style.textColor : opposite)
        darkText = colors["taskTextDarkColor"] ?? (dark ? opposite : style.textColor)
    }

    /// The text colour that reads on `fill`: Mermaid's white on its lavender and red bars,
    /// black on its pale and grey ones.
    func text(on fill: Color) -> Color {
        fill.luminance > 0.65 ? darkText : lightText
    }
}
