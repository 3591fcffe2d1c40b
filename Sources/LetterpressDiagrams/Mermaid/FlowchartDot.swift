import LetterpressCore

/// A flowchart as a Graphviz graph for `dot`: nodes in Mermaid's shapes and the theme's fill,
/// subgraphs as clusters, edges with their line, heads and labels.
package enum FlowchartDot {
    package static func dot(for chart: Flowchart, style: DiagramStyle) -> String {
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
        for (index, edge) in chart.edges.enumerated() {
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
            attributes += MermaidStyle.edgeAttributes(chart.defaultLinkStyle.merging(chart.linkStyles[index] ?? [:]) { $1 })
            lines.append("\(quoted(from?.node ?? edge.from)) -> \(quoted(to?.node ?? edge.to)) [\(attributes.joined(separator: ", "))]")
        }
        // Last, so that no cluster takes the title's size or text as its default.
        if let title = chart.title { lines.append(titleStatement(title, style: style)) }
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
        let styled = MermaidStyle.attributes(MermaidStyle.properties(classDefs: chart.classes, classes: node.classes, style: node.style))
        attributes += styled.attributes
        styles += styled.styles
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

    /// A Mermaid front matter's title as the graph's label, above it, a quarter larger than the
    /// labels; written last, so that no cluster takes its size or text as a default.
    static func titleStatement(_ title: String, style: DiagramStyle) -> String {
        "label=\(quoted(title)); labelloc=t; fontsize=\(style.fontSize * 1.25)"
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
