import Foundation

/// Changes an inline element makes to the text around it.
public struct InlineStyle: Sendable, Encodable {
    public var fontFamilies: [String]?
    /// Size relative to the surrounding text.
    public var scale: Double
    public var weight: FontWeight?
    public var italic: Bool?
    public var color: Color?
    public var background: Color?
    public var underline: Bool?
}
