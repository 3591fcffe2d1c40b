import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressMath
import LetterpressStyling

/// Lays formulas out in the theme's math font: a paragraph's inline formulas as pieces Pango
/// places in the line, a display formula as a box of its own. The math font is looked up with
/// the first formula, so a note without math opens none.
struct FormulaSetter {
    let math: MathTheme
    let themeName: String
    let fonts: FontContext
    /// The last preamble parsed and the macros it defines: a note's preambles grow by whole
    /// formulas, so each is parsed from where the one before it ends.
    private var lastPreamble = ""
    private var lastMacros = MathMacros()

    init(styles: LayoutStyle, fonts: FontContext) {
        math = styles.math
        themeName = styles.themeName
        self.fonts = fonts
    }

    /// Whether a formula has asked for the math font.
    private(set) var wasUsed = false
    /// Characters of the formulas the math font has no glyph for, left blank.
    private(set) var missingCharacters: Set<Character> = []

    /// The chosen math font, or why there is none.
    var font: Result<MathFontChoice, MathFontProblem> { fonts.mathFont(math.fontFamilies, theme: themeName) }

    /// The math font for a formula about to be set; nil when there is none (`font` says why).
    mutating func chosenFont() -> MathFontChoice? {
        wasUsed = true
        return try? font.get()
    }

    /// `span` parsed with the macros in effect where it stands.
    mutating func formula(_ span: MathSpan) -> Formula {
        if span.preamble != lastPreamble {
            var macros = span.preamble.hasPrefix(lastPreamble) ? lastMacros : MathMacros()
            let rest = span.preamble.hasPrefix(lastPreamble) ? span.preamble.dropFirst(lastPreamble.count) : span.preamble[...]
            // Piece by piece, as Markup read them: each within one formula's expansion limits.
            for piece in rest.split(separator: MathPreamble.separator) {
                _ = Formula(parsing: String(piece), display: true, macros: &macros)
            }
            (lastPreamble, lastMacros) = (span.preamble, macros)
        }
        var macros = lastMacros
        return Formula(parsing: span.tex, display: span.isDisplay, macros: &macros)
    }

    /// Notes the characters `box` could not draw, for `missingWarning`.
    mutating func record(_ box: MathBox) {
        missingCharacters.formUnion(box.missingCharacters)
    }

    /// One warning naming the characters the math font lacks, if any, or saying that no math
    /// font is installed.
    func missingWarning(file: String) -> Warning? {
        if wasUsed, case let .failure(problem) = font, !problem.refused { return problem.warning(file: file) }
        guard !missingCharacters.isEmpty, case let .success(font) = font else { return nil }
        let listed = missingCharacters.sorted().prefix(12).map { character in
            "'\(character)' (" + character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") + ")"
        }
        let more = missingCharacters.count > listed.count ? " and \(missingCharacters.count - listed.count) more" : ""
        return Warning(code: .mathGlyphMissing, file: file, message: "the math font \(Excerpt.quoted(font.drawing.face.name)) has no glyph for \(listed.joined(separator: ", "))\(more): they are left blank",
                       kind: "characters the math font lacks")
    }

    /// The fallback fonts of formulas in text of each font (a bold heading's are bold).
    private var fallbacks: [FontKey: FormulaFallbackFonts] = [:]

    /// The layout of formulas in text styled `text`: at its size times the theme's, in its
    /// colour unless the theme gives one, characters the math font lacks in its fonts.
    mutating func layout(in text: TextStyle, references: [String: String], font: MathFont) -> MathLayout {
        let key = FontKey(text)
        let fallback = fallbacks[key] ?? FormulaFallbackFonts(fonts: fonts, style: text)
        fallbacks[key] = fallback
        return MathLayout(font: font, size: text.size * math.scale, color: math.color ?? text.color, errorColor: math.errorColor,
                          references: references, fallback: fallback)
    }
}
