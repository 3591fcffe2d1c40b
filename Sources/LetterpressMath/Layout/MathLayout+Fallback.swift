import LetterpressCore

extension MathLayout {
    /// `text` cut where the font changes between the math font and the fallback fonts.
    func fontStretches(_ text: String) -> [FontStretch] {
        FontStretch.stretches(of: text, mathFont: font, fallback: fallback)
    }

    /// Characters the math font lacks, shaped together in `fallbackFont` at the size of
    /// `context`'s style: upright, as the font draws them, for a math font's italic and
    /// script alternates mean nothing to Chinese or Arabic.
    func fallbackBox(_ text: Substring, in fallbackFont: TextFont, color: Color, _ context: LayoutContext) -> MathBox {
        let size = fontSize(context.style)
        let run = MathGlyphRun(size: size, color: color, glyphs: [], font: fallbackFont.reference)
        return shapedBox(fallbackFont.shape(text), of: text, scale: fallbackFont.scale(size: size), metrics: fallbackFont.metrics,
                         run: run)
    }

    /// The atoms with each row of ordinary symbols that fall back to one font made one atom,
    /// so they are shaped together: the parser makes an atom of every character typed in a
    /// formula, and a Devanagari vowel sign or an Arabic letter shaped alone is wrong. The
    /// last atom's scripts go to the joined one.
    func joiningFallbackSymbols(_ atoms: [MathAtom]) -> [MathAtom] {
        guard fallback != nil else { return atoms }
        var joined: [MathAtom] = []
        joined.reserveCapacity(atoms.count)
        var previousFont: TextFont?
        for atom in atoms {
            let font = fallbackFont(ofSymbol: atom)
            if let font, font === previousFont, case let .symbol(end) = atom.nucleus,
               case let .symbol(start)? = joined.last?.nucleus {
                var last = joined[joined.count - 1]
                last.nucleus = .symbol(start + end)
                last.subscript = atom.subscript
                last.superscript = atom.superscript
                last.source = last.source.map { $0.lowerBound..<(atom.source?.upperBound ?? $0.upperBound) }
                joined[joined.count - 1] = last
            } else {
                joined.append(atom)
            }
            // Scripts end a row: what follows them is not joined to what they are on.
            previousFont = atom.subscript == nil && atom.superscript == nil ? font : nil
        }
        return joined
    }

    /// The fallback font of an ordinary symbol wholly in one, nil for any other atom.
    private func fallbackFont(ofSymbol atom: MathAtom) -> TextFont? {
        guard atom.atomClass == .ordinary, case let .symbol(text) = atom.nucleus else { return nil }
        let stretches = fontStretches(text)
        return stretches.count == 1 ? stretches[0].font : nil
    }
}
