import Foundation

/// Font weights by their CSS/Pango numeric values, in Apple's order: `ultraLight` is the
/// lightest, then `thin` (SwiftUI's `Font.Weight`; CSS's names run the other way).
public enum FontWeight: String, Codable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The numeric weight Pango and CSS use (100…900).
    package var value: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}
