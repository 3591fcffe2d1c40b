import Foundation

/// Drawn text effects.
public enum TextEffect: String, Codable, Sendable, CaseIterable {
    /// Text pressed into the paper: a light edge below, a dark one above (TextKit's letterpress).
    case letterpress
}
