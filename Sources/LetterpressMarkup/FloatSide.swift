import Foundation

/// The side a floating image sits at.
public enum FloatSide: String, Sendable, Codable, CaseIterable {
    case left, right
}
