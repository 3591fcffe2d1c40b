import LetterpressCore

extension MathLayout {
    /// One glyph at `context`'s size and colour, on its baseline. Its height and depth are
    /// its ink's, so one is negative for ink wholly above or below the baseline (an accent,
    /// an arrow): what is stacked on it then keeps its gap from the ink. A list's box, which
    /// starts empty, never reaches less than its baseline.
    func glyphBox(_ glyph: UInt32, text: String, _ context: LayoutContext) -> MathBox {
        let size = fontSize(context.style)
        let metrics = font.metrics(glyph)
        let scale = font.scale(size: size)
        let run = MathGlyphRun(size: size, color: context.color, glyphs: [MathGlyph(id: glyph, x: 0, y: 0, text: text)])
        return MathBox(width: metrics.advance * scale, height: metrics.ascent * scale, depth: metrics.descent * scale, items: [.glyphs(run)])
    }

    /// The room a character the font lacks takes: `.notdef`'s advance, nothing drawn.
    func missingBox(_ character: Character, _ context: LayoutContext) -> MathBox {
        MathBox(width: font.notdefAdvance * font.scale(size: fontSize(context.style)), missingCharacters: [character])
    }

    /// The glyph for `scalar` in `context`: its script-size alternate (`ssty`) in the script
    /// styles, as OpenType math fonts draw scripts with sturdier shapes.
    func glyph(for scalar: Unicode.Scalar, _ context: LayoutContext) -> UInt32? {
        context.scriptLevel > 0
            ? font.alternate(for: scalar, feature: "ssty", value: UInt32(context.scriptLevel))
            : font.glyph(for: scalar)
    }

    /// Characters side by side: a letter, a digit, a symbol. One glyph of the math font
    /// keeps its italic correction and kerning for its scripts; characters the math font
    /// lacks are set upright in their fallback font, shaped together.
    func layoutSymbol(_ text: String, _ context: LayoutContext) -> MathFragment {
        let scalars = Array(text.unicodeScalars)
        if scalars.count == 1, let glyph = glyph(for: scalars[0], context) {
            let size = fontSize(context.style)
            return MathFragment(box: glyphBox(glyph, text: text, context),
                                italicCorrection: font.metrics(glyph).italicCorrection * font.scale(size: size),
                                glyph: glyph, glyphSize: size)
        }
        var box = MathBox()
        var italic = 0.0
        for stretch in fontStretches(text) {
            if let fallbackFont = stretch.font {
                append(fallbackBox(stretch.text, in: fallbackFont, color: context.color, context), to: &box)
                italic = 0
                continue
            }
            for scalar in stretch.text.unicodeScalars {
                let glyph = glyph(for: scalar, context)
                append(glyph.map { glyphBox($0, text: String(scalar), context) } ?? missingBox(Character(scalar), context), to: &box)
                // Only the last character's lean shows past the end.
                italic = glyph.map { font.metrics($0).italicCorrection * font.scale(size: fontSize(context.style)) } ?? 0
            }
        }
        return MathFragment(box: box, italicCorrection: italic)
    }

    /// A large operator: one symbol takes the font's display variant in display style
    /// (at least DisplayOperatorMinHeight tall) and is centred on the axis (TeX's rule 13);
    /// an operator name such as "lim" is upright letters on the baseline.
    func layoutOperator(_ text: String, _ context: LayoutContext) -> MathFragment {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 1, var glyph = glyph(for: scalars[0], context) else {
            return MathFragment(box: layoutSymbol(text, context).box)
        }
        if context.style == .display {
            let minimum = font.constant(.displayOperatorMinHeight)
            let variants = font.variants(glyph, vertical: true)
            if let variant = variants.first(where: { $0.advance >= minimum }) ?? variants.last {
                glyph = variant.glyph
            }
        }
        let size = fontSize(context.style)
        let box = glyphBox(glyph, text: text, context)
        let axis = constant(.axisHeight, context)
        return MathFragment(box: box.shifted(down: (box.height - box.depth) / 2 - axis),
                            italicCorrection: font.metrics(glyph).italicCorrection * font.scale(size: size),
                            glyph: glyph, glyphSize: size)
    }

