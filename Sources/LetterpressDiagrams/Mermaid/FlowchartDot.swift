import LetterpressCore

/// A flowchart as a Graphviz graph for `dot`: nodes in Mermaid's shapes and the theme's fill,
/// subgraphs as clusters, edges with their line, heads and labels.
enum FlowchartDot {
    static func dot(for chart: Flowchart, style: DiagramStyle) -> String {
        var lines = ["digraph {", "rankdir=\(chart.direction); compound=true; nodesep=0.35; ranksep=0.45",
                     "node [shape=box, style=filled, fillcolor=\"\(style.nodeFill)\", margin=\"0.15,0.06\"]",
                     "edge [arrowsize=0.7]"]
        // A subgraph's name used as an edge's end stands for its box: the edge goes to a node
        // inside and is clipped at the cluster's border.
        var anchors: [String: (node: String, cluster: Int)] = [:]
        for (index, subgraph) in chart.subgraphs.enumerated() {
            if let member = chart.nodes.first(where: { $0.id != subgraph.id && isInside($0.subgraph, index, chart) }) {
                anchors[subgraph.id] = (member.id, index)
            }
        }
        var members: [[Flowchart.Node]] = Array(repeating: [], count: chart.subgraphs.count)
        for node in chart.nodes where anchors[node.id] == nil {
            if let subgraph = node.subgraph { members[subgraph].append(node) } else { lines.append(statement(for: node, chart: chart)) }
        }
        // Clusters in source order, each closed before a later one that is not inside it.
        var open: [Int] = []
        for (index, subgraph) in chart.subgraphs.enumerated() {
            while let top = open.last, top != subgraph.parent { open.removeLast(); lines.append("}") }
            open.append(index)
            lines.append("subgraph cluster_\(index) {")
            lines.append("label=\(quoted(subgraph.title)); style=\"filled,rounded\"; fillcolor=\"\(style.clusterFill)\"; color=\"\(style.lineColor)\"")
            lines.append(contentsOf: members[index].map { statement(for: $0, chart: chart) })
        }
        lines.append(contentsOf: open.map { _ in "}" })
        for edge in chart.edges {
            let from = anchors[edge.from]
            let to = anchors[edge.to]
            var attributes: [String] = []
            if !edge.label.isEmpty { attributes.append("label=\(quoted(edge.label))") }
            switch edge.line {
            case .solid: break
            case .dotted: attributes.append("style=dashed")
            case .thick: attributes.append("penwidth=2.5")
            case .invisible: attributes.append("style=invis")
            }
            attributes.append("arrowhead=\(head(edge.head))")
            if edge.tail != .none { attributes.append("dir=both, arrowtail=\(head(edge.tail))") }
            if edge.length > 1 { attributes.append("minlen=\(edge.length)") }
            if let from { attributes.append("ltail=cluster_\(from.cluster)") }
            if let to { attributes.append("lhead=cluster_\(to.cluster)") }
            lines.append("\(quoted(from?.node ?? edge.from)) -> \(quoted(to?.node ?? edge.to)) [\(attributes.joined(separator: ", "))]")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Whether subgraph `inner` is `outer` or lies inside it.
    private static func isInside(_ inner: Int?, _ outer: Int, _ chart: Flowchart) -> Bool {
        var current = inner
        while let index = current {
            if index == outer { return true }
            current = chart.subgraphs[index].parent
        }
        return false
    }

    private static func statement(for node: Flowchart.Node, chart: Flowchart) -> String {
        var attributes = ["label=\(quoted(node.label))"]
        var styles = ["filled"]
        switch node.shape {
        case .rectangle: break
        case .round, .stadium: styles.append("rounded")
        case .subroutine: attributes.append("peripheries=2")
        case .cylinder: attributes.append("shape=cylinder")
        case .circle: attributes.append("shape=circle")
        case .doubleCircle: attributes.append("shape=doublecircle")
        case .asymmetric: attributes.append("shape=cds")
        case .rhombus: attributes.append("shape=diamond")
        case .hexagon: attributes.append("shape=hexagon")
        case .parallelogram: attributes.append("shape=polygon, skew=0.3")
        case .parallelogramAlt: attributes.append("shape=polygon, skew=-0.3")
        case .trapezoid: attributes.append("shape=trapezium")
        case .trapezoidAlt: attributes.append("shape=invtrapezium")
        }
        // `classDef default` first, then the node's classes in order, then its own `style`.
        var properties = chart.classes["default"] ?? [:]
        for name in node.classes { properties.merge(chart.classes[name] ?? [:]) { $1 } }
        properties.merge(node.style) { $1 }
        if let fill = properties["fill"].flatMap(color) { attributes.append("fillcolor=\"\(fill)\"") }
        if let stroke = properties["stroke"].flatMap(color) { attributes.append("color=\"\(stroke)\"") }
        if let text = properties["color"].flatMap(color) { attributes.append("fontcolor=\"\(text)\"") }
        if let width = properties["stroke-width"].flatMap({ Double($0.replacingOccurrences(of: "px", with: "")) }), width.isFinite {
            attributes.append("penwidth=\(min(max(width * 0.75, 0), 10))")
        }
        if properties["stroke-dasharray"] != nil { styles.append("dashed") }
        attributes.append("style=\"\(styles.joined(separator: ","))\"")
        return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))]"
    }

    private static func head(_ head: Flowchart.Head) -> String {
        switch head {
        case .none: return "none"
        case .arrow: return "normal"
        case .circle: return "odot"
        case .cross: return "tee"
        }
    }

    /// A Mermaid colour (`#f9f`, a CSS name) as Graphviz reads it; nil for one it cannot.
    private static func color(_ text: String) -> String? {
        Color(parsing: text).map(\.description)
    }

    /// A DOT string: quotes and backslashes escaped, line breaks as DOT's centred breaks.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
