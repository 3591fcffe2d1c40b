import Foundation
import LetterpressCore
import LetterpressMarkup

/// Table cells, header row and grid.
struct TableSpec: Codable {
    var cell: StyleSpec?
    var header: StyleSpec?
    var borderColor: Color?
    var borderWidth: Double?
    var padding: Double?
    var stripe: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cell, header, borderColor, borderWidth, padding, stripe
    }
}
