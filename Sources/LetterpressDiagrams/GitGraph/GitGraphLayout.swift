import Foundation
import LetterpressCore

/// A git graph laid out as Mermaid lays one out: a lane for each branch (the main branch first,
/// then in order of creation or by `order:`), its commits on it in source order along the time
/// axis (left to right, top to bottom or bottom to top), a commit a column, lines from each
/// parent to its child turning at a rounded corner where they change lanes. Its shapes go on an
/// `SVGCanvas`, its text into labels the page sets itself.
///
/// Positions are worked out along two axes, `t` (time) and `l` (across the lanes), and turned
/// into x and y only when drawn, so that one layout serves the three orientations. The work is
/// linear: a pass over the commits measures what each lane holds, a pass over the lanes spaces
/// them by it, a pass over the commits places them (in LR, each after its lane's last label),
/// and one draws them.
struct GitGraphLayout {
    /// A place in the layout's axes: `t` along time, `l` across the lanes.
    struct Point {
        var t: Double
        var l: Double
    }

    let graph: GitGraph
    let settings: GitGraphSettings
    let metrics: GitGraphMetrics
    let measure: DiagramMeasure
    let fontFamily: String

    /// Each branch's lane (0 is drawn first: top, or left).
    var lanes: [Int] = []
    /// The `l` of each lane's line.
    var lanePositions: [Double] = []
    /// The `t` of each commit.
    var times: [Double] = []
    /// The width of each commit's label, nil when it has none.
    var labelWidths: [Double?] = []
    /// The widths of each commit's tags.
    var tagWidths: [[Double]] = []
    /// The width of each branch's name.
    var nameWidths: [Double] = []
    /// Each branch's commits in source order, to find those between two others.
    var commitsOfBranch: [[Int]] = []
    /// The `l` of the branches' lines and of lines routed between them, in order, which a new
    /// route keeps clear of.
    var takenLanes: [Double] = []

    var canvas = SVGCanvas()
    var labels: [DiagramLabel] = []

    var isVertical: Bool { graph.orientation != .leftToRight }

    static func drawing(of graph: GitGraph, style: DiagramStyle, measure: @escaping DiagramMeasure) -> DiagramDrawing {
        var layout = GitGraphLayout(graph: graph, style: style, measure: measure)
        layout.placeLanes()
        layout.placeCommits()
        if layout.settings.showBranches { layout.drawBranches() }
        for index in graph.commits.indices { layout.drawLines(into: index) }
        for index in graph.commits.indices { layout.drawCommit(index) }
        // Labels go over every commit and line, as Mermaid's do.
        for index in graph.commits.indices { layout.drawLabels(of: index) }
        return layout.finished()
    }

    private init(graph: GitGraph, style: DiagramStyle, measure: @escaping DiagramMeasure) {
        self.graph = graph
        self.settings = style.gitGraph
        self.metrics = GitGraphMetrics(style: style)
        self.measure = measure
        self.fontFamily = style.fontFamily
        commitsOfBranch = Array(repeating: [], count: graph.branches.count)
        for (index, commit) in graph.commits.enumerated() {
            commitsOfBranch[commit.branch].append(index)
            let hasLabel = settings.showCommitLabel && commit.kind != .cherryPick
            labelWidths.append(hasLabel ? commit.id.map(width) : nil)
            tagWidths.append(commit.tags.map(width))
        }
        nameWidths = graph.branches.map { width($0.name) }
    }

    func width(_ text: String) -> Double {
        text.isEmpty ? 0 : measure(text, fontFamily, metrics.fontSize, false)
    }

    // MARK: Placing

    /// Orders the lanes (by `order:`, then by creation) and spaces them so that what one holds
    /// on its far side (labels below, or tags to the right) clears what the next holds on its near side.
    private mutating func placeLanes() {
        let order = graph.branches.indices.sorted { (graph.branches[$0].order ?? 0, $0) < (graph.branches[$1].order ?? 0, $1) }
        lanes = Array(repeating: 0, count: graph.branches.count)
        for (lane, branch) in order.enumerated() { lanes[branch] = lane }
        var near = Array(repeating: metrics.radius, count: order.count)
        var far = near
        if settings.showBranches {
            for (lane, branch) in order.enumerated() {
                let half = isVertical ? (nameWidths[branch] + 2 * metrics.branchPadding) / 2 : metrics.boxHeight / 2
                near[lane] = max(near[lane], half)
                far[lane] = max(far[lane], half)
            }
        }
        for (index, commit) in graph.commits.enumerated() {
            let lane = lanes[commit.branch]
            let (before, after) = extentsAcross(index)
            near[lane] = max(near[lane], before)
            far[lane] = max(far[lane], after)
        }
        var position = 0.0
        for lane in order.indices {
            if lane > 0 { position += max(metrics.laneGap, far[lane - 1] + near[lane] + metrics.clearance) }
            lanePositions.append(position)
        }
        takenLanes = lanePositions
    }

