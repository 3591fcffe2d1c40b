import Foundation

/// The look of a block: its text and the space and decoration around it.
public struct BlockStyle: Sendable, Encodable {
    public var text: TextStyle
    /// Baseline-to-baseline distance as a multiple of the font's line height.
    public var lineHeight: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
    public var align: TextAlignment
    public var padding: Double
    public var indent: Double
    public var background: Color?
    public var barColor: Color
    public var barWidth: Double
    public var borderColor: Color
}
