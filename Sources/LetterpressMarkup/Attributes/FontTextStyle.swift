import Foundation

/// The named text styles of Apple's `Font.TextStyle`, each a size (and a weight) relative to
/// the body text, as Dynamic Type sets them at its default size.
public enum FontTextStyle: String, Codable, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

    /// The size Apple gives this style beside a 17-point body.
    private var appleSize: Double {
        switch self {
        case .largeTitle: return 34
        case .title: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline, .body: return 17
        case .subheadline: return 15
        case .callout: return 16
        case .footnote: return 13
        case .caption: return 12
        case .caption2: return 11
        }
    }

    /// This style's size beside a body of `bodySize` points.
    package func size(forBody bodySize: Double) -> Double {
        bodySize * appleSize / Self.body.appleSize
    }

    /// The weight the style sets; nil: it keeps the surrounding weight.
    package var weight: FontWeight? { self == .headline ? .semibold : nil }
}
