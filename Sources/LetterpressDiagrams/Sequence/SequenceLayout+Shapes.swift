/// The shapes of a sequence diagram: participants' boxes and stick figures, line ends, numbers.
extension SequenceLayout {
    /// Participant `index`'s box (or stick figure, for an actor) with its label, from `top`.
    mutating func drawHead(_ index: Int, top: Double) {
        let x = centers[index]
        let text = participantText[index]
        switch diagram.participants[index].kind {
        case .participant:
            canvas.rect(x - widths[index] / 2, top, widths[index], headHeight, fill: metrics.boxFill, stroke: metrics.outline,
                        radius: metrics.fontSize * 0.2)
            write(text, x: x, top: top + (headHeight - text.height) / 2, anchor: .middle)
        case .actor:
            let figureTop = top + (headHeight - metrics.actorHeight - metrics.textGap - text.height) / 2
            drawStickFigure(x: x, top: figureTop)
            write(text, x: x, top: figureTop + metrics.actorHeight + metrics.textGap, anchor: .middle)
        }
    }

    /// An actor: a head, a body, arms and legs, `actorHeight` tall.
    private mutating func drawStickFigure(x: Double, top: Double) {
        let size = metrics.fontSize
        let radius = size * 0.32
        let stroke = SVGCanvas.Stroke(color: metrics.line, width: metrics.messageLine.width)
        canvas.circle(x, top + size * 0.05 + radius, radius: radius, fill: metrics.boxFill, stroke: stroke)
        let neck = top + size * 0.05 + 2 * radius
        let hip = neck + size * 0.9
        canvas.line(x, neck, x, hip, stroke: stroke)
        canvas.line(x - size * 0.6, neck + size * 0.3, x + size * 0.6, neck + size * 0.3, stroke: stroke)
        canvas.polyline([(x - size * 0.5, hip + size * 0.75), (x, hip), (x + size * 0.5, hip + size * 0.75)], fill: nil, stroke: stroke)
    }

    /// The end of a horizontal line at (`x`, `y`), pointing `direction` (+1 right, -1 left).
    mutating func drawEnd(_ head: SequenceDiagram.Head, x: Double, y: Double, direction: Double) {
        let back = x - direction * metrics.arrowLength
        switch head {
        case .none:
            break
        case .arrow:
            canvas.polyline([(x, y), (back, y - metrics.arrowHalfWidth), (back, y + metrics.arrowHalfWidth)], fill: metrics.line, stroke: nil)
        case .open:
            canvas.polyline([(back, y - metrics.arrowHalfWidth), (x, y), (back, y + metrics.arrowHalfWidth)], fill: nil, stroke: metrics.messageLine)
        case .cross:
            drawCross(x: x - direction * metrics.crossSize, y: y, size: metrics.crossSize)
        }
    }

    /// An ×, `size` from its centre to each arm's end along either axis.
    mutating func drawCross(x: Double, y: Double, size: Double) {
        canvas.line(x - size, y - size, x + size, y + size, stroke: metrics.messageLine)
        canvas.line(x - size, y + size, x + size, y - size, stroke: metrics.messageLine)
    }

    /// An `autonumber` number on a disc where its message starts. Up to two digits are set in
    /// the messages' own font and size: each other size or weight costs the page a font lookup
    /// (fontconfig's sort, some 5 million instructions).
    mutating func drawNumber(_ number: Int, x: Double, y: Double) {
        canvas.circle(x, y, radius: metrics.numberRadius, fill: metrics.line, stroke: nil)
        let size = metrics.fontSize * (abs(number) < 100 ? 1 : 0.6)
        labels.append(label(String(number), x: x, y: y + size * 0.36, anchor: .middle, size: size, color: metrics.numberText))
    }
}
