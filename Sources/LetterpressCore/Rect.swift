import Foundation

/// A rectangle on a page, in points from the top-left corner.
package struct Rect: Sendable, Equatable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }

    package func offsetBy(dy: Double) -> Rect { Rect(x: x, y: y + dy, width: width, height: height) }
    package func offsetBy(dx: Double) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
}
