import LetterpressCore

/// The sizes and colours of a sequence diagram, resolved once from the style: lengths are in
/// points, proportional to the font size, after the proportions of Mermaid's own drawings.
struct SequenceMetrics {
    let fontSize: Double
    let lineHeight: Double
    /// From the top of a line of text to its baseline.
    let baseline: Double
    /// Around the text of a participant's box.
    let boxPadding: (x: Double, y: Double)
    let minimumBoxWidth: Double
    /// The least space between two neighbouring participants' boxes.
    let columnGap: Double
    /// Around a message's text, between the two lifelines it spans.
    let messagePadding: Double
    /// Between a message's text and its line, and between a message and what follows it.
    let textGap: Double
    let rowGap: Double
    let arrowLength: Double
    let arrowHalfWidth: Double
    let crossSize: Double
    let loop: (width: Double, height: Double)
    let activationWidth: Double
    /// How far each nested activation bar is moved right.
    let activationShift: Double
    let notePadding: (x: Double, y: Double)
    /// Between a note and the lifeline it is beside.
    let noteMargin: Double
    /// How far a note over two participants reaches past their lifelines.
    let noteOverhang: Double
    /// Around a frame's content, left and right, and above and below its sections.
    let framePadding: Double
    let frameGap: Double
    let tabPadding: Double
    let numberRadius: Double
    let actorHeight: Double
    let margin: Double

    let text: Color
    let line: Color
    let boxFill: Color
    /// The outline of participants' boxes and of frames: between the fill and the lines, as
    /// Mermaid's are lighter than its messages.
    let boxStroke: Color
    let lifeline: Color
    let noteFill: Color
    let noteStroke: Color
    let activationFill: Color
    let activationStroke: Color
    let tabFill: Color
    /// The text of an `autonumber` number, on a disc in the line colour.
    let numberText: Color

    /// The width of lifelines, notes' and activation bars' outlines.
    var thinWidth: Double { fontSize * 0.075 }
    var outline: SVGCanvas.Stroke { SVGCanvas.Stroke(color: boxStroke, width: fontSize * 0.09) }
    var messageLine: SVGCanvas.Stroke { SVGCanvas.Stroke(color: line, width: fontSize * 0.09) }

    init(style: DiagramStyle) {
        let size = style.fontSize
        fontSize = size
        lineHeight = size * 1.25
        baseline = size * 0.95
        boxPadding = (size * 0.9, size * 0.7)
        minimumBoxWidth = size * 5.5
        columnGap = size * 2
        messagePadding = size * 1
        textGap = size * 0.3
        rowGap = size * 0.95
        arrowLength = size * 0.75
        arrowHalfWidth = size * 0.3
        crossSize = size * 0.35
        loop = (size * 3.2, size * 1.6)
        activationWidth = size * 0.9
        activationShift = size * 0.45
        notePadding = (size * 0.6, size * 0.45)
        noteMargin = size * 0.6
        noteOverhang = size * 1.5
        framePadding = size * 1.3
        frameGap = size * 0.5
        tabPadding = size * 0.45
        numberRadius = size * 0.8
        actorHeight = size * 2.5
        margin = size * 0.4

        text = style.textColor
        line = style.lineColor
        boxFill = style.nodeFill
        boxStroke = style.nodeFill.mixed(with: style.lineColor, 0.5)
        // Shares of the line colour, which suit a dark page as well as a light one.
        lifeline = style.lineColor.withAlpha(0.45)
        // Notes take the theme's group fill: Mermaid's pale yellow in the default theme.
        noteFill = style.clusterFill
        noteStroke = style.clusterFill.mixed(with: style.lineColor, 0.45)
        activationFill = style.nodeFill.mixed(with: style.lineColor, 0.06)
        activationStroke = style.lineColor.withAlpha(0.6)
        tabFill = style.nodeFill
        numberText = style.lineColor.luminance < 0.5 ? .white : .black
    }
}
