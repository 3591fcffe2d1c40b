import LetterpressCore

extension MathLayout {
    /// `\boxed`: a frame 0.04 em thick (0.4 pt at 10 pt) with 0.3 em of room inside (TeX's
    /// \fboxsep of 3 pt).
    func layoutBoxed(_ list: MathList, _ context: LayoutContext) -> MathBox {
        let inner = layoutList(list, context)
        let rule = 0.04 * em(context)
        let inset = 0.3 * em(context) + rule
        var box = MathBox(width: inner.width + 2 * inset)
        box.place(inner, x: inset, y: 0)
        box.height = inner.height + inset
        box.depth = inner.depth + inset
        let frame = Rect(x: rule / 2, y: -box.height + rule / 2, width: box.width - rule, height: box.height + box.depth - rule)
        box.items.append(.frame(frame, width: rule, context.color))
        return box
    }

    /// `\cancel` and its relatives: strokes across the content's box, as thick as a
    /// fraction bar; `\sout` strikes through at the axis.
    func layoutCancelled(_ list: MathList, _ cancel: MathAtom.Cancel, _ context: LayoutContext) -> MathBox {
        var box = layoutList(list, context)
        let width = constant(.fractionRuleThickness, context)
        let bottomLeft = Point(x: 0, y: box.depth), topRight = Point(x: box.width, y: -box.height)
        let topLeft = Point(x: 0, y: -box.height), bottomRight = Point(x: box.width, y: box.depth)
        let axis = -constant(.axisHeight, context)
        let strokes: [(Point, Point)]
        switch cancel {
        case .forward: strokes = [(bottomLeft, topRight)]
        case .backward: strokes = [(topLeft, bottomRight)]
        case .cross: strokes = [(bottomLeft, topRight), (topLeft, bottomRight)]
        case .horizontal: strokes = [(Point(x: 0, y: axis), Point(x: box.width, y: axis))]
        }
        box.items += strokes.map { .line(from: $0.0, to: $0.1, width: width, context.color) }
        return box
    }

    /// `\phantom`, `\hphantom`, `\vphantom`: the content's room, or part of it, and nothing drawn.
    func layoutPhantom(_ list: MathList, _ phantom: MathAtom.Phantom, _ context: LayoutContext) -> MathBox {
        let inner = layoutList(list, context)
        return MathBox(width: phantom == .height ? 0 : inner.width,
                       height: phantom == .width ? 0 : inner.height,
                       depth: phantom == .width ? 0 : inner.depth,
                       missingCharacters: inner.missingCharacters)
    }

    /// `\not`: the font's long solidus overlay (U+0338) centred on the content, or a
    /// stroke through it on the axis when the font has none.
    func layoutNegated(_ list: MathList, _ context: LayoutContext) -> MathBox {
        var box = layoutList(list, context)
        if let glyph = font.glyph(for: "\u{0338}") {
            let metrics = font.metrics(glyph)
            let scale = font.scale(size: fontSize(context.style))
            let slash = glyphBox(glyph, text: "\u{0338}", context)
            box.place(slash, x: box.width / 2 - (metrics.inkLeft + metrics.inkRight) / 2 * scale, y: 0)
        } else {
            let centre = Point(x: box.width / 2, y: -constant(.axisHeight, context))
            let reach = 0.4 * em(context)
            box.items.append(.line(from: Point(x: centre.x - reach / 3, y: centre.y + reach),
                                   to: Point(x: centre.x + reach / 3, y: centre.y - reach),
                                   width: constant(.fractionRuleThickness, context), context.color))
        }
        return box
    }
}
