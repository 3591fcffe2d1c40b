import Foundation
import LetterpressCore

/// Mermaid's state diagram syntax (`stateDiagram-v2`, and `stateDiagram`, which reads the
/// same), as its documentation gives it, read a line at a time without recursion: composite
/// states open and close on a stack, and the states, notes and transitions stop at the
/// flowchart's limits. A state belongs to the region it is first written in, so a body opened
/// later elsewhere is drawn there: `maximumNesting` bounds both how deep bodies open and how
/// deep they are drawn.
package struct StateDiagramParser {
    private var diagram = StateDiagram()
    /// The regions of the composite states open at this point, innermost last, with the line
    /// each opened on.
    private var open: [(region: Int, line: Int)] = []
    /// How deep each region is drawn: 1 for a body of a state at the top level.
    private var depths: [Int] = []
    /// The multi-line note being read, and the line it started on.
    private var openNote: (index: Int, line: Int)?
    /// Inside an `accDescr { … }` block, which draws nothing.
    private var inDescription = false

    /// The state diagram `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<StateDiagram, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'stateDiagram-v2'", line: 1)) }
        guard header.text == "stateDiagram-v2" || header.text == "stateDiagram" else {
            return .failure(DiagramError("expected 'stateDiagram-v2' alone on the diagram's first line, found \(Excerpt.quoted(header.text))", line: header.number))
        }
        var parser = StateDiagramParser()
        parser.diagram.title = title
        for line in lines.dropFirst() {
            if let error = parser.read(line) { return .failure(error) }
        }
        if let note = parser.openNote { return .failure(DiagramError("the note has no 'end note'", line: note.line)) }
        if let innermost = parser.open.last {
            let state = parser.diagram.states[parser.diagram.regions[innermost.region].state].id
            return .failure(DiagramError("state '\(Excerpt.name(state))' has no closing '}'", line: innermost.line))
        }
        return .success(parser.diagram)
    }

    private var region: Int? { open.last?.region }

    private mutating func read(_ line: MermaidSource.Line) -> DiagramError? {
        let text = line.text
        if let note = openNote {
            if text.lowercased() == "end note" {
                openNote = nil
            } else {
                diagram.notes[note.index].text += (diagram.notes[note.index].text.isEmpty ? "" : "\n") + text
            }
            return nil
        }
        if inDescription {
            inDescription = !text.contains("}")
            return nil
        }
        var reader = StatementReader(text, line: line.number)
        switch String(text.prefix { !$0.isWhitespace && $0 != ":" && $0 != "{" }) {
        case "direction":
            switch MermaidSource.direction(text, line: line.number) {
            // A composite state's own direction: dot lays clusters out in the graph's.
            case let .success(direction): if open.isEmpty { diagram.direction = direction }
            case let .failure(error): return error
            }
            return nil
        case "classDef":
            return classDef(text, line: line.number)
        case "class":
            return classes(text, line: line.number)
        case "style":
            let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { return DiagramError("expected 'style state property:value,…'", line: line.number) }
            guard let index = add(parts[1], line: line.number) else { return tooMany(line.number) }
            diagram.states[index].style.merge(MermaidParser.styleProperties(parts[2])) { $1 }
            return nil
        case "accTitle", "click":
            return nil
        case "accDescr":
            inDescription = text.contains("{") && !text.contains("}")
            return nil
        case "note":
            return note(&reader)
        case "state":
            return declaration(&reader)
        case "}":
            guard text == "}" else { return reader.expected("'}' alone on its line") }
            guard open.popLast() != nil else { return DiagramError("'}' without a composite state to close", line: line.number) }
            return nil
        case "--" where text == "--":
            guard let innermost = open.last else { return DiagramError("'--' outside a composite state", line: line.number) }
            diagram.regions.append(StateDiagram.Region(state: diagram.regions[innermost.region].state))
            depths.append(depths[innermost.region])
            open[open.count - 1].region = diagram.regions.count - 1
            return nil
        default:
            return transitionOrState(&reader)
        }
    }

    // MARK: Statements

    /// `a --> b`, `a --> b : text`, `a : description` or `a`, where `[*]` is a start or an end
    /// and a name may carry a `:::class`.
    private mutating func transitionOrState(_ reader: inout StatementReader) -> DiagramError? {
        let from: Int
        switch endpoint(&reader, kind: .start) {
        case let .success(index): from = index
        case let .failure(error): return error
        }
        reader.skipSpaces()
        if reader.take("-->") {
            reader.skipSpaces()
            let to: Int
            switch endpoint(&reader, kind: .end) {
            case let .success(index): to = index
            case let .failure(error): return error
            }
            reader.skipSpaces()
            var label = ""
            if reader.take(":") { label = MermaidParser.unquoted(reader.rest()) }
            guard reader.isAtEnd else { return reader.expected("':' and the transition's text, or the end of the line") }
            guard diagram.transitions.count < MermaidParser.maximumEdges else { return tooMany(reader.line) }
            diagram.transitions.append(StateDiagram.Transition(from: from, to: to, label: label))
        } else if reader.take(":") {
            let description = MermaidParser.unquoted(reader.rest())
            if !description.isEmpty { diagram.states[from].descriptions.append(description) }
        } else if !reader.isAtEnd {
            return reader.expected("'-->', ':' or the end of the line")
        }
        return nil
    }

    /// `[*]` (the region's start when `kind` is `.start`, its end otherwise) or a state's name,
    /// with an optional `:::class`.
    private mutating func endpoint(_ reader: inout StatementReader, kind: StateDiagram.Kind) -> Result<Int, DiagramError> {
        let index: Int
        if reader.take("[*]") {
            index = diagram.terminal(kind, region: region)
            guard diagram.states.count + diagram.notes.count <= MermaidParser.maximumNodes else { return .failure(tooMany(reader.line)) }
        } else if let name = reader.name() {
            guard let added = add(name, line: reader.line) else { return .failure(tooMany(reader.line)) }
            index = added
        } else {
            return .failure(reader.expected("a state's name or [*]"))
        }
        if reader.take(":::") {
            guard let name = reader.name() else { return .failure(reader.expected("a class's name after ':::'")) }
            diagram.states[index].cssClasses.append(name)
        }
        return .success(index)
    }

    /// `state name`, `state "description" as name`, each optionally followed by
    /// `<<choice>>`, `<<fork>>` or `<<join>>`, `:::class`, `: description` and `{`, which opens
    /// a composite state.
    private mutating func declaration(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("state")
        reader.skipSpaces()
        var description: String?
        if let quoted = reader.enclosed("\"", "\"") {
            description = MermaidParser.unquoted(quoted)
            reader.skipSpaces()
            guard reader.take("as") else { return reader.expected("'as' and the state's name after its description") }
            reader.skipSpaces()
        }
        guard let name = reader.name() else { return reader.expected("a state's name after 'state'") }
        guard let index = add(name, line: reader.line) else { return tooMany(reader.line) }
        reader.skipSpaces()
        if let stereotype = reader.enclosed("<<", ">") ?? reader.enclosed("[[", "]") {
            _ = reader.take(">") || reader.take("]")
            switch stereotype.lowercased() {
            case "choice": diagram.states[index].kind = .choice
            case "fork": diagram.states[index].kind = .fork
            case "join": diagram.states[index].kind = .join
            default:
                return DiagramError("expected <<choice>>, <<fork>> or <<join>>, found \(Excerpt.quoted(stereotype))", line: reader.line)
            }
            reader.skipSpaces()
        }
        if reader.take(":::") {
            guard let cssClass = reader.name() else { return reader.expected("a class's name after ':::'") }
            diagram.states[index].cssClasses.append(cssClass)
            reader.skipSpaces()
        }
        if reader.take(":") {
            description = MermaidParser.unquoted(reader.rest())
        }
        let opens = reader.take("{")
        reader.skipSpaces()
        guard reader.isAtEnd else { return reader.expected("'{' or the end of the line") }
        if let description, !description.isEmpty { diagram.states[index].descriptions.append(description) }
        if opens {
            let depth = (diagram.states[index].region.map { depths[$0] } ?? 0) + 1
            guard open.count < MermaidParser.maximumNesting, depth <= MermaidParser.maximumNesting else {
                return DiagramError("composite states nested more than \(MermaidParser.maximumNesting) deep", line: reader.line)
            }
            diagram.regions.append(StateDiagram.Region(state: index))
            depths.append(depth)
            open.append((diagram.regions.count - 1, reader.line))
        }
        return nil
    }

    /// `note left of s : text`, `note right of s` (its text on the lines up to `end note`) or
    /// `note "text" as N`, a note of its own.
    private mutating func note(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("note")
        reader.skipSpaces()
        guard diagram.states.count + diagram.notes.count < MermaidParser.maximumNodes else { return tooMany(reader.line) }
        if let text = reader.enclosed("\"", "\"") {
            diagram.notes.append(StateDiagram.Note(state: nil, side: .right, text: MermaidParser.unquoted(text), region: region))
            reader.skipSpaces()
            if reader.take("as") {
                reader.skipSpaces()
                _ = reader.name()
            }
            return reader.isAtEnd ? nil : reader.expected("'as' and the note's name, or the end of the line")
        }
        let side: StateDiagram.Side
        if reader.take("left of") {
            side = .left
        } else if reader.take("right of") {
            side = .right
        } else {
            return reader.expected("'left of' or 'right of' after 'note'")
        }
        reader.skipSpaces()
        guard let name = reader.name() else { return reader.expected("the name of the state the note is beside") }
        guard let state = add(name, line: reader.line) else { return tooMany(reader.line) }
        reader.skipSpaces()
        var note = StateDiagram.Note(state: state, side: side, text: "", region: diagram.states[state].region)
        if reader.take(":") {
            note.text = MermaidParser.unquoted(reader.rest())
            diagram.notes.append(note)
        } else {
            guard reader.isAtEnd else { return reader.expected("':' and the note's text, or the end of the line") }
            diagram.notes.append(note)
            openNote = (diagram.notes.count - 1, reader.line)
        }
        return nil
    }

    /// `classDef name,… property:value,…`.
    private mutating func classDef(_ text: String, line: Int) -> DiagramError? {
        guard let definition = MermaidStyle.definition(text) else { return DiagramError("expected 'classDef name property:value,…'", line: line) }
        for name in definition.names { diagram.classDefs[name, default: [:]].merge(definition.properties) { $1 } }
        return nil
    }

    /// `class state,… className`.
    private mutating func classes(_ text: String, line: Int) -> DiagramError? {
        guard let assignment = MermaidStyle.assignment(text) else { return DiagramError("expected 'class state,… className'", line: line) }
        for id in assignment.ids {
            guard let index = add(id, line: line) else { return tooMany(line) }
            diagram.states[index].cssClasses.append(assignment.className)
        }
        return nil
    }

    /// The index of state `name`, added in the current region when new; nil past the limit.
    private mutating func add(_ name: String, line: Int) -> Int? {
        let index = diagram.state(name, region: region)
        return diagram.states.count + diagram.notes.count > MermaidParser.maximumNodes ? nil : index
    }

    private func tooMany(_ line: Int) -> DiagramError {
        DiagramError("more than \(MermaidParser.maximumNodes) states and notes or \(MermaidParser.maximumEdges) transitions", line: line)
    }
}
