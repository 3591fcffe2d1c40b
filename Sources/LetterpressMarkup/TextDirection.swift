import Foundation

/// The base direction of a paragraph or a block: the `direction` attribute, HTML's `dir`.
/// Where none is given, a block takes the direction of its first strong character, as
/// GitHub's `dir="auto"` does.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case ltr, rtl
}
