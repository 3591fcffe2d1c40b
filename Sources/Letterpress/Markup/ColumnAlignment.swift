import Foundation

/// Column alignment of a table, from its delimiter row.
public enum ColumnAlignment: String, Sendable, Equatable, Codable {
    case none, left, center, right
}
