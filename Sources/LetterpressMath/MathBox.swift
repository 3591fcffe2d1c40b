import LetterpressCore

/// A laid-out formula: positioned glyphs (of the math font or a fallback) and rules, in points, from the left
/// end of its baseline, y growing downwards (as on a page). The typesetter turns the items
/// into ordinary page items, so they are vectors in every output and their text is selectable.
package struct MathBox: Sendable, Equatable {
    /// The advance width.
    package var width: Double
    /// How far the box reaches above the baseline.
    package var height: Double
    /// How far it reaches below the baseline.
    package var depth: Double
    /// What is drawn, in drawing order.
    package var items: [MathItem]
    /// The baselines (y from the box's baseline) of the rows that show an equation number, in
    /// order: one for `equation`, one per numbered row for `align` and `gather`.
    package var taggedRows: [TaggedRow]
    /// The characters neither the math font nor a fallback font has a glyph for: each took
    /// the room of `.notdef` and draws nothing, so the caller can warn about them.
    package var missingCharacters: Set<Character>

    package init(width: Double = 0, height: Double = 0, depth: Double = 0, items: [MathItem] = [], taggedRows: [TaggedRow] = [],
                 missingCharacters: Set<Character> = []) {
        self.width = width
        self.height = height
        self.depth = depth
        self.items = items
        self.taggedRows = taggedRows
        self.missingCharacters = missingCharacters
    }

    /// A row's equation number and where its baseline is.
    package struct TaggedRow: Sendable, Equatable {
        package var baseline: Double
        package var tag: EquationTag

        package init(baseline: Double, tag: EquationTag) {
            self.baseline = baseline
            self.tag = tag
        }
    }
}

/// One thing a formula draws.
package enum MathItem: Sendable, Equatable {
    /// Glyphs of one font at one size and colour.
    case glyphs(MathGlyphRun)
    /// A filled rectangle: a fraction bar, a radical's overbar, an array rule.
    case rule(Rect, Color)
    /// A stroked line: `\cancel`'s strokes.
    case line(from: Point, to: Point, width: Double, Color)
    /// A stroked rectangle: `\boxed`.
    case frame(Rect, width: Double, Color)
    /// The area of a `\ref` or `\eqref`, linking to the equation `label` names.
    case link(label: String, Rect)
}

/// Glyphs of one font at one size and one colour.
package struct MathGlyphRun: Sendable, Equatable {
    /// The font's size in points (its em).
    package var size: Double
    package var color: Color
    package var glyphs: [MathGlyph]
    /// The fallback font the glyphs are of, for characters the math font lacks; nil for the
    /// math font.
    package var font: FontFileReference?

    package init(size: Double, color: Color, glyphs: [MathGlyph], font: FontFileReference? = nil) {
        self.size = size
        self.color = color
        self.glyphs = glyphs
        self.font = font
    }
}

/// A glyph of its run's font, by its id, placed on its baseline point.
package struct MathGlyph: Sendable, Equatable {
    package var id: UInt32
    package var x: Double
    package var y: Double
    /// The characters it shows, for text extraction: empty for the second and later pieces of
    /// a stretched delimiter built from several glyphs.
    package var text: String

    package init(id: UInt32, x: Double, y: Double, text: String) {
        self.id = id
        self.x = x
        self.y = y
        self.text = text
    }
}
