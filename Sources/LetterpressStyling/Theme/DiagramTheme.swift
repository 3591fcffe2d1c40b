import LetterpressCore

/// How diagrams look, as the theme resolved it: nil families and colours take the body's.
package struct DiagramTheme: Sendable, Encodable {
    /// Label fonts, first choice first; empty for the body's.
    package var fontFamilies: [String]
    /// The labels' size, in multiples of the body text's.
    package var scale: Double
    /// The labels' colour; nil for the body text's.
    package var color: Color?
    /// The colour of edges, arrows and outlines; nil for the body text's.
    package var lineColor: Color?
    /// The fill of a Mermaid node.
    package var nodeFill: Color
    /// The fill of a Mermaid subgraph or a composite state.
    package var groupFill: Color
}
