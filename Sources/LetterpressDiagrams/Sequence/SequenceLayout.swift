import Foundation
import LetterpressCore

/// A sequence diagram laid out as Mermaid lays one out, in columns and rows: participants left
/// to right in order of first mention, each pair far enough apart for the text between them;
/// events top to bottom in source order, a message a row; frames around their rows; the
/// participants' boxes at the top and again at the bottom, joined by their lifelines. Its
/// shapes go on an `SVGCanvas`, its text into labels the page sets itself.
///
/// The work is linear: one pass over the events finds the columns' least distances (each pair
/// of columns a message or note spans wants at least its text's width), one pass over the
/// columns places them, and one pass over the events draws them.
struct SequenceLayout {
    /// A text cut at its line breaks, measured.
    struct TextBlock {
        var lines: [String] = []
        var lineWidths: [Double] = []
        var width = 0.0
        var height = 0.0
    }

    /// A frame whose `end` is still to come: what it needs to be drawn once its extent is known.
    struct OpenFrame {
        var kind: SequenceDiagram.FrameKind
        var label: String
        var fill: Color?
        var top: Double
        /// How many frames opened before it: outer frames open first.
        var order: Int
        var sections: [(y: Double, label: String)] = []
        /// The horizontal extent of what it holds so far.
        var minX = Double.infinity
        var maxX = -Double.infinity
    }

    let diagram: SequenceDiagram
    let metrics: SequenceMetrics
    let measure: DiagramMeasure
    let fontFamily: String

    var participantText: [TextBlock] = []
    var widths: [Double] = []
    /// The x of each participant's lifeline.
    var centers: [Double] = []
    /// The texts of the events, by index (empty for events without text).
    var eventText: [TextBlock] = []
    /// The height of a participant's box (at the top, at the bottom, and where `create` puts one).
    var headHeight = 0.0
    var headTop = 0.0
    var groupTop = 0.0

    var canvas = SVGCanvas()
    var labels: [DiagramLabel] = []
    /// The top of the next row.
    var y = 0.0
    /// Where each participant's open activations started, innermost last.
    var activations: [[Double]] = []
    var lastMessageY: Double?
    /// Where created participants' boxes are centred, and where destroyed ones' lifelines end.
    var createdAt: [Double?] = []
    var destroyedAt: [Double?] = []
    var frames: [OpenFrame] = []
    var framesOpened = 0
    /// The fills of `rect` frames, drawn behind everything once all are known, outer ones first
    /// (they close last).
    var fills: [(order: Int, x: Double, y: Double, width: Double, height: Double, color: Color?)] = []

    static func drawing(of diagram: SequenceDiagram, style: DiagramStyle, measure: @escaping DiagramMeasure) -> DiagramDrawing {
        var layout = SequenceLayout(diagram: diagram, style: style, measure: measure)
        layout.placeColumns()
        layout.drawTop()
        for (index, event) in diagram.events.enumerated() { layout.draw(event, text: layout.eventText[index]) }
        layout.drawBottom()
        return layout.finished()
    }

    private init(diagram: SequenceDiagram, style: DiagramStyle, measure: @escaping DiagramMeasure) {
        self.diagram = diagram
        self.metrics = SequenceMetrics(style: style)
        self.measure = measure
        self.fontFamily = style.fontFamily
        let count = diagram.participants.count
        activations = Array(repeating: [], count: count)
        createdAt = Array(repeating: nil, count: count)
        destroyedAt = Array(repeating: nil, count: count)
    }

    // MARK: Top and bottom

    /// The title, the room for the groups' labels, and the boxes of the participants not created later.
    private mutating func drawTop() {
        if let title = diagram.title, !title.isEmpty {
            y += block(title, bold: true).height + metrics.frameGap
        }
        groupTop = y
        if !diagram.groups.isEmpty { y += metrics.lineHeight + 2 * metrics.textGap }
        headTop = y
        for (index, participant) in diagram.participants.enumerated() where !participant.isCreated {
            drawHead(index, top: headTop)
        }
        y += headHeight + metrics.rowGap
    }

