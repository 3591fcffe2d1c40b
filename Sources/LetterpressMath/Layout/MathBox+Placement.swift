import LetterpressCore

extension MathBox {
    /// Adds `other`'s items, tags and missing characters with its origin at (`x`, `y`),
    /// growing the height and depth to cover it; the width stays the caller's to set.
    mutating func place(_ other: MathBox, x: Double, y: Double) {
        height = Swift.max(height, other.height - y)
        depth = Swift.max(depth, other.depth + y)
        items.append(contentsOf: other.items.map { $0.offsetBy(x: x, y: y) })
        taggedRows.append(contentsOf: other.taggedRows.map { TaggedRow(baseline: $0.baseline + y, tag: $0.tag) })
        missingCharacters.formUnion(other.missingCharacters)
    }

    /// The box moved down by `y` (up when negative), its height and depth following.
    func shifted(down y: Double) -> MathBox {
        var box = MathBox(width: width, height: height - y, depth: depth + y, missingCharacters: missingCharacters)
        box.items = items.map { $0.offsetBy(x: 0, y: y) }
        box.taggedRows = taggedRows.map { TaggedRow(baseline: $0.baseline + y, tag: $0.tag) }
        return box
    }

    /// The box with neighbouring glyph runs of one font, size and colour made one run, so a
    /// formula has as few runs as it has fonts, sizes and colours in a row.
    func mergingRuns() -> MathBox {
        var merged: [MathItem] = []
        merged.reserveCapacity(items.count)
        for item in items {
            if case let .glyphs(run) = item, case var .glyphs(last)? = merged.last,
               last.size == run.size, last.color == run.color, last.font == run.font {
                // Taken out first, so that its glyphs are not shared and grow in place: a
                // copy each time made a formula of n letters cost n² (80,000 letters: 41 s).
                merged.removeLast()
                last.glyphs += run.glyphs
                merged.append(.glyphs(last))
            } else {
                merged.append(item)
            }
        }
        var box = self
        box.items = merged
        return box
    }
}

extension MathItem {
    /// The item moved by (`x`, `y`).
    func offsetBy(x: Double, y: Double) -> MathItem {
        func moved(_ rect: Rect) -> Rect { Rect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height) }
        switch self {
        case var .glyphs(run):
            run.glyphs = run.glyphs.map { MathGlyph(id: $0.id, x: $0.x + x, y: $0.y + y, text: $0.text) }
            return .glyphs(run)
        case let .rule(rect, color):
            return .rule(moved(rect), color)
        case let .line(from, to, width, color):
            return .line(from: Point(x: from.x + x, y: from.y + y), to: Point(x: to.x + x, y: to.y + y), width: width, color)
        case let .frame(rect, width, color):
            return .frame(moved(rect), width: width, color)
        case let .link(label, rect):
            return .link(label: label, moved(rect))
        }
    }
}
