/// The width in points of one line of a diagram's text set in `family` at `size` points, bold or
/// not. Diagrams laid out by Letterpress itself (sequence diagrams) size their boxes with it; the
/// page passes one that measures with the fonts it draws the labels in.
package typealias DiagramMeasure = (_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double