    /// How far commit `index`'s label and tags reach across the lanes: before its lane (tags
    /// above it, or a label left of it) and after it (a label below, or tags right of it).
    private func extentsAcross(_ index: Int) -> (before: Double, after: Double) {
        let tags = tagWidths[index]
        let reach = metrics.radius + metrics.labelGap
        if isVertical {
            let label = labelWidths[index].map { reach + $0 + 2 * metrics.labelPadding } ?? 0
            let tagRow = tags.reduce(0.0) { $0 + $1 + 2 * metrics.tagPadding + metrics.tagPoint + metrics.labelGap }
            return (label, tags.isEmpty ? 0 : reach + tagRow)
        }
        let label = labelWidths[index] == nil ? 0 : reach + metrics.boxHeight
        let stack = Double(tags.count) * (metrics.boxHeight + metrics.labelGap)
        return (tags.isEmpty ? 0 : reach + stack, label)
    }

    /// A commit a column, `step` apart; left to right, each also clear of the label and tags of
    /// the last commit on its lane.
    private mutating func placeCommits() {
        var laneEnds = Array(repeating: -Double.infinity, count: graph.branches.count)
        var previous = -Double.infinity
        for (index, commit) in graph.commits.enumerated() {
            var time = index == 0 ? 0 : previous + metrics.step
            if !isVertical {
                let (before, after) = extentsAlong(index)
                let lane = lanes[commit.branch]
                time = max(time, laneEnds[lane] + metrics.clearance + before)
                laneEnds[lane] = time + after
            }
            times.append(time)
            previous = time
        }
    }

    /// How far commit `index`'s label and tags reach along the time axis, left to right,
    /// before and after it: a tag's point reaches further left.
    private func extentsAlong(_ index: Int) -> (before: Double, after: Double) {
        var before = metrics.radius, after = metrics.radius
        if let label = labelWidths[index] {
            before = max(before, label / 2 + metrics.labelPadding)
            after = max(after, label / 2 + metrics.labelPadding)
        }
        if let widest = tagWidths[index].max() {
            let half = widest / 2 + metrics.tagPadding
            before = max(before, half + metrics.tagPoint)
            after = max(after, half)
        }
        return (before, after)
    }

    /// Where commit `index` is.
    func point(of index: Int) -> Point {
        Point(t: times[index], l: lanePositions[lanes[graph.commits[index].branch]])
    }

    /// A point of the layout's axes on the drawing.
    func place(_ point: Point) -> (x: Double, y: Double) {
        switch graph.orientation {
        case .leftToRight: (point.t, point.l)
        case .topToBottom: (point.l, point.t)
        case .bottomToTop: (point.l, -point.t)
        }
    }

    // MARK: Finishing

    private func finished() -> DiagramDrawing {
        var canvas = self.canvas
        var labels = self.labels
        if let title = graph.title, !title.isEmpty, canvas.minX <= canvas.maxX {
            let width = measure(title, fontFamily, metrics.fontSize, true)
            let center = (canvas.minX + canvas.maxX) / 2
            let baseline = canvas.minY - metrics.lineHeight + metrics.baseline - metrics.labelGap
            labels.append(label(title, x: center, y: baseline, anchor: .middle, color: metrics.text, bold: true))
            canvas.cover(center - width / 2, baseline - metrics.baseline, center + width / 2, baseline)
        }
        return canvas.drawing(labels: labels, margin: metrics.margin)
    }

    func label(_ text: String, x: Double, y: Double, anchor: DiagramLabel.Anchor, color: Color, bold: Bool = false) -> DiagramLabel {
        DiagramLabel(text: text, x: x, y: y, anchor: anchor, fontFamily: fontFamily, fontSize: metrics.fontSize,
                     color: color, bold: bold, italic: false)
    }
}
