extension MathLayout {
    /// `\left … \middle … \right` (TeX's rule 19): the parts side by side, each delimiter
    /// grown to cover them symmetrically around the axis.
    func layoutFenced(_ fenced: MathAtom.Fenced, _ context: LayoutContext) -> MathBox {
        let parts = fenced.parts.map { layoutList($0, context) }
        var content = MathBox()
        for part in parts {
            content.height = max(content.height, part.height)
            content.depth = max(content.depth, part.depth)
        }
        let size = delimiterSize(covering: content, minimum: 0, context)
        var box = delimiterBox(fenced.left, size: size, context)
        for (index, part) in parts.enumerated() {
            append(part, to: &box)
            if index < fenced.middles.count, index + 1 < parts.count {
                append(delimiterBox(fenced.middles[index], size: size, context), to: &box)
            }
        }
        append(delimiterBox(fenced.right, size: size, context), to: &box)
        return box
    }

    /// `box` between delimiters grown to cover it, and at least `minimum` tall.
    func fence(_ box: MathBox, left: String?, right: String?, minimum: Double, _ context: LayoutContext) -> MathBox {
        let size = delimiterSize(covering: box, minimum: minimum, context)
        var fenced = delimiterBox(left, size: size, context)
        append(box, to: &fenced)
        append(delimiterBox(right, size: size, context), to: &fenced)
        return fenced
    }

    /// `\big(` to `\Bigg(`: 1.2, 1.8, 2.4 and 3 ems tall, as KaTeX roughly makes them.
    func layoutSizedDelimiter(_ delimiter: String, level: Int, _ context: LayoutContext) -> MathBox {
        let factor = [1.2, 1.8, 2.4, 3.0][min(max(level, 1), 4) - 1]
        return delimiterBox(delimiter, size: factor * em(context), nearest: true, context)
    }

    /// TeX's rule 19: twice the content's greater reach from the axis, times
    /// \delimiterfactor (901/1000), or less \delimitershortfall (5 pt at 10 pt), whichever
    /// is more.
    private func delimiterSize(covering box: MathBox, minimum: Double, _ context: LayoutContext) -> Double {
        let axis = constant(.axisHeight, context)
        let reach = max(box.height - axis, box.depth + axis)
        return max(minimum, 2 * reach * 901 / 1000, 2 * reach - 0.5 * em(context))
    }

    /// A delimiter at least `size` tall (or the nearest size, for `\big`) centred on the axis;
    /// `nil` (a `.`) is TeX's \nulldelimiterspace of room.
    private func delimiterBox(_ delimiter: String?, size: Double, nearest: Bool = false, _ context: LayoutContext) -> MathBox {
        guard let delimiter, !delimiter.isEmpty, delimiter != "." else { return MathBox(width: 0.12 * em(context)) }
        return centredOnAxis(stretched(delimiter, to: size, vertical: true, nearest: nearest, context), context)
    }

    /// `part` placed at `box`'s end.
    func append(_ part: MathBox, to box: inout MathBox) {
        box.place(part, x: box.width, y: 0)
        box.width += part.width
    }
}
