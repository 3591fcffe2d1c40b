import Foundation

/// Case changes applied when drawing, leaving the characters as written.
public enum TextTransform: String, Codable, Sendable, CaseIterable {
    case none, uppercase, lowercase, capitalize
}
