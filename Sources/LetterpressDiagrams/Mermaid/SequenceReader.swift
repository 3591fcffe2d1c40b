import Foundation
import LetterpressCore

/// The state of a sequence diagram being read, a statement at a time: the diagram so far, the
/// frames and box still open, the activations, and what `autonumber`, `create` and `destroy`
/// ask of the next message.
struct SequenceReader {
    var diagram = SequenceDiagram()
    private var participantIndex: [String: Int] = [:]
    /// What `end` closes next, innermost last: a frame, or the `box` around participants.
    private var open: [Opening] = []
    /// How many activations each participant has open, by index.
    private var activations: [Int] = []
    private var nextNumber: Int?
    private var numberStep = 1
    /// `create` or `destroy` waiting for the message that does it, with the statement's line.
    private var pendingCreation: (participant: Int, line: Int)?
    private var pendingDestructions: [(participant: Int, line: Int)] = []
    /// Inside `accDescr { … }`: accessibility text, which draws nothing.
    private var inDescription = false

    private enum Opening: Equatable { case frame(SequenceDiagram.FrameKind), box }

    /// Reads one statement (a line, or a piece of one between semicolons); the error, if it is not one.
    mutating func read(_ statement: Substring, line: Int) -> DiagramError? {
        if inDescription {
            if statement.contains("}") { inDescription = false }
            return nil
        }
        let keyword = statement.prefix { !$0.isWhitespace && $0 != ":" && $0 != "{" }
        let rest = statement.dropFirst(keyword.count).trimmingWhitespace()
        switch keyword.lowercased() {
        case "participant", "actor":
            return declare(rest, kind: keyword.lowercased() == "actor" ? .actor : .participant, line: line).error
        case "create":
            return create(rest, line: line)
        case "destroy", "activate", "deactivate":
            let name = SequenceParser.text(rest, unquoting: true)
            guard !name.isEmpty else { return DiagramError("expected a participant's name after '\(keyword)'", line: line) }
            guard let index = participant(name, line: line) else { return tooManyParticipants(line) }
            switch keyword.lowercased() {
            case "destroy":
                pendingDestructions.append((index, line))
                return nil
            case "activate":
                return activate(index, line: line)
            default:
                return deactivate(index, line: line)
            }
        case "note":
            return note(rest, line: line)
        case "loop", "alt", "opt", "par", "par_over", "critical", "break":
            let kind = SequenceDiagram.FrameKind(rawValue: keyword.lowercased()) ?? .par
            return openFrame(kind, label: SequenceParser.text(rest), fill: nil, line: line)
        case "rect":
            guard let fill = SequenceReader.color(rest)?.color else {
                return DiagramError("expected a colour after 'rect' (rgb(…), rgba(…), #rrggbb or a name), not '\(Excerpt.name(String(rest)))'", line: line)
            }
            return openFrame(.rect, label: "", fill: fill, line: line)
        case "else", "and", "option":
            return section(keyword.lowercased(), label: SequenceParser.text(rest), line: line)
        case "end":
            return close(line: line)
        case "box":
            return openBox(rest, line: line)
        case "autonumber":
            return autonumber(rest, line: line)
        case "title":
            diagram.title = SequenceParser.text(rest.hasPrefix(":") ? rest.dropFirst() : rest)
            return nil
        case "accdescr" where rest.hasPrefix("{"):
            inDescription = !rest.contains("}")
            return nil
        case "acctitle", "accdescr", "link", "links", "properties", "details":
            // Accessibility text and actor menus (links) draw nothing on paper.
            return nil
        default:
            return message(statement, line: line)
        }
    }

    /// The diagram, once every statement is read; or what was left open.
    func finish() -> Result<SequenceDiagram, DiagramError> {
        if let opening = open.last {
            let name = switch opening {
            case let .frame(kind): "'\(kind.rawValue)'"
            case .box: "'box'"
            }
            return .failure(DiagramError("\(name) has no 'end'"))
        }
        if let pending = pendingCreation {
            return .failure(DiagramError("no message creates '\(Excerpt.name(diagram.participants[pending.participant].id))' after 'create'", line: pending.line))
        }
        if let pending = pendingDestructions.first {
            return .failure(DiagramError("no message destroys '\(Excerpt.name(diagram.participants[pending.participant].id))' after 'destroy'", line: pending.line))
        }
        guard !diagram.participants.isEmpty else { return .failure(DiagramError("the diagram has no participants or messages")) }
        return .success(diagram)
    }

