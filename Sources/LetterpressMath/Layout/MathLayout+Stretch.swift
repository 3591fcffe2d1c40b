import LetterpressCore

extension MathLayout {
    /// `character` grown to at least `target` points, tall when `vertical`, wide otherwise:
    /// the first of the font's variants that is big enough, else the glyph assembly, else the
    /// biggest variant; with `nearest`, the variant closest to `target`, and the assembly only
    /// when every variant is more than a tenth short. A vertical assembly's box stands on the
    /// baseline; a variant keeps its own baseline. A character the font lacks is an empty box
    /// of `.notdef`'s width.
    func stretched(_ character: String, to target: Double, vertical: Bool, nearest: Bool = false,
                   _ context: LayoutContext) -> MathBox {
        guard let scalar = character.unicodeScalars.first, let glyph = font.glyph(for: scalar) else {
            return character.first.map { missingBox($0, context) } ?? MathBox()
        }
        let scale = font.scale(size: fontSize(context.style))
        let units = target / scale
        let variants = font.variants(glyph, vertical: vertical)
        if nearest, let variant = variants.min(by: { abs($0.advance - units) < abs($1.advance - units) }),
           variant.advance >= units * 0.9 {
            return glyphBox(variant.glyph, text: character, context)
        }
        if let variant = variants.first(where: { $0.advance >= units }) {
            return glyphBox(variant.glyph, text: character, context)
        }
        if let assembly = font.assembly(glyph, vertical: vertical), !assembly.parts.isEmpty {
            return assemble(assembly, to: units, vertical: vertical, text: character, context)
        }
        return glyphBox(variants.last?.glyph ?? glyph, text: character, context)
    }

    /// Pieces of an assembly laid end to end (OpenType MATH's GlyphAssembly): extenders
    /// repeated as few times as reach `units` with the least overlap, then the overlaps
    /// widened evenly, within the connectors' lengths, to come as close to `units` as they can.
    private func assemble(_ assembly: GlyphAssembly, to units: Double, vertical: Bool, text: String,
                          _ context: LayoutContext) -> MathBox {
        let minOverlap = font.minConnectorOverlap(vertical: vertical)
        let parts = repeatedParts(assembly, to: units, minOverlap: minOverlap)
        let joints = Double(max(parts.count - 1, 0))
        var overlap = minOverlap
        if joints > 0 {
            let room = zip(parts, parts.dropFirst()).map { min($0.endConnector, $1.startConnector) }.min() ?? minOverlap
            let wanted = (parts.reduce(0) { $0 + $1.fullAdvance } - units) / joints
            overlap = max(minOverlap, min(wanted, room))
        }
        let scale = font.scale(size: fontSize(context.style))
        var box = MathBox()
        var position = 0.0
        for (index, part) in parts.enumerated() {
            let metrics = font.metrics(part.glyph)
            var piece = glyphBox(part.glyph, text: index == 0 ? text : "", context)
            if vertical {
                // Each piece stands on the end of the one below: its ink bottom at `position`.
                box.place(piece, x: 0, y: -(position + metrics.descent) * scale)
                box.width = max(box.width, piece.width)
            } else {
                piece.width = 0
                box.place(piece, x: (position - metrics.inkLeft) * scale, y: 0)
            }
            position += part.fullAdvance - (index + 1 < parts.count ? overlap : 0)
        }
        if vertical {
            box.height = position * scale
            box.depth = 0
        } else {
            box.width = position * scale
        }
        return box
    }

    /// The assembly's parts with each extender repeated the fewest times (at most 500, so
    /// no size hangs the layout) that reach `units` with every joint overlapping `minOverlap`.
    private func repeatedParts(_ assembly: GlyphAssembly, to units: Double, minOverlap: Double) -> [GlyphAssembly.Part] {
        let fixed = assembly.parts.filter { !$0.isExtender }
        let extenders = assembly.parts.filter(\.isExtender)
        let fixedLength = fixed.reduce(0) { $0 + $1.fullAdvance - minOverlap }
        let extenderLength = extenders.reduce(0) { $0 + $1.fullAdvance - minOverlap }
        var repeats = 1
        if extenderLength > 0 {
            let needed = (units - fixedLength - minOverlap) / extenderLength
            repeats = Int(needed.rounded(.up).clamped(to: 0...500))
        }
        return assembly.parts.flatMap { $0.isExtender ? Array(repeating: $0, count: repeats) : [$0] }
    }

    /// `box` moved up or down so its middle is on the math axis.
    func centredOnAxis(_ box: MathBox, _ context: LayoutContext) -> MathBox {
        box.shifted(down: (box.height - box.depth) / 2 - constant(.axisHeight, context))
    }
}
