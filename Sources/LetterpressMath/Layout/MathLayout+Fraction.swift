import LetterpressCore

extension MathLayout {
    /// A fraction (TeX's rule 15, MathML Core's `mfrac`): with a bar, numerator and
    /// denominator shifted from the baseline at least by the font's shifts and kept their
    /// gap from the bar, which is centred on the math axis; without one (`\binom`, `\atop`),
    /// the stack constants. Delimiters around it grow as `\left…\right` would, at least to
    /// TeX's delim1 (display) or delim2 size.
    func layoutFraction(_ fraction: MathAtom.Fraction, _ outer: LayoutContext) -> MathBox {
        var context = outer
        if let style = fraction.style { context.style = style }
        let isDisplay = context.style == .display
        let parts = fraction.isContinued
            ? (context.with(style: .display, cramped: context.cramped), context.with(style: .display, cramped: true))
            : (context.numerator, context.denominator)
        var numerator = layoutList(fraction.numerator, parts.0)
        let denominator = layoutList(fraction.denominator, parts.1)
        if fraction.isContinued {
            // \cfrac's strut: every numerator as tall as a parenthesis, so levels line up.
            numerator.height = max(numerator.height, 0.75 * em(context))
            numerator.depth = max(numerator.depth, 0.25 * em(context))
        }
        let (up, down, rule) = fraction.hasRule
            ? barShifts(numerator, denominator, isDisplay: isDisplay, context)
            : stackShifts(numerator, denominator, isDisplay: isDisplay, context)
        // TeX's \nulldelimiterspace (1.2 pt at 10 pt) on each side keeps bars apart.
        let padding = 0.12 * em(context)
        let width = max(numerator.width, denominator.width) + 2 * padding
        var box = MathBox(width: width)
        box.place(numerator, x: (width - numerator.width) / 2, y: -up)
        box.place(denominator, x: (width - denominator.width) / 2, y: down)
        if let rule {
            box.items.append(.rule(Rect(x: 0, y: -(rule.axis + rule.thickness / 2), width: width, height: rule.thickness), context.color))
            box.height = max(box.height, rule.axis + rule.thickness / 2)
        }
        guard fraction.left != nil || fraction.right != nil else { return box }
        let minimum = (isDisplay ? 2.39 : 1.01) * em(context)
        return fence(box, left: fraction.left, right: fraction.right, minimum: minimum, context)
    }

    /// How far the numerator rises and the denominator drops with a bar between, and the bar.
    private func barShifts(_ numerator: MathBox, _ denominator: MathBox, isDisplay: Bool,
                           _ context: LayoutContext) -> (Double, Double, (axis: Double, thickness: Double)?) {
        let axis = constant(.axisHeight, context)
        let thickness = constant(.fractionRuleThickness, context)
        let numeratorShift = constant(isDisplay ? .fractionNumeratorDisplayStyleShiftUp : .fractionNumeratorShiftUp, context)
        let denominatorShift = constant(isDisplay ? .fractionDenominatorDisplayStyleShiftDown : .fractionDenominatorShiftDown, context)
        let numeratorGap = constant(isDisplay ? .fractionNumDisplayStyleGapMin : .fractionNumeratorGapMin, context)
        let denominatorGap = constant(isDisplay ? .fractionDenomDisplayStyleGapMin : .fractionDenominatorGapMin, context)
        let up = max(numeratorShift, axis + thickness / 2 + numeratorGap + numerator.depth)
        let down = max(denominatorShift, denominator.height + denominatorGap + thickness / 2 - axis)
        return (up, down, (axis, thickness))
    }

    /// How far the numerator rises and the denominator drops with no bar: kept StackGapMin
    /// apart, the room added shared between them.
    private func stackShifts(_ numerator: MathBox, _ denominator: MathBox, isDisplay: Bool,
                             _ context: LayoutContext) -> (Double, Double, (axis: Double, thickness: Double)?) {
        var up = constant(isDisplay ? .stackTopDisplayStyleShiftUp : .stackTopShiftUp, context)
        var down = constant(isDisplay ? .stackBottomDisplayStyleShiftDown : .stackBottomShiftDown, context)
        let gapMin = constant(isDisplay ? .stackDisplayStyleGapMin : .stackGapMin, context)
        let gap = (up - numerator.depth) - (denominator.height - down)
        if gap < gapMin {
            up += (gapMin - gap) / 2
            down += (gapMin - gap) / 2
        }
        return (up, down, nil)
    }
}