    // MARK: Participants

    /// `id`, `id as label`, with Mermaid's newer `id@{ "type": … }` (drawn as a box) allowed.
    private mutating func declare(_ text: Substring, kind: SequenceDiagram.Kind, line: Int) -> (index: Int?, error: DiagramError?) {
        var id = text
        var label: Substring?
        if let range = text.range(of: " as ") {
            id = text[..<range.lowerBound].trimmingWhitespace()
            label = text[range.upperBound...].trimmingWhitespace()
        }
        if let metadata = id.range(of: "@{") { id = id[..<metadata.lowerBound].trimmingWhitespace() }
        let name = MermaidLines.unquoted(id)
        guard !name.isEmpty else { return (nil, DiagramError("expected a participant's name after '\(kind == .actor ? "actor" : "participant")'", line: line)) }
        guard let index = participant(name, line: line) else { return (nil, tooManyParticipants(line)) }
        diagram.participants[index].kind = kind
        if let label { diagram.participants[index].label = SequenceParser.text(label, unquoting: true) }
        if case .box = open.last { diagram.groups[diagram.groups.count - 1].members.append(index) }
        return (index, nil)
    }

    private mutating func create(_ text: Substring, line: Int) -> DiagramError? {
        let keyword = text.prefix { !$0.isWhitespace }.lowercased()
        guard keyword == "participant" || keyword == "actor" else {
            return DiagramError("expected 'participant' or 'actor' after 'create'", line: line)
        }
        let declared = declare(text.dropFirst(keyword.count).trimmingWhitespace(), kind: keyword == "actor" ? .actor : .participant, line: line)
        guard let index = declared.index else { return declared.error }
        diagram.participants[index].isCreated = true
        pendingCreation = (index, line)
        return nil
    }

    /// The index of participant `id`, added (its id as its label) if new; nil past the limit.
    private mutating func participant(_ id: String, line: Int) -> Int? {
        if let index = participantIndex[id] { return index }
        guard diagram.participants.count < SequenceParser.maximumParticipants else { return nil }
        diagram.participants.append(SequenceDiagram.Participant(id: id, label: SequenceParser.text(Substring(id))))
        activations.append(0)
        participantIndex[id] = diagram.participants.count - 1
        return diagram.participants.count - 1
    }

    private func tooManyParticipants(_ line: Int) -> DiagramError {
        DiagramError("more than \(SequenceParser.maximumParticipants) participants", line: line)
    }

    private mutating func activate(_ index: Int, line: Int) -> DiagramError? {
        activations[index] += 1
        return add(.activate(index), line: line)
    }

    /// Ends the latest activation of participant `index`: Mermaid refuses one that has none.
    private mutating func deactivate(_ index: Int, line: Int) -> DiagramError? {
        guard activations[index] > 0 else {
            return DiagramError("'\(Excerpt.name(diagram.participants[index].id))' is deactivated but not active", line: line)
        }
        activations[index] -= 1
        return add(.deactivate(index), line: line)
    }

    private mutating func add(_ event: SequenceDiagram.Event, line: Int) -> DiagramError? {
        guard diagram.events.count < SequenceParser.maximumEvents else {
            return DiagramError("more than \(SequenceParser.maximumEvents) messages, notes, activations and frames", line: line)
        }
        diagram.events.append(event)
        return nil
    }

    // MARK: Notes

