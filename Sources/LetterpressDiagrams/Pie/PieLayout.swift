import Foundation
import LetterpressCore

/// A pie chart drawn as Mermaid draws one: a disc cut into slices clockwise from 12 o'clock in
/// source order, each slice's angle its share of the total and its percentage inside it; the
/// legend to the right, a coloured square and the label a slice, top to bottom in the same
/// order; the title above. Shapes go on an `SVGCanvas`, text into labels the page sets itself.
struct PieLayout {
    let chart: PieChart
    let metrics: PieMetrics
    let measure: DiagramMeasure
    let fontFamily: String
    var canvas = SVGCanvas()
    var labels: [DiagramLabel] = []

    static func drawing(of chart: PieChart, style: DiagramStyle, measure: @escaping DiagramMeasure) -> DiagramDrawing {
        var layout = PieLayout(chart: chart, metrics: PieMetrics(style: style), measure: measure, fontFamily: style.fontFamily)
        layout.drawSlices()
        layout.drawLegend()
        layout.drawTitle()
        return layout.finished()
    }

    /// Each slice's start and end angle, in radians clockwise from 12 o'clock: they follow each
    /// other round the full turn.
    static func angles(of chart: PieChart) -> [(start: Double, end: Double)] {
        let total = chart.total
        var start = 0.0
        return chart.slices.map { slice in
            let end = start + slice.value / total * 2 * .pi
            defer { start = end }
            return (start, end)
        }
    }

    /// The share of the total as Mermaid writes it, a whole percentage (`42%`).
    static func percentage(_ value: Double, of total: Double) -> String {
        "\(Int((value / total * 100).rounded()))%"
    }

    /// The disc's outline, the slices over it, and their percentages.
    private mutating func drawSlices() {
        let outline = SVGCanvas.Stroke(color: metrics.outerStroke, width: metrics.strokeWidth)
        canvas.circle(0, 0, radius: metrics.radius + metrics.strokeWidth / 2, fill: nil, stroke: outline, layer: .back)
        let stroke = SVGCanvas.Stroke(color: metrics.sliceStroke.withAlpha(metrics.sliceOpacity), width: metrics.strokeWidth)
        let total = chart.total
        for (index, (slice, angle)) in zip(chart.slices, Self.angles(of: chart)).enumerated() where slice.value > 0 {
            canvas.wedge(0, 0, radius: metrics.radius, from: angle.start, to: angle.end, fill: fill(index), stroke: stroke)
            let percentage = Self.percentage(slice.value, of: total)
            // Mermaid leaves out the percentages that round to 0.
            guard percentage != "0%" else { continue }
            let middle = (angle.start + angle.end) / 2
            let (x, y) = chart.slices.count == 1 ? (0.0, 0.0) : (metrics.textRadius * sin(middle), -metrics.textRadius * cos(middle))
            write(percentage, x: x, y: y + metrics.baselineDrop, anchor: .middle, color: metrics.percentText)
        }
    }

    /// A square in the slice's colour and its label (and value, with `showData`), a row a slice,
    /// the rows centred beside the disc.
    private mutating func drawLegend() {
        let left = metrics.radius + metrics.legendGap
        let top = -metrics.rowHeight * Double(chart.slices.count) / 2
        let outline = SVGCanvas.Stroke(color: metrics.sliceStroke.withAlpha(metrics.sliceOpacity), width: metrics.strokeWidth / 2)
        for (index, slice) in chart.slices.enumerated() {
            let rowTop = top + Double(index) * metrics.rowHeight + (metrics.rowHeight - metrics.square) / 2
            canvas.rect(left, rowTop, metrics.square, metrics.square, fill: fill(index), stroke: outline)
            let text = chart.showData ? "\(slice.label) [\(Self.number(slice.value))]" : slice.label
            write(text, x: left + metrics.square + metrics.squareGap, y: rowTop + metrics.square / 2 + metrics.baselineDrop,
                  anchor: .start, color: metrics.legendText)
        }
    }

    private mutating func drawTitle() {
        guard let title = chart.title, !title.isEmpty else { return }
        write(title, x: 0, y: -metrics.radius - metrics.titleGap, anchor: .middle, size: metrics.titleSize, color: metrics.title)
    }

    /// Slice `index`'s fill, the palette's colours taken in turn.
    private func fill(_ index: Int) -> Color {
        metrics.palette[index % metrics.palette.count].withAlpha(metrics.sliceOpacity)
    }

    /// A value as Mermaid prints it with `showData`: `5`, `42.96`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `text` (its lines) as labels with the first baseline at `y`, anchored at `x`; the box they cover.
    private mutating func write(_ text: String, x: Double, y: Double, anchor: DiagramLabel.Anchor,
                                size: Double? = nil, color: Color) {
        let size = size ?? metrics.fontSize
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            let line = String(line)
            let baseline = y + Double(index) * size * 1.25
            let width = measure(line, fontFamily, size, false)
            let left = anchor == .start ? x : anchor == .middle ? x - width / 2 : x - width
            labels.append(DiagramLabel(text: line, x: x, y: baseline, anchor: anchor, fontFamily: fontFamily, fontSize: size,
                                       color: color, bold: false, italic: false))
            canvas.cover(left, baseline - size, left + width, baseline + size * 0.3)
        }
    }

    private func finished() -> DiagramDrawing {
        canvas.drawing(labels: labels, margin: metrics.margin)
    }
}
