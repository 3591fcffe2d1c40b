import Foundation

/// A line and column (1-based) in an input file.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in characters (grapheme clusters), as an editor counts them.
    public var column: Int
    /// The place at `line` and `column`.
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    /// `line:column`, as messages write it.
    public var description: String { "\(line):\(column)" }
}
