import Foundation

/// The dash pattern of an underline or strikethrough.
public enum LinePattern: String, Codable, Sendable, CaseIterable {
    case solid, dot, dash, dashDot, dashDotDot
}