    /// `left of A: text`, `right of A: text`, `over A: text` or `over A,B: text`.
    private mutating func note(_ text: Substring, line: Int) -> DiagramError? {
        guard let colon = text.firstIndex(of: ":") else {
            return DiagramError("expected ':' and the note's text after 'Note \(Excerpt.name(String(text)))'", line: line)
        }
        let head = text[..<colon].trimmingWhitespace()
        let lower = head.lowercased()
        let placements: [(String, SequenceDiagram.NotePlacement)] = [("left of ", .leftOf), ("right of ", .rightOf), ("over ", .over)]
        guard let match = placements.first(where: { lower.hasPrefix($0.0) }) else {
            return DiagramError("expected 'left of', 'right of' or 'over' after 'Note', not '\(Excerpt.name(String(head)))'", line: line)
        }
        let placement = match.1
        let names = head.dropFirst(match.0.count)
        let ids = names.split(separator: ",").map { MermaidLines.unquoted($0.trimmingWhitespace()) }
        guard (1...2).contains(ids.count), ids.allSatisfy({ !$0.isEmpty }), placement == .over || ids.count == 1 else {
            return DiagramError("expected one participant, or two after 'over', in '\(Excerpt.name(String(head)))'", line: line)
        }
        var participants: [Int] = []
        for id in ids {
            guard let index = participant(id, line: line) else { return tooManyParticipants(line) }
            participants.append(index)
        }
        if participants.count == 2, participants[0] == participants[1] { participants.removeLast() }
        return add(.note(SequenceDiagram.Note(placement: placement, participants: participants,
                                              text: SequenceParser.text(text[text.index(after: colon)...]))), line: line)
    }

    // MARK: Frames and boxes

    private mutating func openFrame(_ kind: SequenceDiagram.FrameKind, label: String, fill: Color?, line: Int) -> DiagramError? {
        guard open.count < SequenceParser.maximumNesting else {
            return DiagramError("frames nested more than \(SequenceParser.maximumNesting) deep", line: line)
        }
        open.append(.frame(kind))
        return add(.frameStart(kind, label: label, fill: fill), line: line)
    }

    /// `else` in an `alt`, `and` in a `par`, `option` in a `critical`.
    private mutating func section(_ keyword: String, label: String, line: Int) -> DiagramError? {
        let owner: SequenceDiagram.FrameKind = keyword == "else" ? .alt : keyword == "and" ? .par : .critical
        guard case let .frame(kind) = open.last, kind == owner else {
            return DiagramError("'\(keyword)' is only for '\(owner.rawValue)' frames", line: line)
        }
        return add(.frameSection(label: label), line: line)
    }

    private mutating func close(line: Int) -> DiagramError? {
        switch open.popLast() {
        case nil: return DiagramError("'end' without a frame or box to end", line: line)
        case .box: return nil
        case .frame: return add(.frameEnd, line: line)
        }
    }

    /// `box [colour] [label]`: the participants declared until `end`, grouped.
    private mutating func openBox(_ text: Substring, line: Int) -> DiagramError? {
        guard open.isEmpty else { return DiagramError("a 'box' inside a frame or another box", line: line) }
        var label = text
        var fill: Color?
        if let color = SequenceReader.color(text) {
            fill = color.color.alpha > 0 ? color.color : nil
            label = color.rest
        }
        diagram.groups.append(SequenceDiagram.Group(label: SequenceParser.text(label, unquoting: true), fill: fill, members: []))
        open.append(.box)
        return nil
    }

    /// A colour at the start of `text` (`rgb(…)`, `rgba(…)`, `#hex`, a CSS name or
    /// `transparent`) and the text after it.
    static func color(_ text: Substring) -> (color: Color, rest: Substring)? {
        let lower = text.lowercased()
        if lower.hasPrefix("rgb"), let close = text.firstIndex(of: ")"), let open = text.firstIndex(of: "("), open < close {
            let parts = text[text.index(after: open)..<close].split(separator: ",").map { Double($0.trimmingWhitespace()) }
            guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
            let values = parts.map { $0! }
            let color = Color(red: min(max(values[0] / 255, 0), 1), green: min(max(values[1] / 255, 0), 1),
                              blue: min(max(values[2] / 255, 0), 1), alpha: values.count == 4 ? min(max(values[3], 0), 1) : 1)
            return (color, text[text.index(after: close)...].trimmingWhitespace())
        }
        let word = text.prefix { !$0.isWhitespace }
        guard let color = Color(parsing: String(word)) else { return nil }
        return (color, text.dropFirst(word.count).trimmingWhitespace())
    }

    private mutating func autonumber(_ text: Substring, line: Int) -> DiagramError? {
        let words = text.split(whereSeparator: \.isWhitespace)
        if words.first?.lowercased() == "off" {
            nextNumber = nil
            return nil
        }
        let numbers = words.map { Int($0) }
        guard words.count <= 2, numbers.allSatisfy({ $0 != nil }) else {
            return DiagramError("expected 'autonumber', 'autonumber off' or 'autonumber start step', not 'autonumber \(Excerpt.name(String(text)))'", line: line)
        }
        nextNumber = numbers.first.flatMap { $0 } ?? nextNumber ?? 1
        if numbers.count == 2, let step = numbers[1] { numberStep = step }
        return nil
    }

