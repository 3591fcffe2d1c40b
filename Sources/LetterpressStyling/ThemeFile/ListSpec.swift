import Foundation
import LetterpressCore
import LetterpressMarkup

/// List indentation and markers.
public struct ListSpec: Codable, Sendable {
    /// The indent of each level, in points, 0 to 1000.
    public var indent: Double?
    /// Space between items, in points, -200 to 1000.
    public var itemSpacing: Double?
    /// The markers' colour; the body's unless given.
    public var markerColor: Color?
    /// The bullets of the levels of an unordered list, repeated past the last.
    public var bullets: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case indent, itemSpacing, markerColor, bullets
    }

    /// Lists that set nothing.
    public init() {}
}
