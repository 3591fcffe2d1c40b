import Foundation
import LetterpressCore
import LetterpressMarkup

/// Where a display formula sits on its lines.
public enum MathAlignment: String, Codable, Sendable {
    /// Centred in the column, as TeX sets displays.
    case center
    /// At the left, the theme's `indent` in.
    case left
}

/// How formulas look: the math font, its size beside the text, colours, and the room a
/// display formula takes.
package struct MathTheme: Sendable, Encodable {
    /// Whether `$…$` and the other delimiters are read as math at all.
    package var enabled: Bool
    /// Math fonts, first choice first: each must have an OpenType MATH table.
    package var fontFamilies: [String]
    /// The formula's size, in multiples of the text around it.
    package var scale: Double
    /// The formulas' colour; nil takes the text's.
    package var color: Color?
    /// The colour of commands the parser does not know and of formulas that do not parse.
    package var errorColor: Color
    package var alignment: MathAlignment
    /// How far a left-aligned display is indented.
    package var indent: Double
    package var spaceBefore: Double
    package var spaceAfter: Double
    /// Macros every note styled with the theme starts with, by name (`\RR`).
    package var macros: [String: String]
}
