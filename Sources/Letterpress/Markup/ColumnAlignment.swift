import Foundation

/// Column alignment of a table, from its delimiter row (`:--`, `:-:`, `--:`), and the
/// alignment of a `Block.Division`; `none` when none is given.
public enum ColumnAlignment: String, Sendable, Equatable, Codable {
    case none, left, center, right
}