    /// Text shaped by HarfBuzz, in `color`: `\text`, error source, numbers of references.
    /// It is set in the math font, but for stretches of characters it lacks that a fallback
    /// font has; a character no font has takes `.notdef`'s room and is not drawn.
    func textBox(_ text: String, color: Color, _ context: LayoutContext) -> MathBox {
        var box = MathBox()
        for stretch in fontStretches(text) {
            if let fallbackFont = stretch.font {
                append(fallbackBox(stretch.text, in: fallbackFont, color: color, context), to: &box)
            } else {
                let size = fontSize(context.style)
                let run = MathGlyphRun(size: size, color: color, glyphs: [])
                append(shapedBox(font.shape(stretch.text), of: stretch.text, scale: font.scale(size: size), metrics: font.metrics, run: run),
                       to: &box)
            }
        }
        return box
    }

    /// Glyphs as shaping gave them for `text`, in one `run` (its size, colour and font
    /// given): as high and deep as their ink reaches, as wide as their advances. A glyph 0
    /// (`.notdef`) marks its characters missing and is not drawn.
    func shapedBox(_ shaped: [ShapedGlyph], of text: Substring, scale: Double, metrics: (UInt32) -> GlyphMetrics,
                   run: MathGlyphRun) -> MathBox {
        let utf8 = Array(text.utf8)
        let clusterEnds = clusterEnds(of: shaped, length: utf8.count)
        var box = MathBox()
        var run = run
        var x = 0.0
        var seen = Set<Int>()
        for glyph in shaped {
            let isFirst = seen.insert(glyph.cluster).inserted
            let characters = isFirst ? String(decoding: utf8[glyph.cluster..<clusterEnds[glyph.cluster, default: utf8.count]], as: UTF8.self) : ""
            if glyph.glyph == 0 {
                box.missingCharacters.formUnion(characters.filter { !$0.isWhitespace })
            } else {
                let metrics = metrics(glyph.glyph)
                let y = -glyph.yOffset * scale
                box.height = max(box.height, metrics.ascent * scale - y)
                box.depth = max(box.depth, metrics.descent * scale + y)
                run.glyphs.append(MathGlyph(id: glyph.glyph, x: x + glyph.xOffset * scale, y: y, text: characters))
            }
            x += glyph.xAdvance * scale
        }
        box.width = x
        if !run.glyphs.isEmpty { box.items = [.glyphs(run)] }
        return box
    }

    /// Where each cluster's characters end in the text, by the cluster that starts next.
    private func clusterEnds(of shaped: [ShapedGlyph], length: Int) -> [Int: Int] {
        let starts = Set(shaped.map(\.cluster)).sorted()
        var ends: [Int: Int] = [:]
        for (index, start) in starts.enumerated() {
            ends[start] = index + 1 < starts.count ? starts[index + 1] : length
        }
        return ends
    }

    /// `\text{…}`: its text pieces shaped, its formulas in text style (script styles stay).
    func layoutText(_ pieces: [MathAtom.TextPiece], _ context: LayoutContext) -> MathBox {
        var box = MathBox()
        for piece in pieces {
            switch piece {
            case let .text(text, variant):
                append(textBox(MathAlphabet.styled(text, variant), color: context.color, context), to: &box)
            case let .math(list):
                append(layoutList(list, context.with(style: max(context.style, .text), cramped: context.cramped)), to: &box)
            }
        }
        return box
    }

    /// `\ref` or `\eqref`: the number the document gave the label, "??" in the error colour
    /// for an unknown one, and a link over it.
    func layoutReference(_ label: String, parenthesized: Bool, _ context: LayoutContext) -> MathBox {
        let number = references[label]
        let text = number ?? "??"
        var box = textBox(parenthesized ? "(\(text))" : text, color: number == nil ? errorColor : context.color, context)
        box.items.append(.link(label: label, Rect(x: 0, y: -box.height, width: box.width, height: box.height + box.depth)))
        return box
    }

    /// A list nested too deep to lay out: its characters in a row, in the error colour.
    func flatBox(_ list: MathList, _ context: LayoutContext) -> MathBox {
        textBox(FlatText.characters(of: list), color: errorColor, context)
    }
}
