import Foundation

/// The TeX that defines the macros in effect where a formula stands: the theme's and front
/// matter's `math.macros`, then the note's formulas before it that define any. A formula keeps
/// it as text (`MathSpan.preamble`), so that a later stage parses it with the same macros.
package enum MathPreamble {
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
            return "\\newcommand{\(command)}" + (parameters > 0 ? "[\(parameters)]" : "") + "{\(body)}"
        }.joined()
    }
}
