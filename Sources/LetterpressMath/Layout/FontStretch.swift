/// Characters in a row that one font draws: the math font, or the fallback font for
/// characters the math font lacks.
struct FontStretch {
    /// The characters.
    var text: Substring
    /// The fallback font, nil for the math font.
    var font: TextFont?

    /// `text` cut where the font changes. A character stays in the math font when it has a
    /// glyph for each of its scalars; else it goes to the font `fallback` names for its first
    /// scalar, if that font has the glyph; else it stays in the math font, which leaves it
    /// missing. The fallback is asked only about characters the math font lacks.
    static func stretches(of text: String, mathFont: MathFont, fallback: (any MathFallbackFonts)?) -> [FontStretch] {
        guard let fallback else { return [FontStretch(text: text[...], font: nil)] }
        var stretches: [FontStretch] = []
        var start = text.startIndex
        var current: TextFont?
        for index in text.indices {
            let font = fallbackFont(for: text[index], mathFont: mathFont, fallback: fallback)
            if font !== current, index > start {
                stretches.append(FontStretch(text: text[start..<index], font: current))
                start = index
            }
            current = font
        }
        if start < text.endIndex { stretches.append(FontStretch(text: text[start...], font: current)) }
        return stretches
    }

    /// The fallback font `character` is drawn in, nil for the math font.
    private static func fallbackFont(for character: Character, mathFont: MathFont, fallback: any MathFallbackFonts) -> TextFont? {
        // Joiners and variation selectors draw nothing, and shaping drops them, so a font
        // need not have them.
        let drawn = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        guard let first = drawn.first, drawn.contains(where: { mathFont.glyph(for: $0) == nil }),
              let reference = fallback.font(for: first), let font = TextFont.opened(reference),
              font.glyph(for: first) != nil else { return nil }
        return font
    }
}
