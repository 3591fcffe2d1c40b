import Foundation

/// A point on a page, in points from the top-left corner.
package struct Point: Sendable, Equatable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
