import Foundation

/// Lengths with units, converted to points.
package enum Length {
    /// `12`, `12pt`, `20mm`, `2cm`, `1in` in points; nil when not a length.
    package static func points(in text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("mm", 72 / 25.4), ("cm", 72 / 2.54), ("in", 72), ("pt", 1)]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).flatMap { $0.isFinite ? $0 * factor : nil }
        }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
