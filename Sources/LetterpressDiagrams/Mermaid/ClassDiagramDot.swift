/// A class diagram as a Graphviz graph for `dot`, drawn as UML draws it: each class a box of
/// three compartments (annotations and name, attributes, methods) as an HTML-like table;
/// relations with their ends (empty triangle, filled or empty diamond, open arrowhead,
/// lollipop), solid or dashed, multiplicities beside their ends; namespaces as clusters;
/// notes as folded-corner boxes.
package enum ClassDiagramDot {
    package static func dot(for diagram: ClassDiagram, style: DiagramStyle) -> String {
        var lines = ["digraph {", "rankdir=\(diagram.direction); nodesep=0.5; ranksep=0.6",
                     "node [shape=plain]", "edge [arrowsize=0.9, dir=both, labeldistance=1.8]"]
        var members: [[Int]] = Array(repeating: [], count: diagram.namespaces.count)
        for (index, item) in diagram.classes.enumerated() {
            if let namespace = item.namespace { members[namespace].append(index) } else { lines.append(node(index, diagram, style)) }
        }
        // Namespaces in source order, each closed before a later one that is not inside it.
        var open: [Int] = []
        for (index, namespace) in diagram.namespaces.enumerated() {
            while let top = open.last, top != namespace.parent { open.removeLast(); lines.append("}") }
            open.append(index)
            lines.append("subgraph cluster_\(index) {")
            lines.append("label=\(FlowchartDot.quoted(namespace.name)); style=\"filled,rounded\"; fillcolor=\"\(style.clusterFill)\"; color=\"\(style.lineColor)\"")
            lines.append(contentsOf: members[index].map { node($0, diagram, style) })
        }
        lines.append(contentsOf: open.map { _ in "}" })
        for relation in diagram.relations {
            var attributes = ["arrowtail=\(arrow(relation.fromEnd))", "arrowhead=\(arrow(relation.toEnd))"]
            if relation.dashed { attributes.append("style=dashed") }
            if !relation.label.isEmpty { attributes.append("label=\(FlowchartDot.quoted(relation.label))") }
            if !relation.fromCardinality.isEmpty { attributes.append("taillabel=\(FlowchartDot.quoted(relation.fromCardinality))") }
            if !relation.toCardinality.isEmpty { attributes.append("headlabel=\(FlowchartDot.quoted(relation.toCardinality))") }
            lines.append("c\(relation.from) -> c\(relation.to) [\(attributes.joined(separator: ", "))]")
        }
        for (index, note) in diagram.notes.enumerated() {
            lines.append("n\(index) [shape=note, label=\(FlowchartDot.quoted(note.text)), style=filled, fillcolor=\"\(style.clusterFill)\", margin=\"0.12,0.06\"]")
            if let target = note.forClass { lines.append("n\(index) -> c\(target) [style=dashed, dir=none]") }
        }
        // Last, so that no cluster takes the title's size or text as its default.
        if let title = diagram.title { lines.append(FlowchartDot.titleStatement(title, style: style)) }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// A class as a table: its annotations in guillemets and its name in bold, then a rule,
    /// its attributes, a rule and its methods, left-aligned.
    private static func node(_ index: Int, _ diagram: ClassDiagram, _ style: DiagramStyle) -> String {
        let item = diagram.classes[index]
        let properties = MermaidStyle.properties(classDefs: diagram.classDefs, classes: item.cssClasses, style: item.style)
        let fill = MermaidStyle.color(properties["fill"]) ?? style.nodeFill.description
        let stroke = MermaidStyle.color(properties["stroke"]) ?? style.lineColor.description
        let border = MermaidStyle.penWidth(properties).map { max(1, Int($0.rounded())) } ?? 1
        let dashed = properties["stroke-dasharray"] != nil ? " STYLE=\"dashed\"" : ""
        let text = MermaidStyle.color(properties["color"])
        func colored(_ content: String) -> String {
            text.map { "<FONT COLOR=\"\($0)\">\(content)</FONT>" } ?? content
        }
        var rows = item.annotations.map { "<TR><TD>\(colored("«" + HTMLLabel.escaped($0) + "»"))</TD></TR>" }
        rows.append("<TR><TD><B>\(colored(HTMLLabel.escaped(item.label)))</B></TD></TR>")
        for compartment in [item.attributes, item.methods] {
            rows.append("<HR/>")
            guard !compartment.isEmpty else {
                rows.append("<TR><TD CELLPADDING=\"1\"></TD></TR>")
                continue
            }
            let lines = compartment.map { member -> String in
                let escaped = HTMLLabel.escaped(member.text)
                switch member.classifier {
                case .none: return escaped
                case .isStatic: return "<U>\(escaped)</U>"
                case .isAbstract: return "<I>\(escaped)</I>"
                }
            }
            rows.append("<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(colored(lines.joined(separator: "<BR/>")))</TD></TR>")
        }
        return "c\(index) [label=<<TABLE BORDER=\"\(border)\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\" BGCOLOR=\"\(fill)\" COLOR=\"\(stroke)\"\(dashed)>"
            + rows.joined() + "</TABLE>>]"
    }

    private static func arrow(_ end: ClassDiagram.End) -> String {
        switch end {
        case .none: return "none"
        case .triangle: return "empty"
        case .filledDiamond: return "diamond"
        case .emptyDiamond: return "odiamond"
        case .arrow: return "vee"
        case .lollipop: return "odot"
        }
    }
}
