import LetterpressCore

/// The commits of a git graph as Mermaid draws them: a disc in the branch's colour, a merge's
/// with a light centre, a reversed one crossed, a highlighted one a square, a cherry-pick a
/// cherry; an id below it (left of it, when time runs down or up) and its tags above it (right of it).
extension GitGraphLayout {
    mutating func drawCommit(_ index: Int) {
        let commit = graph.commits[index]
        let (x, y) = place(point(of: index))
        let lane = lanes[commit.branch]
        let unit = metrics.unit
        if commit.kind == .cherryPick {
            drawCherry(x: x, y: y)
        } else if commit.look == .highlight {
            let (outer, inner) = (metrics.highlightHalf, metrics.highlightInnerHalf)
            canvas.rect(x - outer, y - outer, 2 * outer, 2 * outer, fill: metrics.highlight(lane), stroke: nil)
            canvas.rect(x - inner, y - inner, 2 * inner, 2 * inner, fill: metrics.symbol, stroke: nil)
        } else {
            canvas.circle(x, y, radius: commit.kind == .merge ? metrics.mergeRadius : metrics.radius, fill: metrics.lane(lane), stroke: nil)
            if commit.kind == .merge { canvas.circle(x, y, radius: metrics.mergeInnerRadius, fill: metrics.symbol, stroke: nil) }
            if commit.look == .reverse {
                let (half, cross) = (metrics.crossHalf, SVGCanvas.Stroke(color: metrics.symbol, width: 3 * unit))
                canvas.line(x - half, y - half, x + half, y + half, stroke: cross)
                canvas.line(x - half, y + half, x + half, y - half, stroke: cross)
            }
        }
    }

    /// A cherry-pick: a dark disc with two cherries on their stalks.
    private mutating func drawCherry(x: Double, y: Double) {
        let unit = metrics.unit
        canvas.circle(x, y, radius: metrics.radius, fill: metrics.cherry, stroke: nil)
        let stalk = SVGCanvas.Stroke(color: metrics.cherryMarks, width: unit)
        for side in [-1.0, 1] {
            canvas.circle(x + side * 3 * unit, y + 2 * unit, radius: 2.75 * unit, fill: metrics.cherryMarks, stroke: nil)
            canvas.line(x + side * 3 * unit, y + unit, x, y - 5 * unit, stroke: stalk)
        }
    }

    /// Commit `index`'s id on a pale box, and its tags.
    mutating func drawLabels(of index: Int) {
        let commit = graph.commits[index]
        let (x, y) = place(point(of: index))
        let reach = metrics.radius + metrics.labelGap
        let padding = metrics.labelPadding
        if let id = commit.id, let width = labelWidths[index] {
            let (left, top) = isVertical
                ? (x - reach - width - 2 * padding, y - metrics.boxHeight / 2)
                : (x - width / 2 - padding, y + reach)
            canvas.rect(left, top, width + 2 * padding, metrics.boxHeight, fill: metrics.commitLabelBackground, stroke: nil)
            labels.append(label(id, x: left + padding, y: top + padding + metrics.baseline, anchor: .start, color: metrics.commitLabelText))
        }
        guard !commit.tags.isEmpty else { return }
        if isVertical {
            var left = x + reach
            for (tag, width) in zip(commit.tags, tagWidths[index]) {
                drawTag(tag, left: left, bodyWidth: width + 2 * metrics.tagPadding, centerY: y)
                left += metrics.tagPoint + width + 2 * metrics.tagPadding + metrics.labelGap
            }
        } else {
            // Stacked upwards, the last written nearest the commit, all as wide as the widest.
            let bodyWidth = (tagWidths[index].max() ?? 0) + 2 * metrics.tagPadding
            for (order, tag) in commit.tags.reversed().enumerated() {
                let centerY = y - reach - metrics.boxHeight / 2 - Double(order) * (metrics.boxHeight + metrics.labelGap)
                drawTag(tag, left: x - bodyWidth / 2 - metrics.tagPoint, bodyWidth: bodyWidth, centerY: centerY)
            }
        }
    }

    /// A tag: a box with a blunt point on its left, a hole in the point, the text in the box.
    private mutating func drawTag(_ text: String, left: Double, bodyWidth: Double, centerY: Double) {
        let unit = metrics.unit
        let body = left + metrics.tagPoint
        let (top, bottom) = (centerY - metrics.boxHeight / 2, centerY + metrics.boxHeight / 2)
        let outline: [(x: Double, y: Double)] = [(left, centerY - 2 * unit), (body, top), (body + bodyWidth, top), (body + bodyWidth, bottom),
                                                 (body, bottom), (left, centerY + 2 * unit)]
        canvas.polyline(outline, fill: metrics.tagFill, stroke: SVGCanvas.Stroke(color: metrics.tagStroke, width: unit))
        canvas.circle(left + metrics.tagPoint / 2, centerY, radius: metrics.holeRadius, fill: metrics.hole, stroke: nil)
        labels.append(label(text, x: body + bodyWidth / 2, y: centerY - metrics.lineHeight / 2 + metrics.baseline, anchor: .middle,
                            color: metrics.tagText))
    }
}
