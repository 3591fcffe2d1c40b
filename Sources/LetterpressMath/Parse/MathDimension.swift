import Foundation

/// A TeX length (`3pt`, `-0.5em`, `18mu`) in ems of the formula's font, at TeX's ten points an
/// em and 18 mu an em.
enum MathDimension {
    /// The largest length kept, in ems either way: more could only push the formula off the page.
    static let limit = 100.0

    /// `text` in ems, or nil when it is not a number followed by a known unit.
    static func ems(_ text: String) -> Double? {
        let text = text.filter { !$0.isWhitespace }
        let unitStart = text.firstIndex { $0.isLetter } ?? text.endIndex
        guard let number = Double(text[..<unitStart]), number.isFinite,
              let unit = units[String(text[unitStart...])] else { return nil }
        return min(max(number * unit, -limit), limit)
    }

    private static let units: [String: Double] = [
        "em": 1, "ex": 0.431, "pt": 0.1, "pc": 1.2, "bp": 0.1004, "dd": 0.107, "cc": 1.284, "mm": 0.2845,
        "cm": 2.845, "in": 7.227, "sp": 0.1 / 65536, "mu": 1 / 18, "px": 0.1004,
    ]
}
