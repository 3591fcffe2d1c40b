import Foundation

/// A laid-out diagram: its shapes and lines as an SVG document without text, and its text as
/// labels, both in points with the origin at the top left of a `width` × `height` box.
package struct DiagramDrawing: Sendable, Equatable {
    package var svg: Data
    package var labels: [DiagramLabel]
    package var width: Double
    package var height: Double
    /// What the source asked that was not done (an `%%{init}%%` setting ignored), for warnings.
    package var notices: [String] = []
}
