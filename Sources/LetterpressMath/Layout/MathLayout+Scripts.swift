extension MathLayout {
    /// Scripts beside a nucleus (TeX's rule 18, in MathML Core's terms for `msubsup`): each
    /// shifted by the font's minimum, by the base's size when the base is no single
    /// character, and apart from the other by SubSuperscriptGapMin; the superscript moved
    /// right by the italic correction (a large operator's subscript left by it instead), both
    /// moved by the MATH kerning at the base's corners, and SpaceAfterScript after them.
    func attachScripts(_ base: MathFragment, superscript: MathList?, subscript: MathList?, isOperator: Bool,
                       _ context: LayoutContext) -> MathBox {
        let sup = superscript.map { layoutFragment($0, context.superscript) }
        let sub = `subscript`.map { layoutFragment($0, context.subscript) }
        // TeX measures scripts from the base's own size unless it is a plain character; a
        // big variant or assembly piece (an extended shape) counts as a box, as in TeX.
        let usesDrops = isOperator || base.glyph.map { font.metrics($0).isExtendedShape } ?? true
        var supShift = 0.0
        var subShift = 0.0
        if let sup {
            let shiftUp = constant(context.cramped ? .superscriptShiftUpCramped : .superscriptShiftUp, context)
            let drop = usesDrops ? base.box.height - constant(.superscriptBaselineDropMax, context) : 0
            supShift = max(shiftUp, drop, sup.box.depth + constant(.superscriptBottomMin, context))
        }
        if let sub {
            let drop = usesDrops ? base.box.depth + constant(.subscriptBaselineDropMin, context) : 0
            let topMax = sub.box.height - constant(.subscriptTopMax, context)
            subShift = max(constant(.subscriptShiftDown, context), drop, sup == nil ? topMax : 0)
        }
        if let sup, let sub {
            let gap = (supShift - sup.box.depth) - (sub.box.height - subShift)
            let gapMin = constant(.subSuperscriptGapMin, context)
            if gap < gapMin {
                subShift += gapMin - gap
                // Part of the room may come from raising the superscript, up to a limit.
                let raise = constant(.superscriptBottomMaxWithSubscript, context) - (supShift - sup.box.depth)
                if raise > 0 {
                    let moved = min(raise, gapMin - gap)
                    supShift += moved
                    subShift -= moved
                }
            }
        }
        var box = base.box
        let width = base.box.width
        var end = width
        if let sup {
            let kern = cornerKern(base, .topRight, script: sup, heights: [supShift - sup.box.depth, base.box.height], shift: supShift)
            let x = width + (isOperator ? 0 : base.italicCorrection) + kern
            box.place(sup.box, x: x, y: -supShift)
            // A script is a list of its own, so its italic correction is part of its width.
            end = max(end, x + sup.box.width + sup.italicCorrection)
        }
        if let sub {
            let kern = cornerKern(base, .bottomRight, script: sub, heights: [sub.box.height - subShift, -base.box.depth], shift: -subShift)
            let x = width - (isOperator ? base.italicCorrection : 0) + kern
            box.place(sub.box, x: x, y: subShift)
            end = max(end, x + sub.box.width + sub.italicCorrection)
        }
        box.width = end + constant(.spaceAfterScript, context)
        return box
    }

    /// The MATH kerning between a one-glyph base and its script at the two heights the
    /// OpenType specification names (y up, from the base's baseline): the base's corner
    /// plus the script's facing corner, the larger of the two sums (the lesser cut-in).
    private func cornerKern(_ base: MathFragment, _ corner: MathKernCorner, script: MathFragment, heights: [Double],
                            shift: Double) -> Double {
        guard let glyph = base.glyph else { return 0 }
        let baseScale = font.scale(size: base.glyphSize)
        let facing: MathKernCorner = corner == .topRight ? .bottomLeft : .topLeft
        let sums = heights.map { height -> Double in
            var kern = font.kerning(glyph, corner: corner, height: height / baseScale) * baseScale
            if let scriptGlyph = script.glyph {
                let scriptScale = font.scale(size: script.glyphSize)
                kern += font.kerning(scriptGlyph, corner: facing, height: (height - shift) / scriptScale) * scriptScale
            }
            return kern
        }
        return sums.max() ?? 0
    }

    /// Limits above and below a large operator (TeX's rule 13a, MathML Core's `munderover`
    /// for a large operator): each at least its gap from the operator and its baseline at
    /// least the rise or drop from it; centred, the upper moved right and the lower left by
    /// half the italic correction.
    func attachLimits(_ base: MathFragment, over: MathList?, under: MathList?, _ context: LayoutContext) -> MathBox {
        let upper = over.map { layoutList($0, context.superscript) }
        let lower = under.map { layoutList($0, context.subscript) }
        let half = base.italicCorrection / 2
        var placed: [(box: MathBox, x: Double, y: Double)] = [(base.box, -base.box.width / 2, 0)]
        if let upper {
            let gap = max(constant(.upperLimitGapMin, context), constant(.upperLimitBaselineRiseMin, context) - upper.depth)
            placed.append((upper, -upper.width / 2 + half, -(base.box.height + gap + upper.depth)))
        }
        if let lower {
            let gap = max(constant(.lowerLimitGapMin, context), constant(.lowerLimitBaselineDropMin, context) - lower.height)
            placed.append((lower, -lower.width / 2 - half, base.box.depth + gap + lower.height))
        }
        return stack(placed)
    }

    /// Boxes placed around a common centre line, moved right so the leftmost starts at 0.
    func stack(_ placed: [(box: MathBox, x: Double, y: Double)]) -> MathBox {
        let left = placed.map(\.x).min() ?? 0
        var box = MathBox()
        for part in placed {
            box.place(part.box, x: part.x - left, y: part.y)
            box.width = max(box.width, part.x - left + part.box.width)
        }
        return box
    }
}
