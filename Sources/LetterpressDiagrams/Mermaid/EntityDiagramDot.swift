/// An ER diagram as a Graphviz graph for `dot`: each entity a table (its name over rows of
/// type, name, keys and comment), each relationship a line with crow's foot ends (a bar for
/// one, a crow's foot for many, a circle for an optional end), dashed when not identifying.
package enum EntityDiagramDot {
    package static func dot(for diagram: EntityDiagram, style: DiagramStyle) -> String {
        var lines = ["digraph {", "rankdir=\(diagram.direction); nodesep=0.6; ranksep=0.7",
                     "node [shape=plain]", "edge [arrowsize=0.9, dir=both]"]
        for index in diagram.entities.indices { lines.append(node(index, diagram, style)) }
        for relationship in diagram.relationships {
            var attributes = ["arrowtail=\(arrow(relationship.fromCardinality))", "arrowhead=\(arrow(relationship.toCardinality))"]
            if !relationship.identifying { attributes.append("style=dashed") }
            if !relationship.label.isEmpty { attributes.append("label=\(FlowchartDot.quoted(relationship.label))") }
            lines.append("e\(relationship.from) -> e\(relationship.to) [\(attributes.joined(separator: ", "))]")
        }
        if let title = diagram.title { lines.append(FlowchartDot.titleStatement(title, style: style)) }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// An entity as a table: its name in bold on the node fill, then a row for each
    /// attribute, with columns for keys and comments when any attribute has them.
    private static func node(_ index: Int, _ diagram: EntityDiagram, _ style: DiagramStyle) -> String {
        let entity = diagram.entities[index]
        let properties = MermaidStyle.properties(classDefs: diagram.classDefs, classes: entity.cssClasses, style: entity.style)
        let fill = MermaidStyle.color(properties["fill"]) ?? style.nodeFill.description
        let stroke = MermaidStyle.color(properties["stroke"]) ?? style.lineColor.description
        let text = MermaidStyle.color(properties["color"])
        func cell(_ content: String, align: String = "LEFT") -> String {
            let escaped = HTMLLabel.escaped(content)
            return "<TD ALIGN=\"\(align)\">\(text.map { "<FONT COLOR=\"\($0)\">\(escaped)</FONT>" } ?? escaped)</TD>"
        }
        let hasKeys = entity.attributes.contains { !$0.keys.isEmpty }
        let hasComments = entity.attributes.contains { !$0.comment.isEmpty }
        let columns = 2 + (hasKeys ? 1 : 0) + (hasComments ? 1 : 0)
        let name = HTMLLabel.escaped(entity.label)
        var rows = ["<TR><TD COLSPAN=\"\(columns)\" BGCOLOR=\"\(fill)\" CELLPADDING=\"6\"><B>\(text.map { "<FONT COLOR=\"\($0)\">\(name)</FONT>" } ?? name)</B></TD></TR>"]
        for attribute in entity.attributes {
            var cells = [cell(attribute.type), cell(attribute.name)]
            if hasKeys { cells.append(cell(attribute.keys.joined(separator: ", "), align: "CENTER")) }
            if hasComments { cells.append(cell(attribute.comment)) }
            rows.append("<TR>" + cells.joined() + "</TR>")
        }
        return "e\(index) [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"4\" COLOR=\"\(stroke)\">"
            + rows.joined() + "</TABLE>>]"
    }

    /// Crow's foot ends, the shape nearest the entity first as Graphviz lists them: the most
    /// (a bar for one, a crow's foot for many), then the least (a circle for zero, a bar for one).
    private static func arrow(_ cardinality: EntityDiagram.Cardinality) -> String {
        switch cardinality {
        case .zeroOrOne: return "teeodot"
        case .exactlyOne: return "teetee"
        case .zeroOrMore: return "crowodot"
        case .oneOrMore: return "crowtee"
        }
    }
}
