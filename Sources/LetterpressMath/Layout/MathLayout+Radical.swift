import LetterpressCore

extension MathLayout {
    /// A radical (TeX's rule 11, MathML Core's `msqrt` and `mroot`): the radical sign grown
    /// through its variants or assembly to cover the radicand, its gap and the bar; extra
    /// height of the sign goes half to the gap; the bar RadicalRuleThickness thick with
    /// RadicalExtraAscender above it; a degree in scriptscript style, raised by
    /// RadicalDegreeBottomRaisePercent of the sign's height, with its kerns before and after.
    func layoutRadical(_ radicand: MathList, degree: MathList?, _ context: LayoutContext) -> MathBox {
        let inner = layoutList(radicand, context.crampedContext)
        let thickness = constant(.radicalRuleThickness, context)
        var gap = constant(context.style == .display ? .radicalDisplayStyleVerticalGap : .radicalVerticalGap, context)
        let target = inner.height + inner.depth + gap + thickness
        let sign = stretched("\u{221A}", to: target, vertical: true, context)
        let signTotal = sign.height + sign.depth
        if signTotal > target { gap += (signTotal - target) / 2 }
        // The sign's top meets the bar's top.
        let barTop = inner.height + gap + thickness
        let signShift = sign.height - barTop
        var x = 0.0
        var box = MathBox()
        if let degree {
            let index = layoutList(degree, context.with(style: .scriptScript, cramped: false))
            let raise = constant(.radicalDegreeBottomRaisePercent, context) / 100 * signTotal
            let signBottom = sign.depth + signShift
            x = max(0, constant(.radicalKernBeforeDegree, context))
            box.place(index, x: x, y: signBottom - raise)
            x = max(0, x + index.width + constant(.radicalKernAfterDegree, context))
        }
        box.place(sign, x: x, y: signShift)
        x += sign.width
        box.place(inner, x: x, y: 0)
        box.items.append(.rule(Rect(x: x, y: -barTop, width: inner.width, height: thickness), context.color))
        box.height = max(box.height, barTop + constant(.radicalExtraAscender, context))
        box.width = x + inner.width
        return box
    }
}
