import LetterpressCore

/// A line of a diagram's text, drawn by the page as text (so that it can be selected and
/// searched), where Graphviz placed it.
package struct DiagramLabel: Sendable, Equatable {
    package enum Anchor: Sendable, Equatable { case start, middle, end }

    package var text: String
    /// The baseline's anchor point, in points from the drawing's top left corner.
    package var x: Double
    package var y: Double
    /// Which point of the line `x` is.
    package var anchor: Anchor
    package var fontFamily: String
    package var fontSize: Double
    package var color: Color
    package var bold: Bool
    package var italic: Bool
    /// Underlined, as UML marks static members.
    package var underline = false
}
