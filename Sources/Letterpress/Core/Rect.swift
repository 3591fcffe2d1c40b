import Foundation

/// A rectangle on a page, in points from the top-left corner.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    func offsetBy(dy: Double) -> Rect { Rect(x: x, y: y + dy, width: width, height: height) }
    func offsetBy(dx: Double) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
}
