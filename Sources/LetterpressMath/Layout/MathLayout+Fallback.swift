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

    /// The atoms with each row of ordinary symbols or text that fall back to one font made one atom,
    /// so they are shaped together: the parser makes an atom of every character typed in a
    /// formula, and a Devanagari vowel sign or an Arabic letter shaped alone is wrong. The
    /// last atom's scripts go to the joined one.
    func joiningFallbackSymbols(_ atoms: [MathAtom]) -> [MathAtom] {
        guard fallback != nil else { return atoms }
        var joined: [MathAtom] = []
        joined.reserveCapacity(atoms.count)
        var previousFont: TextFont?
        for atom in atoms {
            let font = fallbackFont(of: atom)
            if let font, font === previousFont, let end = Joinable(atom.nucleus), let last = joined.last,
               let start = Joinable(last.nucleus), start.kind == end.kind {
                var merged = last
                merged.nucleus = start.kind.nucleus(start.text + end.text)
                merged.subscript = atom.subscript
                merged.superscript = atom.superscript
                merged.source = last.source.map { $0.lowerBound..<(atom.source?.upperBound ?? $0.upperBound) }
                joined[joined.count - 1] = merged
            } else {
                joined.append(atom)
            }
            // Scripts end a row: what follows them is not joined to what they are on.
            previousFont = atom.subscript == nil && atom.superscript == nil ? font : nil
        }
        return joined
    }

    /// The characters of an atom that may join its neighbours': an ordinary symbol, or text of
    /// one piece (the parser makes letters of other scripts typed in a formula text).
    private struct Joinable {
        enum Kind: Equatable {
            case symbol
            case text(MathVariant)

            func nucleus(_ text: String) -> MathAtom.Nucleus {
                switch self {
                case .symbol: .symbol(text)
                case let .text(variant): .text([.text(text, variant)])
                }
            }
        }

        var text: String
        var kind: Kind

        init?(_ nucleus: MathAtom.Nucleus) {
            switch nucleus {
            case let .symbol(text):
                (self.text, kind) = (text, .symbol)
            case let .text(pieces):
                guard pieces.count == 1, case let .text(text, variant) = pieces[0] else { return nil }
                (self.text, kind) = (text, .text(variant))
            default:
                return nil
            }
        }
    }

    /// The fallback font of an ordinary atom whose characters are wholly in one, nil for any other atom.
    private func fallbackFont(of atom: MathAtom) -> TextFont? {
        guard atom.atomClass == .ordinary, let joinable = Joinable(atom.nucleus) else { return nil }
        let stretches = fontStretches(joinable.text)
        return stretches.count == 1 ? stretches[0].font : nil
    }
}
