import Foundation

/// Horizontal alignment of a paragraph's lines.
public enum TextAlignment: String, Codable, Sendable {
    case left, center, right, justify
}
