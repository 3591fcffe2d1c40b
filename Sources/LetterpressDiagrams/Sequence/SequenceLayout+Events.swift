/// The rows: each event drawn below the one before it.
extension SequenceLayout {
    mutating func draw(_ event: SequenceDiagram.Event, text: TextBlock) {
        switch event {
        case let .message(message):
            drawMessage(message, text: text)
        case let .note(note):
            drawNote(note, text: text)
        case let .activate(participant):
            // As in Mermaid, an activation starts at the message before it.
            activations[participant].append(lastMessageY ?? y)
        case let .deactivate(participant):
            endActivation(of: participant, at: lastMessageY ?? y)
        case let .frameStart(kind, label, fill):
            y += metrics.frameGap
            frames.append(OpenFrame(kind: kind, label: label, fill: fill, top: y, order: framesOpened))
            framesOpened += 1
            y += kind == .rect ? metrics.frameGap : tabHeight + metrics.frameGap
        case let .frameSection(label):
            guard !frames.isEmpty else { return }
            y += metrics.frameGap / 2
            frames[frames.count - 1].sections.append((y, label))
            y += metrics.textGap + (label.isEmpty ? 0 : metrics.lineHeight) + metrics.frameGap
        case .frameEnd:
            closeFrame()
        }
    }

    /// A frame's label tab: its keyword and some room around it.
    var tabHeight: Double { metrics.lineHeight + metrics.tabPadding }

    // MARK: Messages

    private mutating func drawMessage(_ message: SequenceDiagram.Message, text: TextBlock) {
        var lineY = y + (text.lines.isEmpty ? metrics.textGap : text.height + metrics.textGap)
        if message.createsReceiver { lineY = max(lineY, y + headHeight / 2) }
        let senderDepth = activations[message.from].count
        if message.activatesReceiver { activations[message.to].append(lineY) }
        let receiverDepth = activations[message.to].count
        if message.from == message.to {
            drawSelfMessage(message, text: text, y: lineY, depths: (senderDepth, receiverDepth))
        } else {
            let direction: Double = centers[message.to] > centers[message.from] ? 1 : -1
            let start = edge(message.from, depth: senderDepth, toward: direction)
            var end = edge(message.to, depth: receiverDepth, toward: -direction)
            if message.createsReceiver {
                // The arrow meets the new box's side, or the stick figure's hand.
                let half = diagram.participants[message.to].kind == .actor ? metrics.fontSize * 0.7 : widths[message.to] / 2
                end = centers[message.to] - direction * half
                createdAt[message.to] = lineY
                drawHead(message.to, top: lineY - headHeight / 2)
            }
            let stroke = SVGCanvas.Stroke(color: metrics.line, width: metrics.messageLine.width, dashed: message.line == .dotted)
            let inset = metrics.arrowLength * 0.8
            canvas.line(start + (message.bothEnds ? direction * inset : 0), lineY, end - (message.head == .arrow ? direction * inset : 0), lineY,
                        stroke: stroke)
            // A message that destroys its receiver ends in the destruction's own cross.
            if !(message.head == .cross && message.destroys.contains(message.to)) {
                drawEnd(message.head, x: end, y: lineY, direction: direction)
            }
            if message.bothEnds { drawEnd(.arrow, x: start, y: lineY, direction: -direction) }
            write(text, x: (start + end) / 2, top: lineY - metrics.textGap - text.height, anchor: .middle)
            if let number = message.number {
                // Past the sender's arrowhead when there is one, which the disc would hide.
                drawNumber(number, x: start + (message.bothEnds ? direction * (metrics.arrowLength + metrics.numberRadius) : 0), y: lineY)
            }
            include((start + end - text.width) / 2, (start + end + text.width) / 2)
            if message.createsReceiver { include(centers[message.to] - widths[message.to] / 2, centers[message.to] + widths[message.to] / 2) }
        }
        // A frame holds the whole of the activation bars its messages leave and reach.
        include(edge(message.from, depth: senderDepth, toward: -1), edge(message.from, depth: senderDepth, toward: 1))
        include(edge(message.to, depth: receiverDepth, toward: -1), edge(message.to, depth: receiverDepth, toward: 1))
        // Where the message's line ends: a loop comes back below where it left.
        let lineEnd = message.from == message.to ? lineY + metrics.loop.height : lineY
        if message.deactivatesSender { endActivation(of: message.from, at: lineEnd) }
        for participant in message.destroys {
            while !activations[participant].isEmpty { endActivation(of: participant, at: lineY) }
            destroyedAt[participant] = lineY
            drawCross(x: centers[participant], y: lineY, size: metrics.crossSize * 1.4)
        }
        lastMessageY = lineEnd
        y = lineEnd + metrics.rowGap
        if message.createsReceiver { y = max(y, lineY + headHeight / 2 + metrics.rowGap) }
    }

    /// A message to oneself: a loop out to the right and back, its text above it.
    private mutating func drawSelfMessage(_ message: SequenceDiagram.Message, text: TextBlock, y lineY: Double, depths: (Int, Int)) {
        let start = edge(message.from, depth: depths.0, toward: 1)
        let end = edge(message.to, depth: depths.1, toward: 1)
        let bottom = lineY + metrics.loop.height
        let right = max(start, end) + metrics.loop.width
        let stroke = SVGCanvas.Stroke(color: metrics.line, width: metrics.messageLine.width, dashed: message.line == .dotted)
        let tip = end + (message.head == .arrow ? metrics.arrowLength * 0.8 : 0)
        canvas.curve((start, lineY), (right, lineY), (right, bottom), (tip, bottom), stroke: stroke)
        drawEnd(message.head, x: end, y: bottom, direction: -1)
        if message.bothEnds { drawEnd(.arrow, x: start, y: lineY, direction: -1) }
        let textX = start + metrics.textGap + (message.number == nil ? 0 : metrics.numberRadius)
        write(text, x: textX, top: lineY - metrics.textGap - text.height, anchor: .start)
        if let number = message.number { drawNumber(number, x: start, y: lineY) }
        include(min(start, end), max(right, textX + text.width))
    }

