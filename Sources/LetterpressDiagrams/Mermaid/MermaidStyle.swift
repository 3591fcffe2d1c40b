import LetterpressCore

/// Mermaid's `classDef`, `class`, `:::` and `style` properties (`fill`, `stroke`, `color`,
/// `stroke-width`, `stroke-dasharray`) as Graphviz reads them.
enum MermaidStyle {
    /// `classDef name,… property:value,…` as its names and properties; nil when it is not one.
    static func definition(_ statement: String) -> (names: [String], properties: [String: String])? {
        let parts = statement.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, parts[0] == "classDef" else { return nil }
        return (parts[1].split(separator: ",").map(String.init), MermaidParser.styleProperties(parts[2]))
    }

    /// `class a,b className` (spaces may follow the commas) as its nodes and class; nil when
    /// it is not one.
    static func assignment(_ statement: String) -> (ids: [String], className: String)? {
        let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().map(String.init)
        guard words.count >= 2, let className = words.last else { return nil }
        return (words.dropLast().joined().split(separator: ",").map(String.init), className)
    }

    /// The properties of a node: `classDef default`'s, then its classes' in order, then its own
    /// `style`, each overriding the ones before.
    static func properties(classDefs: [String: [String: String]], classes: [String], style: [String: String]) -> [String: String] {
        var properties = classDefs["default"] ?? [:]
        for name in classes { properties.merge(classDefs[name] ?? [:]) { $1 } }
        properties.merge(style) { $1 }
        return properties
    }

    /// A node's attributes for `properties`, and the words its `style` attribute gains.
    static func attributes(_ properties: [String: String]) -> (attributes: [String], styles: [String]) {
        var attributes: [String] = []
        if let fill = color(properties["fill"]) { attributes.append("fillcolor=\"\(fill)\"") }
        if let stroke = color(properties["stroke"]) { attributes.append("color=\"\(stroke)\"") }
        if let text = color(properties["color"]) { attributes.append("fontcolor=\"\(text)\"") }
        if let width = penWidth(properties) { attributes.append("penwidth=\(width)") }
        return (attributes, properties["stroke-dasharray"] != nil ? ["dashed"] : [])
    }

    /// An edge's attributes for `linkStyle` properties: the line's colour, width and dashes, and
    /// its label's colour. Graphviz takes the last of an attribute given twice, so these
    /// override the edge's own.
    static func edgeAttributes(_ properties: [String: String]) -> [String] {
        var attributes: [String] = []
        if let stroke = color(properties["stroke"]) { attributes.append("color=\"\(stroke)\"") }
        if let text = color(properties["color"]) { attributes.append("fontcolor=\"\(text)\"") }
        if let width = penWidth(properties) { attributes.append("penwidth=\(width)") }
        if properties["stroke-dasharray"] != nil { attributes.append("style=dashed") }
        return attributes
    }

    /// `stroke-width` (CSS pixels) in points, within 0…10.
    static func penWidth(_ properties: [String: String]) -> Double? {
        guard let width = properties["stroke-width"].flatMap({ Double($0.replacingOccurrences(of: "px", with: "")) }), width.isFinite else {
            return nil
        }
        return min(max(width * 0.75, 0), 10)
    }

    /// A Mermaid colour (`#f9f`, a CSS name) as Graphviz reads it; nil for one it cannot.
    static func color(_ text: String?) -> String? {
        text.flatMap { Color(parsing: $0) }.map(\.description)
    }
}
