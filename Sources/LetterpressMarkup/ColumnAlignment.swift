import Foundation

/// Column alignment of a table, from its delimiter row (`:--`, `:-:`, `--:`), and the
/// alignment of a `Block.Division`; `none` when none is given.
public enum ColumnAlignment: String, Sendable, Equatable, Codable {
    /// None given: a table's cells start at their text's own side.
    case none
    /// Set to the left.
    case left
    /// Centred.
    case center
    /// Set to the right.
    case right
}
