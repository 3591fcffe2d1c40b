import Foundation
import LetterpressCore
import LetterpressMarkup

/// A thematic break.
struct RuleSpec: Codable {
    var color: Color?
    var thickness: Double?
    var width: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case color, thickness, width, spaceBefore, spaceAfter
    }
}
