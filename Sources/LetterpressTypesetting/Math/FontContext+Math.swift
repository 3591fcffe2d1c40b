import Foundation
import LetterpressCore

extension FontContext {
    /// The first of `families` that is a math font, looked up once per context (the font
    /// itself is opened once per process); the error names the theme.
    func mathFont(_ families: [String], theme: String) -> Result<MathFontChoice, MathFontProblem> {
        if let known = mathFonts[families] { return known }
        let chosen = MathFontChoice.choose(families, theme: theme, fonts: self)
        mathFonts[families] = chosen
        return chosen
    }
}
