import Foundation
import LetterpressCore

/// Mermaid's flowchart syntax (`flowchart` or `graph`), as its documentation gives it, read a
/// statement at a time without recursion: every loop moves forward through the source, so the
/// work is linear in its length and bounded by `maximumNodes` and `maximumEdges`.
package enum MermaidParser {
    static let maximumNodes = GraphvizLayout.maximumNodes
    static let maximumEdges = GraphvizLayout.maximumEdges
    /// Subgraphs nest at most this deep (Graphviz lays clusters out recursively).
    static let maximumNesting = 16
    static let maximumSourceBytes = GraphvizLayout.maximumSourceBytes

    /// The flowchart `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<Flowchart, DiagramError> {
        guard source.utf8.count <= maximumSourceBytes else {
            return .failure(DiagramError("\(source.utf8.count / 1024) KB of source, more than the \(maximumSourceBytes / 1024) KB a diagram may have"))
        }
        var chart = Flowchart()
        var open: [Int] = []
        var sawHeader = false
        let (title, lines) = MermaidSource.read(source)
        chart.title = title
        for sourceLine in lines {
            let (line, text) = (sourceLine.number, sourceLine.text)
            if !sawHeader {
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })
                let type = words.first.map(String.init) ?? ""
                guard type == "flowchart" || type == "graph" else {
                    return .failure(DiagramError("Mermaid '\(Excerpt.name(type))' diagrams are not drawn yet (only flowcharts, sequence, state, class and ER diagrams, pie and gantt charts and git graphs are)", line: line))
                }
                if words.count > 1 {
                    guard let direction = direction(String(words[1])) else {
                        return .failure(DiagramError("expected a direction (TB, TD, BT, LR or RL) after '\(type)', not '\(Excerpt.name(String(words[1])))'", line: line))
                    }
                    chart.direction = direction
                }
                sawHeader = true
                continue
            }
            for statement in statements(of: text) {
                if let error = read(statement, line: line, into: &chart, open: &open) { return .failure(error) }
            }
        }
        guard sawHeader else { return .failure(DiagramError("the diagram is empty: expected 'flowchart' or 'graph'", line: 1)) }
        if !open.isEmpty { return .failure(DiagramError("subgraph '\(Excerpt.name(chart.subgraphs[open.last!].id))' has no 'end'")) }
        return .success(chart)
    }

    static func direction(_ word: String) -> String? {
        switch word.uppercased() {
        case "TB", "TD": return "TB"
        case "BT": return "BT"
        case "LR": return "LR"
        case "RL": return "RL"
        default: return nil
        }
    }

    /// A line cut at the semicolons that are not inside quotes or brackets.
    static func statements(of line: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        var quoted = false
        for character in line {
            switch character {
            case "\"": quoted.toggle()
            case "[", "(", "{": if !quoted { depth += 1 }
            case "]", ")", "}": if !quoted { depth = max(0, depth - 1) }
            case ";" where !quoted && depth == 0:
                result.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        result.append(current)
        return result.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Reads one statement into `chart`; the error, if it is not one.
    static func read(_ statement: String, line: Int, into chart: inout Flowchart, open: inout [Int]) -> DiagramError? {
        let words = statement.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        let keyword = words[0]
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        switch keyword {
        case "subgraph":
            guard open.count < maximumNesting else { return DiagramError("subgraphs nested more than \(maximumNesting) deep", line: line) }
            let (id, title) = subgraphHeading(rest, number: chart.subgraphs.count)
            chart.subgraphs.append(Flowchart.Subgraph(id: id, title: title, parent: open.last))
            open.append(chart.subgraphs.count - 1)
            return nil
        case "end":
            guard open.popLast() != nil else { return DiagramError("'end' without a subgraph to end", line: line) }
            return nil
        case "direction", "click", "accTitle", "accTitle:", "accDescr", "accDescr:":
            // A subgraph's own direction: dot lays clusters out in the graph's. Links and
            // accessibility text draw nothing on paper.
            return nil
        case "linkStyle":
            return readLinkStyle(rest, line: line, into: &chart)
        case "classDef":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return DiagramError("expected 'classDef name property:value,…'", line: line) }
            let properties = styleProperties(parts[1])
            for name in parts[0].split(separator: ",") { chart.classes[String(name), default: [:]].merge(properties) { $1 } }
            return nil
        case "class":
            let parts = rest.split(separator: " ").map(String.init)
            guard parts.count == 2 else { return DiagramError("expected 'class node,… className'", line: line) }
            for id in parts[0].split(separator: ",") {
                guard let index = chart.index(ofNode: String(id), subgraph: open.last, limit: maximumNodes) else { return tooMany(line) }
                chart.nodes[index].classes.append(parts[1])
            }
            return nil
        case "style":
            let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return DiagramError("expected 'style node property:value,…'", line: line) }
            guard let index = chart.index(ofNode: parts[0], subgraph: open.last, limit: maximumNodes) else { return tooMany(line) }
            chart.nodes[index].style.merge(styleProperties(parts[1])) { $1 }
            return nil
        default:
            var scanner = FlowchartScanner(statement, line: line)
            return scanner.readChain(into: &chart, subgraph: open.last)
        }
    }

    /// `linkStyle 0,2 stroke:#f00,stroke-width:2px` or `linkStyle default …`, after an optional
    /// `interpolate curve` (dot draws its own curves). As in Mermaid, a number names an edge
    /// written before it.
    static func readLinkStyle(_ text: String, line: Int, into chart: inout Flowchart) -> DiagramError? {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard !words.isEmpty else { return DiagramError("expected edge numbers or 'default' after 'linkStyle'", line: line) }
        let target = words.removeFirst()
        if words.first == "interpolate" { words.removeFirst(min(2, words.count)) }
        let properties = styleProperties(words.joined(separator: " "))
        if target == "default" {
            chart.defaultLinkStyle.merge(properties) { $1 }
            return nil
        }
        for number in target.split(separator: ",") {
            guard let index = Int(number), index >= 0 else {
                return DiagramError("expected edge numbers or 'default' after 'linkStyle', not '\(Excerpt.name(String(number)))'", line: line)
            }
            guard index < chart.edges.count else {
                return DiagramError("linkStyle \(index): there \(chart.edges.count == 1 ? "is one edge" : "are \(chart.edges.count) edges") before it, numbered from 0", line: line)
            }
            chart.linkStyles[index, default: [:]].merge(properties) { $1 }
        }
        return nil
    }

    static func tooMany(_ line: Int) -> DiagramError {
        DiagramError("more than \(maximumNodes) nodes or \(maximumEdges) edges", line: line)
    }

    /// `id`, `id[title]`, `id [title]` or `"title"` after `subgraph`.
    static func subgraphHeading(_ text: String, number: Int) -> (id: String, title: String) {
        if text.isEmpty { return ("subgraph\(number)", "") }
        if text.hasPrefix("\"") { let title = unquoted(text); return (title, title) }
        if let open = text.firstIndex(of: "["), text.hasSuffix("]") {
            let id = text[..<open].trimmingCharacters(in: .whitespaces)
            return (id, unquoted(String(text[text.index(after: open)..<text.index(before: text.endIndex)])))
        }
        return (text, text)
    }

    /// `fill:#f9f,stroke:#333,stroke-width:4px` as a table.
    static func styleProperties(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for property in text.split(separator: ",") {
            let pair = property.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { result[pair[0]] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: ";")) }
        }
        return result
    }

    /// A label as shown: without its quotes, `<br>` as a line break, Markdown backticks and
    /// Font Awesome icons (`fa:fa-car`, which need a web font) dropped.
    static func unquoted(_ text: String) -> String {
        var label = text.trimmingCharacters(in: .whitespaces)
        if label.count >= 2, label.hasPrefix("\""), label.hasSuffix("\"") { label = String(label.dropFirst().dropLast()) }
        if label.count >= 2, label.hasPrefix("`"), label.hasSuffix("`") { label = String(label.dropFirst().dropLast()) }
        label = label.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        label = label.replacingOccurrences(of: #"fa[bsrl]?:fa-[a-z0-9-]+\s*"#, with: "", options: .regularExpression)
        return label.replacingOccurrences(of: "#quot;", with: "\"")
    }
}

extension Flowchart {
    /// The index of node `id`, added if new; nil past `limit` nodes. As in Mermaid, a node
    /// named inside a subgraph belongs to it unless an earlier subgraph has it.
    mutating func index(ofNode id: String, subgraph: Int?, limit: Int) -> Int? {
        let index = node(id, subgraph: subgraph)
        if nodes[index].subgraph == nil { nodes[index].subgraph = subgraph }
        return nodes.count > limit ? nil : index
    }
}
