import LetterpressCore

/// The theme's look a diagram is drawn in: Graphviz's defaults for the graph, its nodes and its
/// edges, which the diagram's own attributes override.
package struct DiagramStyle: Sendable, Equatable {
    /// The font family of every label, the page's, so that a diagram's text matches it.
    package var fontFamily: String
    /// The labels' size in points.
    package var fontSize: Double
    /// The labels' colour.
    package var textColor: Color
    /// The colour of edges and node outlines.
    package var lineColor: Color
    /// The fill of a Mermaid node (Graphviz's own nodes are not filled unless they say so).
    package var nodeFill: Color
    /// The fill of a Mermaid subgraph's box.
    package var clusterFill: Color
    /// Colours an `%%{init}%%` directive gives one kind of chart by Mermaid's names for them
    /// (`pie1`, `taskBkgColor`, `git0`…), over the ones its layout derives from the colours above.
    package var chartColors: [String: Color] = [:]
    /// A Mermaid git graph's `%%{init}%%` settings.
    package var gitGraph = GitGraphSettings()

    package init(fontFamily: String, fontSize: Double, textColor: Color, lineColor: Color,
                 nodeFill: Color = Color(parsing: "#ececff")!, clusterFill: Color = Color(parsing: "#ffffde")!) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.textColor = textColor
        self.lineColor = lineColor
        self.nodeFill = nodeFill
        self.clusterFill = clusterFill
    }
}
