import Foundation

/// Macros given by name (a theme's or front matter's `math.macros`) written as the TeX that
/// defines them, so that they reach the parser as a note's own `\newcommand`s do.
enum MathPreamble {
    /// `\newcommand{\name}[n]{body}` for each macro, in name order; `n` is the highest `#n`
    /// the body uses.
    static func tex(defining macros: [String: String]) -> String {
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
