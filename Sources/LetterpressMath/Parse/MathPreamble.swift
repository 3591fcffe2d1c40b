import Foundation

/// The TeX that defines the macros in effect where a formula stands: the theme's and front
/// matter's `math.macros`, then the note's formulas before it that define any. A formula keeps
/// it as text (`MathSpan.preamble`), so that a later stage parses it with the same macros.
package enum MathPreamble {
    /// Ends each piece of a preamble (a macro, a formula), so that each is parsed alone, within
    /// the expansion limits of one formula, as Markup read it.
    package static let separator: Character = "\u{1E}"
    /// The most bytes of defining formulas a preamble takes: every later formula carries it, so
    /// a note of thousands of definitions would otherwise hold their square.
    package static let longest = 16 * 1024

    /// `\newcommand{\name}[n]{body}` for each macro, in name order; `n` is the highest `#n`
    /// the body uses.
    package static func tex(defining macros: [String: String]) -> String {
        macros.keys.sorted().map { name in
            let body = macros[name]!
            let parameters = body.indices.compactMap { index -> Int? in
                guard body[index] == "#", let digit = body[body.index(after: index)...].first?.wholeNumberValue else { return nil }
                return digit
            }.max() ?? 0
            let command = name.hasPrefix("\\") ? name : "\\" + name
            return "\\newcommand{\(command)}" + (parameters > 0 ? "[\(parameters)]" : "") + "{\(body)}" + String(separator)
        }.joined()
    }
}
