import Foundation

/// How visible exclusion shapes are drawn.
public struct ShapeStyle: Sendable, Encodable {
    public var fill: Color?
    public var stroke: Color?
    public var strokeWidth: Double
}
