import Foundation
import LetterpressCore

/// A gantt chart drawn as Mermaid draws one: a row a task in source order, its bar from its
/// start to its end on a time axis that runs from the earliest start to the latest end; the
/// rows of each section on a band of their own, the section's name left of them; milestones as
/// diamonds; a task's name inside its bar, or beside it when it does not fit; grid lines and
/// dates at round moments below the rows. Shapes go on an `SVGCanvas` (bands at the back, then
/// excluded days and grid lines, then bars), text into labels the page sets itself.
struct GanttLayout {
    let chart: GanttChart
    let metrics: GanttMetrics
    let measure: DiagramMeasure
    let fontFamily: String
    /// The moments at the axis's two ends.
    let origin: CivilTime
    let finish: CivilTime
    /// Each task's row, top to bottom; nil for `vert` markers, which have none.
    let rows: [Int?]
    let rowCount: Int
    /// The width of the column of section names, left of the axis's start (x = 0).
    let sectionColumn: Double
    var canvas = SVGCanvas()
    var labels: [DiagramLabel] = []
    var notices: [String] = []

    static func drawing(of chart: GanttChart, style: DiagramStyle, measure: @escaping DiagramMeasure) -> DiagramDrawing {
        var layout = GanttLayout(chart: chart, metrics: GanttMetrics(style: style), measure: measure, fontFamily: style.fontFamily)
        layout.drawSections()
        layout.drawExclusions()
        layout.drawAxis()
        for (index, task) in chart.tasks.enumerated() {
            if let row = layout.rows[index] { layout.draw(task, row: row) } else { layout.drawMarker(task) }
        }
        layout.drawTitle()
        return layout.finished()
    }

    private init(chart: GanttChart, metrics: GanttMetrics, measure: @escaping DiagramMeasure, fontFamily: String) {
        self.chart = chart
        self.metrics = metrics
        self.measure = measure
        self.fontFamily = fontFamily
        var start = chart.tasks.map(\.start).min()!
        var end = chart.tasks.map(\.end).max()!
        if start == end {
            // Only instants (milestones at one moment): a day around them.
            start = start.adding(milliseconds: -CivilTime.millisecondsPerDay / 2)
            end = end.adding(milliseconds: CivilTime.millisecondsPerDay / 2)
        }
        origin = start
        finish = end
        var row = 0
        rows = chart.tasks.map { task -> Int? in
            guard !task.isMarker else { return nil }
            defer { row += 1 }
            return row
        }
        rowCount = row
        let names = Set(chart.tasks.filter { !$0.isMarker }.map(\.section)).map { chart.sections[$0] }
        let widest = names.flatMap { $0.split(separator: "\n") }.map { measure(String($0), fontFamily, metrics.fontSize, false) }.max() ?? 0
        sectionColumn = widest > 0 ? widest + 2 * metrics.sectionPadding : metrics.sectionPadding
    }

    /// Where `time` is on the axis.
    func x(_ time: CivilTime) -> Double {
        Double(time.milliseconds - origin.milliseconds) / Double(finish.milliseconds - origin.milliseconds) * metrics.timelineWidth
    }

    private var rowsBottom: Double { Double(rowCount) * metrics.rowPitch }
    /// Where grid lines and excluded days start, a little above the first row, as in Mermaid.
    private var gridTop: Double { -metrics.rowGap * 2 }
    private var right: Double { metrics.timelineWidth + metrics.fontSize }

    // MARK: Sections and days

    /// A band behind each section's rows, in Mermaid's four alternating section styles, and the
    /// section's name, centred on its rows.
    private mutating func drawSections() {
        var counts = Array(repeating: 0, count: chart.sections.count)
        for task in chart.tasks where !task.isMarker { counts[task.section] += 1 }
        var style = 0
        var row = 0
        for (section, count) in counts.enumerated() where count > 0 {
            let top = Double(row) * metrics.rowPitch, height = Double(count) * metrics.rowPitch
            if let fill = metrics.bands[style % metrics.bands.count] {
                canvas.rect(-sectionColumn, top, right + sectionColumn, height, fill: fill, stroke: nil, layer: .back)
            }
            let lines = chart.sections[section].split(separator: "\n").map(String.init)
            let first = top + height / 2 - Double(lines.count - 1) * metrics.fontSize * 0.625 + metrics.baselineDrop
            for (index, line) in lines.enumerated() {
                write(line, x: -sectionColumn + metrics.sectionPadding, y: first + Double(index) * metrics.fontSize * 1.25,
                      anchor: .start, color: metrics.outsideText)
            }
            style += 1
            row += count
        }
    }

