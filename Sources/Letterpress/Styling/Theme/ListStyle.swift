import Foundation

/// List indentation and markers.
public struct ListStyle: Sendable, Encodable {
    public var indent: Double
    public var itemSpacing: Double
    public var markerColor: Color
    /// Bullets by nesting depth, repeating.
    public var bullets: [String]
}
