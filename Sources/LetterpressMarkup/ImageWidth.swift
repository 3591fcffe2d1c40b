import Foundation
import LetterpressCore

/// An image width: points, or a share of the column.
public enum ImageWidth: Sendable, Hashable, Codable {
    /// A width in points, at most the column's.
    case points(Double)
    /// A share of the column's width, 0…1.
    case fraction(Double)

    /// `160`, `160pt`, `40%`, `5cm`; nil when none of these, or under 1 pt or 0.1%, where an
    /// image would be invisible (and a float too thin to flow text around).
    /// - Parameter text: The width as written, with or without spaces around it; a share is
    ///   at most `100%`.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent >= 0.1, percent <= 100 else { return nil }
            self = .fraction(percent / 100)
        } else if let points = Length.points(in: text) {
            self.init(points: points)
        } else {
            return nil
        }
    }

    /// A width of `points`; nil under 1 pt, or when not finite, as for a width written as text.
    package init?(points: Double) {
        guard points >= 1, points.isFinite else { return nil }
        self = .points(points)
    }

    /// The width in points within a column `available` points wide, at least 1 pt and 0.1%
    /// whatever the value holds (an archive or the library may set any number).
    package func points(in available: Double) -> Double {
        switch self {
        case let .points(points): return points.clamped(to: 1...max(available, 1))
        case let .fraction(fraction): return available * fraction.clamped(to: 0.001...1)
        }
    }
}
