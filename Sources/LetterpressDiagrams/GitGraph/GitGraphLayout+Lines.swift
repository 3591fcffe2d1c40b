import LetterpressCore

/// The lines of a git graph: each branch's dashed line and name, and the thick line from each
/// commit's parents to it, in the colour of the branch it runs along.
extension GitGraphLayout {
    /// Each branch's dashed line, from a little before the first commit to a little after the
    /// last, and its name in a box of its colour before the line's start.
    mutating func drawBranches() {
        let start = (times.first ?? 0) - 10 * metrics.unit
        let end = (times.last ?? 0) + 40 * metrics.unit
        let dashes = SVGCanvas.Stroke(color: metrics.branchLine, width: metrics.unit, dashed: true)
        for (branch, lane) in lanes.enumerated() {
            let l = lanePositions[lane]
            let (x1, y1) = place(Point(t: start, l: l)), (x2, y2) = place(Point(t: end, l: l))
            canvas.line(x1, y1, x2, y2, stroke: dashes)
            let width = nameWidths[branch] + 2 * metrics.branchPadding
            let height = metrics.boxHeight
            let center = place(Point(t: start - metrics.branchGap - (isVertical ? height : width) / 2, l: l))
            canvas.rect(center.x - width / 2, center.y - height / 2, width, height, fill: metrics.lane(lane), stroke: nil,
                        radius: 4 * metrics.unit)
            labels.append(label(graph.branches[branch].name, x: center.x, y: center.y - metrics.lineHeight / 2 + metrics.baseline,
                                anchor: .middle, color: metrics.branchText(lane)))
        }
    }

    /// The lines from commit `index`'s parents to it. A line changes lanes at the parent's time
    /// and runs along the child's lane, except a merged branch's, which runs along its own lane
    /// and turns into the merge. Where that would run over a commit made in between on the lane
    /// it runs along, it goes between the lanes instead, as Mermaid reroutes it.
    mutating func drawLines(into index: Int) {
        let child = graph.commits[index]
        for (order, parent) in child.parents.enumerated() {
            let from = point(of: parent), to = point(of: index)
            let parentLane = lanes[graph.commits[parent].branch], childLane = lanes[child.branch]
            let merged = child.kind == .merge && order > 0
            var colorLane = merged ? parentLane : childLane
            var path = [from, to]
            var corner = metrics.corner
            if from.l != to.l {
                let alongBranch = from.l < to.l ? child.branch : graph.commits[parent].branch
                if hasCommit(on: alongBranch, after: parent, before: index) {
                    let middle = freeLane(between: min(from.l, to.l), and: max(from.l, to.l))
                    path = [from, Point(t: from.t, l: middle), Point(t: to.t, l: middle), to]
                    corner = metrics.detourCorner
                    if from.l > to.l { colorLane = parentLane }
                } else {
                    path = [from, merged ? Point(t: to.t, l: from.l) : Point(t: from.t, l: to.l), to]
                }
            }
            drawRounded(path, corner: corner, stroke: SVGCanvas.Stroke(color: metrics.lane(colorLane), width: metrics.arrowWidth))
        }
    }

    /// Whether `branch` has a commit after commit `first` and before commit `last`: the first
    /// of its commits after `first`, found by halving.
    private func hasCommit(on branch: Int, after first: Int, before last: Int) -> Bool {
        let commits = commitsOfBranch[branch]
        var low = 0, high = commits.count
        while low < high {
            let middle = (low + high) / 2
            if commits[middle] <= first { low = middle + 1 } else { high = middle }
        }
        return low < commits.count && commits[low] < last
    }

    /// A place between `low` and `high` for a line routed between lanes, clear of the lanes and
    /// of earlier routes: the middle, else the middle of a span shrunk by a fifth each try
    /// (Mermaid's six tries), else the last middle tried.
    private mutating func freeLane(between low: Double, and high: Double) -> Double {
        var high = high
        var candidate = low + (high - low) / 2
        for _ in 0..<6 {
            candidate = low + (high - low) / 2
            let index = insertionIndex(of: candidate)
            let clear = 10 * metrics.unit
            let isClear = (index == takenLanes.count || takenLanes[index] - candidate >= clear)
                && (index == 0 || candidate - takenLanes[index - 1] >= clear)
            if isClear {
                takenLanes.insert(candidate, at: index)
                return candidate
            }
            high -= (high - low) / 5
        }
        return candidate
    }

    /// Where `value` goes in `takenLanes` to keep it in order.
    private func insertionIndex(of value: Double) -> Int {
        var low = 0, high = takenLanes.count
        while low < high {
            let middle = (low + high) / 2
            if takenLanes[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Straight lines through `path`, each corner rounded to a quarter circle of `corner` (less
    /// where the lines beside it are short), drawn as a cubic Bézier curve.
    private mutating func drawRounded(_ path: [Point], corner: Double, stroke: SVGCanvas.Stroke) {
        // The control points' distance from a quarter circle's ends, in radii.
        let kappa = 0.5523
        var start = path[0]
        for index in 1..<path.count {
            let vertex = path[index]
            guard index < path.count - 1 else {
                drawLine(start, vertex, stroke: stroke)
                break
            }
            let next = path[index + 1]
            let radius = min(corner, distance(path[index - 1], vertex) / 2, distance(vertex, next) / 2)
            let before = moved(vertex, toward: path[index - 1], by: radius)
            let after = moved(vertex, toward: next, by: radius)
            drawLine(start, before, stroke: stroke)
            canvas.curve(place(before), place(moved(before, toward: vertex, by: kappa * radius)),
                         place(moved(after, toward: vertex, by: kappa * radius)), place(after), stroke: stroke)
            start = after
        }
    }

    private mutating func drawLine(_ from: Point, _ to: Point, stroke: SVGCanvas.Stroke) {
        guard distance(from, to) > 0.01 else { return }
        let (x1, y1) = place(from), (x2, y2) = place(to)
        canvas.line(x1, y1, x2, y2, stroke: stroke)
    }

    private func distance(_ a: Point, _ b: Point) -> Double {
        ((a.t - b.t) * (a.t - b.t) + (a.l - b.l) * (a.l - b.l)).squareRoot()
    }

    /// `point` moved `length` toward `target`.
    private func moved(_ point: Point, toward target: Point, by length: Double) -> Point {
        let whole = distance(point, target)
        guard whole > 0 else { return point }
        return Point(t: point.t + (target.t - point.t) * length / whole, l: point.l + (target.l - point.l) * length / whole)
    }
}
