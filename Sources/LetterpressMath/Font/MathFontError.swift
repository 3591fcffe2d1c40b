/// Why a math font cannot be used.
package enum MathFontError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be read as a font.
    case unreadable(file: String)
    /// The font has no MATH table, so it has none of the constants and variants math needs.
    case noMathTable(file: String)

    /// The message shown to the user.
    package var description: String {
        switch self {
        case let .unreadable(file):
            return "'\(file)' cannot be read as a font"
        case let .noMathTable(file):
            return "'\(file)' has no OpenType MATH table: a math font such as Latin Modern Math or a TeX Gyre Math font is needed"
        }
    }
}
