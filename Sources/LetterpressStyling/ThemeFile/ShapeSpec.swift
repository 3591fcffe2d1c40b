import Foundation
import LetterpressCore
import LetterpressMarkup

/// How visible exclusion shapes are drawn.
struct ShapeSpec: Codable {
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fill, stroke, strokeWidth
    }
}
