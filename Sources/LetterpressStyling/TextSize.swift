import Foundation

/// Dynamic Type sizes, as on Apple's platforms: each scales every text size in a theme by the
/// ratio of its body size to the default (`large`, 17 points).
package enum TextSize: String, CaseIterable, Sendable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The body size Apple gives this category, in points.
    var bodySize: Double {
        switch self {
        case .xSmall: return 14
        case .small: return 15
        case .medium: return 16
        case .large: return 17
        case .xLarge: return 19
        case .xxLarge: return 21
        case .xxxLarge: return 23
        case .accessibility1: return 28
        case .accessibility2: return 33
        case .accessibility3: return 40
        case .accessibility4: return 47
        case .accessibility5: return 53
        }
    }

    /// The factor this size scales a theme's text by.
    package var scale: Double { bodySize / TextSize.large.bodySize }
}
