import Foundation

/// The width of a font, as SwiftUI's `Font.Width`.
public enum FontWidth: String, Codable, Sendable, CaseIterable {
    case compressed, condensed, standard, expanded
}
