/// A bigger (or wider) form of a glyph from the MATH table's variants.
package struct GlyphVariant: Sendable, Equatable {
    /// The variant's glyph.
    package var glyph: UInt32
    /// Its full size in the direction it grows, in font units.
    package var advance: Double
}
