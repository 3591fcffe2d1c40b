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
    /// The macros each preamble defines, parsed once per preamble a note has.
    private var macros: [String: MathMacros] = [:]
    /// The theme's macros as TeX, put before each formula's own preamble.
    private let themePreamble: String

    init(theme: Theme, fonts: FontContext) {
        math = theme.math
        themeName = theme.name
        self.fonts = fonts
        themePreamble = MathPreamble.tex(defining: theme.math.macros)
    }

    /// Whether a formula has asked for the math font.
    private(set) var wasUsed = false
    /// Characters of the formulas the math font has no glyph for, left blank.
    private(set) var missingCharacters: Set<Character> = []

    /// The chosen math font, or why there is none.
    var font: Result<MathFontChoice, LetterpressError> { fonts.mathFont(math.fontFamilies, theme: themeName) }

    /// The math font for a formula about to be set; nil when there is none (`font` says why).
    mutating func chosenFont() -> MathFontChoice? {
        wasUsed = true
        return try? font.get()
    }

    /// `span` parsed with the macros in effect where it stands.
    mutating func formula(_ span: MathSpan) -> Formula {
        let preamble = themePreamble + span.preamble
        var defined: MathMacros
        if let known = macros[preamble] {
            defined = known
        } else {
            defined = MathMacros()
            if !preamble.isEmpty { _ = Formula(parsing: preamble, display: false, macros: &defined) }
            macros[preamble] = defined
        }
        return Formula(parsing: span.tex, display: span.isDisplay, macros: &defined)
    }

    /// Notes the characters `box` could not draw, for `missingWarning`.
    mutating func record(_ box: MathBox) {
        missingCharacters.formUnion(box.missingCharacters)
    }

    /// One warning naming the characters the math font lacks, if any.
    func missingWarning(file: String) -> Warning? {
        guard !missingCharacters.isEmpty, case let .success(font) = font else { return nil }
        let listed = missingCharacters.sorted().prefix(12).map { character in
            "'\(character)' (" + character.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") + ")"
        }
        let more = missingCharacters.count > listed.count ? " and \(missingCharacters.count - listed.count) more" : ""
        return Warning(file: file, message: "the math font \(Excerpt.quoted(font.drawing.face.name)) has no glyph for \(listed.joined(separator: ", "))\(more): they are left blank",
                       kind: "characters the math font lacks")
    }

    /// The layout of formulas at `size` points in `color` (the text's, unless the theme gives one).
    func layout(size: Double, color: Color, references: [String: String], font: MathFont) -> MathLayout {
        MathLayout(font: font, size: size * math.scale, color: math.color ?? color, errorColor: math.errorColor, references: references)
    }
}