    /// The days `excludes` takes out, shaded across the rows, as runs of whole days; not over
    /// more than five years of days, where Mermaid does not shade them either.
    private mutating func drawExclusions() {
        guard !chart.exclusions.isEmpty, finish.day - origin.day <= 5 * 366 else { return }
        var day = origin.startOfDay
        var run: CivilTime?
        while day <= finish {
            let excluded = chart.exclusions.excludes(day)
            if excluded, run == nil { run = day }
            let next = day.adding(milliseconds: CivilTime.millisecondsPerDay)
            if let start = run, !excluded || next > finish {
                let left = x(max(start, origin)), end = x(min(excluded ? next : day, finish))
                if end > left { canvas.rect(left, gridTop, end - left, rowsBottom - gridTop, fill: metrics.excluded, stroke: nil, layer: .lifelines) }
                run = nil
            }
            day = next
        }
    }

    /// Grid lines at the ticks, and their dates below the rows (and above them with `topAxis`):
    /// Mermaid's ten or so ticks, a date on every one that leaves room for it.
    private mutating func drawAxis() {
        let format = chart.axisFormat
        let labelWidth = max(textWidth(format.string(origin), size: metrics.axisSize), textWidth(format.string(finish), size: metrics.axisSize))
        let room = labelWidth + metrics.fontSize * 1.5
        var ticks: [CivilTime]?
        if let interval = chart.tickInterval {
            ticks = GanttTicks.ticks(from: origin, to: finish, every: interval, weekday: chart.tickWeekday)
            if ticks == nil {
                notices.append("tickInterval \(interval.count)\(interval.unit.rawValue) gives more than \(GanttTicks.maximumCount) ticks: the axis's ticks were chosen to fit")
            }
        }
        if ticks == nil {
            // Unlike Mermaid, no ticks within a day when their labels would all say the same date.
            let interval = GanttTicks.interval(from: origin, to: finish, aiming: 10, wholeDays: !format.showsTimeOfDay)
            ticks = GanttTicks.ticks(from: origin, to: finish, every: interval, weekday: chart.tickWeekday) ?? []
        }
        let positions = (ticks ?? []).map { x($0) }
        let closest = zip(positions, positions.dropFirst()).map { $1 - $0 }.min() ?? .infinity
        // Labels that would run into each other are written only every so many ticks.
        let every = closest >= room - metrics.fontSize ? 1 : Int((room / max(closest, 0.01)).rounded(.up))
        let gridLine = SVGCanvas.Stroke(color: metrics.grid, width: metrics.gridWidth)
        for (index, (tick, position)) in zip(ticks ?? [], positions).enumerated() {
            canvas.line(position, gridTop, position, rowsBottom, stroke: gridLine, layer: .lifelines)
            guard index % every == 0 else { continue }
            let text = format.string(tick)
            write(text, x: position, y: rowsBottom + metrics.axisSize * 1.4, anchor: .middle, size: metrics.axisSize, color: metrics.outsideText)
            if chart.topAxis {
                write(text, x: position, y: gridTop - metrics.axisSize * 0.5, anchor: .middle, size: metrics.axisSize, color: metrics.outsideText)
            }
        }
    }

    // MARK: Tasks