    /// Where a line going `toward` +1 (right) or -1 (left) leaves or reaches `participant`'s
    /// lifeline, or its outermost activation bar when `depth` of them are open.
    func edge(_ participant: Int, depth: Int, toward direction: Double) -> Double {
        guard depth > 0 else { return centers[participant] }
        return centers[participant] + Double(depth - 1) * metrics.activationShift + direction * metrics.activationWidth / 2
    }

    /// Ends `participant`'s innermost activation at `end`: its bar, nested ones moved right.
    mutating func endActivation(of participant: Int, at end: Double) {
        guard let start = activations[participant].popLast() else { return }
        let depth = Double(activations[participant].count)
        let x = centers[participant] + depth * metrics.activationShift - metrics.activationWidth / 2
        let bottom = max(end, start + 2 * metrics.textGap)
        canvas.rect(x, start, metrics.activationWidth, bottom - start, fill: metrics.activationFill,
                    stroke: SVGCanvas.Stroke(color: metrics.activationStroke, width: metrics.thinWidth), layer: .bars)
        include(x, x + metrics.activationWidth)
    }

    // MARK: Notes

    private mutating func drawNote(_ note: SequenceDiagram.Note, text: TextBlock) {
        var width = text.width + 2 * metrics.notePadding.x
        let height = text.height + 2 * metrics.notePadding.y
        let participant = note.participants[0]
        let depth = activations[participant].count
        let left: Double
        switch note.placement {
        case .rightOf:
            left = edge(participant, depth: depth, toward: 1) + metrics.noteMargin
        case .leftOf:
            left = edge(participant, depth: depth, toward: -1) - metrics.noteMargin - width
        case .over where note.participants.count == 2:
            let (a, b) = (centers[participant], centers[note.participants[1]])
            width = max(width, abs(b - a) + 2 * metrics.noteOverhang)
            left = (a + b) / 2 - width / 2
        case .over:
            left = centers[participant] - width / 2
        }
        canvas.rect(left, y, width, height, fill: metrics.noteFill, stroke: SVGCanvas.Stroke(color: metrics.noteStroke, width: metrics.thinWidth))
        write(text, x: left + width / 2, top: y + metrics.notePadding.y, anchor: .middle)
        include(left, left + width)
        y += height + metrics.rowGap
    }

    // MARK: Frames

    /// Draws the innermost frame, now that its rows are known: around what it holds, wide enough
    /// for its labels, and counted in the frame around it.
    private mutating func closeFrame() {
        guard let frame = frames.popLast() else { return }
        y += metrics.frameGap
        let (top, bottom) = (frame.top, y)
        var (minX, maxX) = frame.minX <= frame.maxX ? (frame.minX, frame.maxX) : (centers.first ?? 0, centers.last ?? 0)
        minX -= metrics.framePadding
        maxX += metrics.framePadding
        let keyword = block(frame.kind.rawValue, bold: true)
        let tabWidth = keyword.width + 2 * metrics.tabPadding
        let condition = block(frame.label.isEmpty ? "" : "[\(frame.label)]")
        let sections = frame.sections.map { (y: $0.y, text: block($0.label.isEmpty ? "" : "[\($0.label)]")) }
        if frame.kind != .rect {
            maxX = max(maxX, minX + tabWidth + (condition.width > 0 ? condition.width + 2 * metrics.tabPadding : 0))
            for section in sections where section.text.width + 2 * metrics.framePadding > maxX - minX {
                maxX = minX + section.text.width + 2 * metrics.framePadding
            }
        }
        if frame.kind == .rect {
            fills.append((frame.order, minX, top, maxX - minX, bottom - top, frame.fill))
        } else {
            canvas.rect(minX, top, maxX - minX, bottom - top, fill: nil, stroke: metrics.outline)
            let notch = metrics.tabPadding
            canvas.polyline([(minX, top), (minX + tabWidth, top), (minX + tabWidth, top + tabHeight - notch),
                             (minX + tabWidth - notch, top + tabHeight), (minX, top + tabHeight)],
                            fill: metrics.tabFill, stroke: metrics.outline)
            let textTop = top + (tabHeight - metrics.lineHeight) / 2
            write(keyword, x: minX + metrics.tabPadding, top: textTop, anchor: .start, bold: true)
            // Centred in the frame as Mermaid has it, unless that would reach into the tab.
            let afterTab = minX + tabWidth + metrics.tabPadding
            if (minX + maxX) / 2 - condition.width / 2 >= afterTab {
                write(condition, x: (minX + maxX) / 2, top: textTop, anchor: .middle)
            } else {
                write(condition, x: afterTab, top: textTop, anchor: .start)
            }
            let dashed = SVGCanvas.Stroke(color: metrics.boxStroke, width: metrics.outline.width, dashed: true)
            for section in sections {
                canvas.line(minX, section.y, maxX, section.y, stroke: dashed)
                write(section.text, x: (minX + maxX) / 2, top: section.y + metrics.textGap, anchor: .middle)
            }
        }
        y += metrics.frameGap
        include(minX, maxX)
    }

    /// Counts `minX`…`maxX` as held by the innermost open frame.
    mutating func include(_ minX: Double, _ maxX: Double) {
        guard !frames.isEmpty else { return }
        frames[frames.count - 1].minX = min(frames[frames.count - 1].minX, minX)
        frames[frames.count - 1].maxX = max(frames[frames.count - 1].maxX, maxX)
    }
}
