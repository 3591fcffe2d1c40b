import Foundation

/// A horizontal underline or strikethrough segment.
public struct Decoration: Sendable, Equatable {
    public var start: Point
    public var length: Double
    public var thickness: Double
    public var color: Color
    public var pattern: LinePattern
    /// How far into the dash pattern the segment starts, in points.
    public var phase: Double
}