    /// A task's bar, or diamond for a milestone, in the colours of its state, and its name.
    private mutating func draw(_ task: GanttChart.Task, row: Int) {
        let (fill, outline) = colors(task)
        let stroke = SVGCanvas.Stroke(color: outline, width: metrics.strokeWidth)
        let middle = Double(row) * metrics.rowPitch + metrics.rowPitch / 2
        let left: Double, right: Double
        if task.isMilestone {
            // Mermaid's milestone is the bar's square turned a quarter and shrunk to 0.8.
            let center = x(task.start) + (x(task.end) - x(task.start)) / 2
            let reach = metrics.barHeight * 0.8 / 2.0.squareRoot()
            canvas.polyline([(center, middle - reach), (center + reach, middle), (center, middle + reach), (center - reach, middle)],
                            fill: fill, stroke: stroke)
            left = center - reach
            right = center + reach
        } else {
            left = x(task.start)
            right = x(task.drawnEnd)
            canvas.rect(left, middle - metrics.barHeight / 2, right - left, metrics.barHeight, fill: fill, stroke: stroke,
                        radius: min(metrics.cornerRadius, (right - left) / 2))
        }
        let width = textWidth(task.name)
        let baseline = middle + metrics.baselineDrop
        if !task.isMilestone, width + 2 * metrics.textGap <= right - left {
            write(task.name, x: (left + right) / 2, y: baseline, anchor: .middle, color: metrics.text(on: fill))
        } else if right + metrics.textGap + width <= self.right + metrics.fontSize * 4 || left - metrics.textGap - width < 0 {
            // Beside the bar on the right, unless it would run far past the chart while there is
            // room on the left, short of the section names.
            write(task.name, x: right + metrics.textGap, y: baseline, anchor: .start, color: metrics.outsideText, italic: task.isMilestone)
        } else {
            write(task.name, x: left - metrics.textGap, y: baseline, anchor: .end, color: metrics.outsideText, italic: task.isMilestone)
        }
    }

    /// The fill and outline of a task's state, as Mermaid ranks them: active, then done, then
    /// critical; a critical task keeps the critical outline whatever its fill.
    func colors(_ task: GanttChart.Task) -> (fill: Color, stroke: Color) {
        if task.isActive { return (metrics.activeFill, task.isCritical ? metrics.criticalStroke : metrics.activeStroke) }
        if task.isDone { return (metrics.doneFill, task.isCritical ? metrics.criticalStroke : metrics.doneStroke) }
        if task.isCritical { return (metrics.criticalFill, metrics.criticalStroke) }
        return (metrics.taskFill, metrics.taskStroke)
    }

    /// A `vert` task: a line across the rows at its start, its name below the axis.
    private mutating func drawMarker(_ task: GanttChart.Task) {
        let position = x(task.start)
        canvas.line(position, gridTop, position, rowsBottom, stroke: SVGCanvas.Stroke(color: metrics.marker, width: metrics.strokeWidth))
        write(task.name, x: position, y: rowsBottom + metrics.axisSize * 1.4 + metrics.fontSize * 1.3, anchor: .middle, color: metrics.marker)
    }

    private mutating func drawTitle() {
        guard let title = chart.title, !title.isEmpty else { return }
        let top = gridTop - (chart.topAxis ? metrics.axisSize * 1.6 : 0)
        write(title, x: (-sectionColumn + right) / 2, y: top - metrics.fontSize * 0.8, anchor: .middle, size: metrics.titleSize,
              color: metrics.title)
    }

    // MARK: Text

    private func textWidth(_ text: String, size: Double? = nil) -> Double {
        text.isEmpty ? 0 : measure(text, fontFamily, size ?? metrics.fontSize, false)
    }

    /// `text` as a label with its baseline at `y`, anchored at `x`; the box it covers.
    private mutating func write(_ text: String, x: Double, y: Double, anchor: DiagramLabel.Anchor, size: Double? = nil,
                                color: Color, italic: Bool = false) {
        guard !text.isEmpty else { return }
        let size = size ?? metrics.fontSize
        let width = textWidth(text, size: size)
        let left = anchor == .start ? x : anchor == .middle ? x - width / 2 : x - width
        labels.append(DiagramLabel(text: text, x: x, y: y, anchor: anchor, fontFamily: fontFamily, fontSize: size, color: color,
                                   bold: false, italic: italic))
        canvas.cover(left, y - size, left + width, y + size * 0.3)
    }

    private func finished() -> DiagramDrawing {
        canvas.drawing(labels: labels, margin: metrics.margin, notices: chart.notices + notices)
    }
}
