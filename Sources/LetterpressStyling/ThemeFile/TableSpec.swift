import Foundation
import LetterpressCore
import LetterpressMarkup

/// Table cells, header row and grid.
public struct TableSpec: Codable, Sendable {
    /// The cells, over the body's look, smaller.
    public var cell: StyleSpec?
    /// The header row, over the cells' look.
    public var header: StyleSpec?
    /// The grid's colour.
    public var borderColor: Color?
    /// The grid's width, in points, 0 to 100.
    public var borderWidth: Double?
    /// Space between a cell's edges and its text, in points, 0 to 1000.
    public var padding: Double?
    /// The band behind every other row; none unless given.
    public var stripe: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cell, header, borderColor, borderWidth, padding, stripe
    }

    /// Tables that set nothing.
    public init() {}
}
