import LetterpressCore

/// Reads a flowchart statement of nodes and edges, `a[Label] --> b & c -- text --> d`, left
/// to right in one pass.
struct FlowchartScanner {
    private let characters: [Character]
    private var index = 0
    private let line: Int

    init(_ statement: String, line: Int) {
        characters = Array(statement)
        self.line = line
    }

    /// The nodes and edges of the statement added to `chart`; the error, if it is not one.
    mutating func readChain(into chart: inout Flowchart, subgraph: Int?) -> DiagramError? {
        var previous: [Int] = []
        var pending: Flowchart.Edge?
        while true {
            skipSpaces()
            var group: [Int] = []
            repeat {
                skipSpaces()
                switch readNode(into: &chart, subgraph: subgraph) {
                case let .success(node): group.append(node)
                case let .failure(error): return error
                }
                skipSpaces()
            } while take("&")
            if var edge = pending {
                for from in previous {
                    for to in group {
                        guard chart.edges.count < MermaidParser.maximumEdges else { return MermaidParser.tooMany(line) }
                        edge.from = chart.nodes[from].id
                        edge.to = chart.nodes[to].id
                        chart.edges.append(edge)
                    }
                }
            }
            skipSpaces()
            if index >= characters.count { return nil }
            switch readEdge() {
            case let .success(edge): pending = edge
            case let .failure(error): return error
            }
            previous = group
        }
    }

    // MARK: Nodes

    /// Shapes by their opening and closing brackets, longest first so that `((` is not read as `(`.
    private static let shapes: [(open: String, close: String, shape: Flowchart.Shape)] = [
        ("(((", ")))", .doubleCircle), ("((", "))", .circle), ("([", "])", .stadium), ("[[", "]]", .subroutine),
        ("[(", ")]", .cylinder), ("{{", "}}", .hexagon), ("[/", "/]", .parallelogram), ("[/", "\\]", .trapezoid),
        ("[\\", "\\]", .parallelogramAlt), ("[\\", "/]", .trapezoidAlt), ("[", "]", .rectangle), ("(", ")", .round),
        ("{", "}", .rhombus), (">", "]", .asymmetric),
    ]

    private mutating func readNode(into chart: inout Flowchart, subgraph: Int?) -> Result<Int, DiagramError> {
        let start = index
        while index < characters.count, isIDCharacter(at: index) { index += 1 }
        guard index > start else {
            let found = index < characters.count ? "'\(characters[index])'" : "the end of the line"
            return .failure(DiagramError("expected a node's name, found \(found)", line: line))
        }
        let id = String(characters[start..<index])
        guard let node = chart.index(ofNode: id, subgraph: subgraph, limit: MermaidParser.maximumNodes) else {
            return .failure(MermaidParser.tooMany(line))
        }
        var shaped = false
        for candidate in Self.shapes where matches(candidate.open) {
            let labelStart = index + candidate.open.count
            guard let (label, end) = closing(candidate.close, from: labelStart) else { continue }
            chart.nodes[node].label = MermaidParser.unquoted(label)
            chart.nodes[node].shape = candidate.shape
            index = end
            shaped = true
            break
        }
        if !shaped, let opening = characters[safe: index], "[({".contains(opening) {
            return .failure(DiagramError("node '\(Excerpt.name(id))': its label's '\(opening)' is not closed", line: line))
        }
        if matches(":::") {
            index += 3
            let classStart = index
            while index < characters.count, isIDCharacter(at: index) { index += 1 }
            chart.nodes[node].classes.append(String(characters[classStart..<index]))
        }
        return .success(node)
    }

    /// The label from `start` to the first `close` outside quotes, and the index past it.
    private func closing(_ close: String, from start: Int) -> (String, Int)? {
        let closer = Array(close)
        var position = start
        var quoted = false
        while position < characters.count {
            if characters[position] == "\"" { quoted.toggle() }
            if !quoted, position + closer.count <= characters.count, Array(characters[position..<position + closer.count]) == closer {
                // `[/text/]` and `[/text\]` share an opening: the closing decides.
                return (String(characters[start..<position]), position + closer.count)
            }
            position += 1
        }
        return nil
    }

    private func isIDCharacter(at position: Int) -> Bool {
        let character = characters[position]
        if character.isLetter || character.isNumber || character == "_" { return true }
        // A hyphen inside a name (`my-node`), not the start of an edge.
        if character == "-", position + 1 < characters.count {
            let next = characters[position + 1]
            return next.isLetter || next.isNumber
        }
        return false
    }

