import Foundation
import LetterpressCore
import LetterpressMarkup

/// How visible exclusion shapes are drawn.
public struct ShapeSpec: Codable, Sendable {
    /// The colour inside a shape.
    public var fill: Color?
    /// The colour of its outline.
    public var stroke: Color?
    /// The width of its outline, in points, 0 to 100.
    public var strokeWidth: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fill, stroke, strokeWidth
    }

    /// Shapes that set nothing.
    public init() {}
}
