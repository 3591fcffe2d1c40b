import LetterpressCore

extension MathLayout {
    /// An accent (TeX's rule 12, MathML Core's `mover` with an accent): a combining mark,
    /// which the font draws to sit on a base AccentBaseHeight tall, is raised by what the
    /// base has above that, its attachment point on the base's (the glyph's top accent
    /// attachment, the middle of anything else); a base taller than
    /// FlattenedAccentBaseHeight takes the flattened form (`flac`). A wide accent is grown
    /// to the base's width; a mark that is no accent (an arrow, a brace) is stacked over the
    /// base with OverbarVerticalGap between, or under it with UnderbarVerticalGap.
    func layoutAccent(_ accent: MathAtom.Accent, _ context: LayoutContext) -> MathFragment {
        let base = layoutFragment(accent.base, context.crampedContext)
        // `\vec` names the arrow; its accent form is the combining arrow above.
        let markText = accent.isWide ? accent.mark : Self.combiningForms[accent.mark] ?? accent.mark
        let isCombining = markText.unicodeScalars.first.map(Self.isCombiningMark) ?? false
        let mark = accent.isWide
            ? stretched(markText, to: base.box.width, vertical: false, context)
            : accentGlyph(markText, flattened: base.box.height > constant(.flattenedAccentBaseHeight, context), context)
        let markAttachment = attachment(of: mark, wide: accent.isWide, context)
        let baseAttachment = base.glyph.map { font.metrics($0).topAccentAttachment * font.scale(size: base.glyphSize) }
            ?? base.box.width / 2
        let markY: Double
        if accent.isBelow {
            markY = base.box.depth + constant(.underbarVerticalGap, context) + mark.height
        } else if isCombining {
            markY = -max(0, base.box.height - constant(.accentBaseHeight, context))
        } else {
            markY = -(base.box.height + constant(.overbarVerticalGap, context) + mark.depth)
        }
        // As in TeX, the accented atom is as wide as its base; a wider mark overhangs it.
        var box = base.box
        box.place(mark, x: baseAttachment - markAttachment, y: markY)
        // The base's italic correction still leans out for a superscript.
        return MathFragment(box: box, italicCorrection: base.italicCorrection)
    }