    // MARK: Edges

    private mutating func readEdge() -> Result<Flowchart.Edge, DiagramError> {
        var edge = Flowchart.Edge(from: "", to: "")
        if take("<") { edge.tail = .arrow } else if matches("o-") || matches("x-") {
            edge.tail = characters[index] == "o" ? .circle : .cross
            index += 1
        }
        guard let first = characters[safe: index], "-=~.".contains(first) else {
            return .failure(DiagramError("expected an edge (such as -->) or the end of the statement, found '\(characters[index])'", line: line))
        }
        let runStart = index
        let line: Flowchart.Line
        switch first {
        case "=": line = .thick
        case "~": line = .invisible
        default: line = .solid
        }
        edge.line = line
        while let character = characters[safe: index], character == first || (first == "-" && character == ".") { index += 1 }
        var run = String(characters[runStart..<index])
        if run.contains(".") { edge.line = .dotted }
        // `-- text -->`, `-. text .->`, `== text ==>`, with or without spaces around the text
        // (`--text-->`, `-.text.->`): the text runs to the edge's end, a quoted text whole.
        if run == "--" || run == "-." || run == "==", let next = characters[safe: index], opensText(next) {
            let end = first == "=" ? "==" : (run == "-." ? ".-" : "--")
            guard let stop = find(end, from: index, outsideQuotes: true) else {
                return .failure(DiagramError("the text of an edge '\(run) …' does not end with '\(end)…'", line: self.line))
            }
            edge.label = MermaidParser.unquoted(String(characters[index..<stop]))
            index = stop
            let restStart = index
            while let character = characters[safe: index], character == first || character == "." || character == "-" { index += 1 }
            run = run + String(characters[restStart..<index])
        }
        // `--o` and `--x` end in a circle or a cross, unless the letter starts the next node's name.
        switch characters[safe: index] {
        case ">": edge.head = .arrow; index += 1
        case "o" where endsEdge(after: index): edge.head = .circle; index += 1
        case "x" where endsEdge(after: index): edge.head = .cross; index += 1
        default: edge.head = .none
        }
        let strokes = run.filter { $0 == first }.count
        guard strokes >= 2 || (edge.line == .dotted && edge.head != .none) || run.contains(".") else {
            return .failure(DiagramError("'\(run)' is not an edge (write --> or ---)", line: self.line))
        }
        if edge.line == .invisible { edge.head = .none }
        edge.length = max(1, strokes - (edge.head == .none ? 2 : 1))
        skipSpaces()
        if take("|") {
            guard let stop = find("|", from: index) else {
                return .failure(DiagramError("the edge's label '|…' has no closing '|'", line: self.line))
            }
            edge.label = MermaidParser.unquoted(String(characters[index..<stop]))
            index = stop + 1
        }
        return .success(edge)
    }

    /// Whether `next`, after an edge's first strokes, starts its text rather than the rest of
    /// the edge: not a head (`>`, or an `o` or `x` that ends the edge) nor a label's bar.
    private func opensText(_ next: Character) -> Bool {
        switch next {
        case ">", "|", "-", "=", ".": return false
        case "o", "x": return !endsEdge(after: index)
        default: return true
        }
    }

    /// Whether the `o` or `x` at `position` is an edge's head (`--o B`, `--x|label|`) rather
    /// than the first letter of a node's name or of the edge's text.
    private func endsEdge(after position: Int) -> Bool {
        characters[safe: position + 1].map { $0 == " " || $0 == "\t" || $0 == "|" } ?? true
    }

    private func find(_ text: String, from start: Int, outsideQuotes: Bool = false) -> Int? {
        let wanted = Array(text)
        var position = start
        var quoted = false
        while position + wanted.count <= characters.count {
            if outsideQuotes, characters[position] == "\"" { quoted.toggle() }
            if !quoted, Array(characters[position..<position + wanted.count]) == wanted { return position }
            position += 1
        }
        return nil
    }

    private func matches(_ text: String) -> Bool {
        let wanted = Array(text)
        return index + wanted.count <= characters.count && Array(characters[index..<index + wanted.count]) == wanted
    }

    private mutating func take(_ text: String) -> Bool {
        guard matches(text) else { return false }
        index += text.count
        return true
    }

    private mutating func skipSpaces() {
        while let character = characters[safe: index], character == " " || character == "\t" { index += 1 }
    }
}

private extension Array {
    subscript(safe position: Int) -> Element? { indices.contains(position) ? self[position] : nil }
}
