import Foundation

/// A thematic break.
public struct RuleStyle: Sendable, Encodable {
    public var color: Color
    public var thickness: Double
    /// Share of the column width, 0…1.
    public var width: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
}