    /// The activations still open, the lifelines, the boxes at the bottom and the groups around them.
    private mutating func drawBottom() {
        let end = y
        for index in activations.indices {
            while !activations[index].isEmpty { endActivation(of: index, at: end - metrics.rowGap / 2) }
        }
        let lifeline = SVGCanvas.Stroke(color: metrics.lifeline, width: metrics.thinWidth)
        for index in diagram.participants.indices {
            let top = createdAt[index].map { $0 + headHeight / 2 } ?? headTop + headHeight
            canvas.line(centers[index], top, centers[index], destroyedAt[index] ?? end, stroke: lifeline, layer: .lifelines)
            if destroyedAt[index] == nil { drawHead(index, top: end) }
        }
        y = end + headHeight
        for group in diagram.groups where !group.members.isEmpty { drawGroup(group) }
        for fill in fills.sorted(by: { $0.order < $1.order }) {
            canvas.rect(fill.x, fill.y, fill.width, fill.height, fill: fill.color, stroke: nil, layer: .back)
        }
    }

    /// A `box`: a rectangle behind its participants' columns, its label at the top.
    private mutating func drawGroup(_ group: SequenceDiagram.Group) {
        let padding = metrics.columnGap / 3
        var minX = group.members.map { centers[$0] - widths[$0] / 2 }.min()! - padding
        var maxX = group.members.map { centers[$0] + widths[$0] / 2 }.max()! + padding
        let text = block(group.label)
        if text.width + 2 * padding > maxX - minX {
            let grow = (text.width + 2 * padding - (maxX - minX)) / 2
            minX -= grow
            maxX += grow
        }
        let stroke = group.fill == nil ? SVGCanvas.Stroke(color: metrics.lifeline, width: metrics.thinWidth) : nil
        // An opaque colour (`box Purple`) is laid on lightly, so that the text over it can be read.
        var fill = group.fill
        if fill?.alpha == 1 { fill?.alpha = 0.3 }
        canvas.rect(minX, groupTop, maxX - minX, y + padding - groupTop, fill: fill, stroke: stroke, layer: .back)
        write(text, x: (minX + maxX) / 2, top: groupTop + metrics.textGap, anchor: .middle)
    }

    private func finished() -> DiagramDrawing {
        var canvas = self.canvas
        var labels = self.labels
        if let title = diagram.title, !title.isEmpty, canvas.minX <= canvas.maxX {
            let text = block(title, bold: true)
            let center = (canvas.minX + canvas.maxX) / 2
            for (index, line) in text.lines.enumerated() where !line.isEmpty {
                let baseline = Double(index) * metrics.lineHeight + metrics.baseline
                labels.append(label(line, x: center, y: baseline, anchor: .middle, bold: true))
                canvas.cover(center - text.lineWidths[index] / 2, baseline - metrics.baseline, center + text.lineWidths[index] / 2, baseline)
            }
        }
        return canvas.drawing(labels: labels, margin: metrics.margin)
    }

    // MARK: Text

    /// `text` cut at its line breaks and measured in the diagram's font.
    func block(_ text: String, bold: Bool = false) -> TextBlock {
        guard !text.isEmpty else { return TextBlock() }
        var result = TextBlock()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(line.trimmingWhitespace())
            let width = line.isEmpty ? 0 : measure(line, fontFamily, metrics.fontSize, bold)
            result.lines.append(line)
            result.lineWidths.append(width)
            result.width = max(result.width, width)
        }
        result.height = Double(result.lines.count) * metrics.lineHeight
        return result
    }

    /// The lines of `text` as labels from `top` down, each anchored at `x`, and the box they cover.
    mutating func write(_ text: TextBlock, x: Double, top: Double, anchor: DiagramLabel.Anchor, bold: Bool = false) {
        for (index, line) in text.lines.enumerated() where !line.isEmpty {
            let baseline = top + Double(index) * metrics.lineHeight + metrics.baseline
            labels.append(label(line, x: x, y: baseline, anchor: anchor, bold: bold))
            let width = text.lineWidths[index]
            let left = anchor == .start ? x : anchor == .middle ? x - width / 2 : x - width
            canvas.cover(left, baseline - metrics.baseline, left + width, baseline + metrics.lineHeight - metrics.baseline)
        }
    }

    func label(_ text: String, x: Double, y: Double, anchor: DiagramLabel.Anchor, bold: Bool = false,
               size: Double? = nil, color: Color? = nil) -> DiagramLabel {
        DiagramLabel(text: text, x: x, y: y, anchor: anchor, fontFamily: fontFamily, fontSize: size ?? metrics.fontSize,
                     color: color ?? metrics.text, bold: bold, italic: false)
    }
}
