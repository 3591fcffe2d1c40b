import Foundation
import LetterpressCore
import LetterpressMarkup

/// List indentation and markers.
struct ListSpec: Codable {
    var indent: Double?
    var itemSpacing: Double?
    var markerColor: Color?
    var bullets: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case indent, itemSpacing, markerColor, bullets
    }
}