    private static let combiningForms = ["\u{2192}": "\u{20D7}", "\u{2190}": "\u{20D6}", "\u{2194}": "\u{20E1}"]

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        (0x0300...0x036F).contains(scalar.value) || (0x20D0...0x20FF).contains(scalar.value)
    }

    /// The accent's glyph, flattened when asked and the font has the form.
    private func accentGlyph(_ mark: String, flattened: Bool, _ context: LayoutContext) -> MathBox {
        guard let scalar = mark.unicodeScalars.first, let plain = font.glyph(for: scalar) else {
            return mark.first.map { missingBox($0, context) } ?? MathBox()
        }
        let glyph = flattened ? (font.alternate(for: scalar, feature: "flac", value: 1) ?? plain) : plain
        return glyphBox(glyph, text: mark, context)
    }

    /// Where an accent's box is centred on its base: a glyph's top accent attachment, the
    /// middle of its ink when it has no advance (combining marks often have none), the
    /// middle of a stretched one.
    private func attachment(of mark: MathBox, wide: Bool, _ context: LayoutContext) -> Double {
        guard !wide, case let .glyphs(run)? = mark.items.first, let glyph = run.glyphs.first else { return mark.width / 2 }
        let metrics = font.metrics(glyph.id)
        let scale = font.scale(size: run.size)
        return metrics.advance == 0 ? (metrics.inkLeft + metrics.inkRight) / 2 * scale : metrics.topAccentAttachment * scale
    }

    /// A stretchy mark and labels over and under a base (`\overbrace{…}^{…}`, `\underbrace`,
    /// `\overset`, `\underset`): the mark grown to the base's width, OverbarVerticalGap
    /// (UnderbarVerticalGap) from it; each label in script style beyond it, placed as a
    /// large operator's limits are (Upper/LowerLimitGapMin, …BaselineRise/DropMin).
    func layoutUnderOver(_ underOver: MathAtom.UnderOver, _ context: LayoutContext) -> MathBox {
        if underOver.base.atoms.isEmpty, let arrow = underOver.over {
            return layoutExtensibleArrow(arrow, over: underOver.overLabel, under: underOver.underLabel, context)
        }
        let base = layoutList(underOver.base, context)
        var placed: [(box: MathBox, x: Double, y: Double)] = [(base, -base.width / 2, 0)]
        var top = base.height
        var bottom = base.depth
        if let over = underOver.over {
            let mark = stretched(over, to: base.width, vertical: false, context)
            let y = -(top + constant(.overbarVerticalGap, context) + mark.depth)
            placed.append((mark, -mark.width / 2, y))
            top = mark.height - y
        }
        if let under = underOver.under {
            let mark = stretched(under, to: base.width, vertical: false, context)
            let y = bottom + constant(.underbarVerticalGap, context) + mark.height
            placed.append((mark, -mark.width / 2, y))
            bottom = y + mark.depth
        }
        if let label = underOver.overLabel.map({ layoutList($0, context.superscript) }) {
            let gap = max(constant(.upperLimitGapMin, context), constant(.upperLimitBaselineRiseMin, context) - label.depth)
            placed.append((label, -label.width / 2, -(top + gap + label.depth)))
        }
        if let label = underOver.underLabel.map({ layoutList($0, context.subscript) }) {
            let gap = max(constant(.lowerLimitGapMin, context), constant(.lowerLimitBaselineDropMin, context) - label.height)
            placed.append((label, -label.width / 2, bottom + gap + label.height))
        }
        return stack(placed)
    }

    /// `\xrightarrow[under]{over}` (MathML Core's `munderover` on a stretchy operator): the
    /// arrow where the font draws it, on the axis, grown to its labels' width and half a quad
    /// on each side; the labels in script style StretchStackTopShiftUp above it and
    /// StretchStackBottomShiftDown below, or StretchStackGapBelowMin and …GapAboveMin clear.
    private func layoutExtensibleArrow(_ arrowText: String, over: MathList?, under: MathList?, _ context: LayoutContext) -> MathBox {
        let upper = over.map { layoutList($0, context.superscript) }
        let lower = under.map { layoutList($0, context.subscript) }
        let labels = max(upper?.width ?? 0, lower?.width ?? 0)
        let arrow = stretched(arrowText, to: labels + em(context), vertical: false, context)
        var placed: [(box: MathBox, x: Double, y: Double)] = [(arrow, -arrow.width / 2, 0)]
        if let upper {
            let shift = max(constant(.stretchStackTopShiftUp, context), constant(.stretchStackGapBelowMin, context) + upper.depth)
            placed.append((upper, -upper.width / 2, -(arrow.height + shift)))
        }
        if let lower {
            let shift = max(constant(.stretchStackBottomShiftDown, context), constant(.stretchStackGapAboveMin, context) + lower.height)
            placed.append((lower, -lower.width / 2, arrow.depth + shift))
        }
        return stack(placed)
    }

    /// `\overline` (TeX's rule 9): the content cramped, a bar OverbarRuleThickness thick
    /// OverbarVerticalGap above it, and OverbarExtraAscender above the bar.
    func layoutOverline(_ list: MathList, _ context: LayoutContext) -> MathBox {
        var box = layoutList(list, context.crampedContext)
        let thickness = constant(.overbarRuleThickness, context)
        let top = box.height + constant(.overbarVerticalGap, context) + thickness
        box.items.append(.rule(Rect(x: 0, y: -top, width: box.width, height: thickness), context.color))
        box.height = top + constant(.overbarExtraAscender, context)
        return box
    }

    /// `\underline` (TeX's rule 10): a bar UnderbarRuleThickness thick UnderbarVerticalGap
    /// below the content, and UnderbarExtraDescender below the bar.
    func layoutUnderline(_ list: MathList, _ context: LayoutContext) -> MathBox {
        var box = layoutList(list, context)
        let thickness = constant(.underbarRuleThickness, context)
        let top = box.depth + constant(.underbarVerticalGap, context)
        box.items.append(.rule(Rect(x: 0, y: top, width: box.width, height: thickness), context.color))
        box.depth = top + thickness + constant(.underbarExtraDescender, context)
        return box
    }
}
