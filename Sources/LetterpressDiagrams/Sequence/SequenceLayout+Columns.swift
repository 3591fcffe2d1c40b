/// The columns: each participant's box as wide as its label, and each lifeline as far from the
/// one before it as the widest thing between them needs.
extension SequenceLayout {
    /// Measures every text and places the lifelines. Each message or note asks for a least
    /// distance between two columns; since every such pair has its left column first, placing
    /// the columns left to right, each at the farthest of the distances asked from columns
    /// already placed, satisfies them all (a longest path in a graph ordered by column).
    mutating func placeColumns() {
        participantText = diagram.participants.map { block($0.label) }
        widths = zip(diagram.participants, participantText).map { participant, text in
            let padding = participant.kind == .actor ? metrics.boxPadding.x / 2 : metrics.boxPadding.x
            return max(metrics.minimumBoxWidth, text.width + 2 * padding)
        }
        headHeight = zip(diagram.participants, participantText).map { participant, text in
            participant.kind == .actor ? metrics.actorHeight + metrics.textGap + text.height : text.height + 2 * metrics.boxPadding.y
        }.max() ?? 0
        eventText = diagram.events.map { event in
            switch event {
            case let .message(message): block(message.text)
            case let .note(note): block(note.text)
            default: TextBlock()
            }
        }
        var needs: [[(left: Int, distance: Double)]] = Array(repeating: [], count: diagram.participants.count)
        for index in needs.indices.dropFirst() {
            needs[index].append((index - 1, (widths[index - 1] + widths[index]) / 2 + metrics.columnGap))
        }
        for (index, event) in diagram.events.enumerated() {
            for (a, b, distance) in distances(for: event, text: eventText[index]) {
                let (left, right) = a < b ? (a, b) : (b, a)
                guard left != right, left >= 0, right < needs.count else { continue }
                needs[right].append((left, distance))
            }
        }
        centers = Array(repeating: 0, count: needs.count)
        for index in centers.indices {
            let placed = needs[index].map { centers[$0.left] + $0.distance }.max()
            centers[index] = placed ?? widths[index] / 2
        }
    }

    /// The least distances `event` asks for between two columns' lifelines.
    private func distances(for event: SequenceDiagram.Event, text: TextBlock) -> [(Int, Int, Double)] {
        switch event {
        case let .message(message):
            let number = message.number == nil ? 0 : 2 * metrics.numberRadius + (message.bothEnds ? 2 * metrics.arrowLength : 0)
            if message.from == message.to {
                let reach = max(metrics.loop.width, text.width + metrics.textGap + number / 2) + metrics.activationWidth
                return [(message.from, message.from + 1, reach + metrics.messagePadding)]
            }
            let receiverBox = message.createsReceiver ? widths[message.to] / 2 : 0
            return [(message.from, message.to, text.width + 2 * metrics.messagePadding + metrics.activationWidth + number + receiverBox)]
        case let .note(note):
            let width = text.width + 2 * metrics.notePadding.x
            let participant = note.participants[0]
            switch note.placement {
            case .rightOf:
                return [(participant, participant + 1, width + 2 * metrics.noteMargin + metrics.activationWidth)]
            case .leftOf:
                return [(participant - 1, participant, width + 2 * metrics.noteMargin + metrics.activationWidth)]
            case .over where note.participants.count == 2:
                return [(participant, note.participants[1], width - 2 * metrics.noteOverhang)]
            case .over:
                return [(participant - 1, participant, width / 2 + metrics.noteMargin), (participant, participant + 1, width / 2 + metrics.noteMargin)]
            }
        default:
            return []
        }
    }
}
