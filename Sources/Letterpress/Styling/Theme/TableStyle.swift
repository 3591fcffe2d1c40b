import Foundation

/// Table cells, header row and grid.
public struct TableStyle: Sendable, Encodable {
    public var cell: BlockStyle
    public var header: BlockStyle
    public var borderColor: Color
    public var borderWidth: Double
    public var padding: Double
    public var stripe: Color?
}
