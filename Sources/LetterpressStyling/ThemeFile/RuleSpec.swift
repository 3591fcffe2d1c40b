import Foundation
import LetterpressCore
import LetterpressMarkup

/// A thematic break.
public struct RuleSpec: Codable, Sendable {
    /// The line's colour.
    public var color: Color?
    /// The line's thickness, in points, 0 to 100.
    public var thickness: Double?
    /// The line's length, as a fraction of the column, 0 to 1.
    public var width: Double?
    /// Space above it, in points, -200 to 1000.
    public var spaceBefore: Double?
    /// Space below it, in points, -200 to 1000.
    public var spaceAfter: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case color, thickness, width, spaceBefore, spaceAfter
    }

    /// A rule that sets nothing.
    public init() {}
}
