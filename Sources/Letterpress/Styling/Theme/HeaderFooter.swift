import Foundation

/// Running header or footer: three templates and their style.
public struct HeaderFooter: Sendable, Encodable {
    public var left: String
    public var center: String
    public var right: String
    public var style: TextStyle
    /// Whether it also appears on the first page.
    public var firstPage: Bool
}