    // MARK: Messages

    /// The arrows, longest first so that `-->>` is not read as `-->` and `>`.
    private static let arrows: [(text: String, line: SequenceDiagram.Line, head: SequenceDiagram.Head, bothEnds: Bool)] = [
        ("<<-->>", .dotted, .arrow, true), ("<<->>", .solid, .arrow, true),
        ("-->>", .dotted, .arrow, false), ("->>", .solid, .arrow, false),
        ("-->", .dotted, .none, false), ("->", .solid, .none, false),
        ("--x", .dotted, .cross, false), ("-x", .solid, .cross, false),
        ("--)", .dotted, .open, false), ("-)", .solid, .open, false),
    ]

    /// `From->>To: text`, with `+` or `-` after the arrow; names may hold spaces and hyphens.
    private mutating func message(_ statement: Substring, line: Int) -> DiagramError? {
        let colon = statement.firstIndex(of: ":") ?? statement.endIndex
        let head = statement[..<colon]
        var found: (range: Range<Substring.Index>, arrow: Int)?
        var index = head.startIndex
        search: while index < head.endIndex {
            if head[index] == "-" || head[index] == "<" {
                for (number, arrow) in Self.arrows.enumerated() where head[index...].hasPrefix(arrow.text) {
                    found = (index..<head.index(index, offsetBy: arrow.text.count), number)
                    break search
                }
            }
            index = head.index(after: index)
        }
        guard let found else {
            return DiagramError("expected a message such as 'A->>B: text', a declaration or a keyword, not '\(Excerpt.name(String(statement)))'", line: line)
        }
        var receiver = head[found.range.upperBound...].trimmingWhitespace()
        let arrow = Self.arrows[found.arrow]
        var message = SequenceDiagram.Message(from: 0, to: 0, text: "", line: arrow.line, head: arrow.head, bothEnds: arrow.bothEnds)
        if receiver.hasPrefix("+") {
            message.activatesReceiver = true
            receiver = receiver.dropFirst().trimmingWhitespace()
        } else if receiver.hasPrefix("-") {
            message.deactivatesSender = true
            receiver = receiver.dropFirst().trimmingWhitespace()
        }
        let senderName = MermaidLines.unquoted(head[..<found.range.lowerBound].trimmingWhitespace())
        let receiverName = MermaidLines.unquoted(receiver)
        guard !senderName.isEmpty, !receiverName.isEmpty else {
            return DiagramError("a message needs a sender and a receiver around its arrow '\(arrow.text)'", line: line)
        }
        guard let from = participant(senderName, line: line), let to = participant(receiverName, line: line) else { return tooManyParticipants(line) }
        (message.from, message.to) = (from, to)
        if colon < statement.endIndex { message.text = SequenceParser.text(statement[statement.index(after: colon)...]) }
        if let number = nextNumber {
            message.number = number
            nextNumber = number &+ numberStep
        }
        if let error = applyCreationAndDestruction(to: &message, line: line) { return error }
        if message.deactivatesSender {
            guard activations[from] > 0 else {
                return DiagramError("'\(Excerpt.name(senderName))' is deactivated but not active", line: line)
            }
            activations[from] -= 1
        }
        if message.activatesReceiver { activations[to] += 1 }
        return add(.message(message), line: line)
    }

    /// Mermaid's rule: the message after `create X` is sent to X, the one after `destroy X` is
    /// sent or received by X.
    private mutating func applyCreationAndDestruction(to message: inout SequenceDiagram.Message, line: Int) -> DiagramError? {
        if let pending = pendingCreation {
            guard pending.participant == message.to else {
                return DiagramError("the message after 'create' must be sent to '\(Excerpt.name(diagram.participants[pending.participant].id))'", line: line)
            }
            message.createsReceiver = true
            pendingCreation = nil
        }
        for pending in pendingDestructions {
            guard pending.participant == message.to || pending.participant == message.from else {
                return DiagramError("the message after 'destroy' must be sent or received by '\(Excerpt.name(diagram.participants[pending.participant].id))'", line: line)
            }
            message.destroys.append(pending.participant)
        }
        pendingDestructions = []
        return nil
    }
}
