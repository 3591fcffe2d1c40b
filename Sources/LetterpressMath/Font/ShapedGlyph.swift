/// A glyph of shaped text, in font units.
package struct ShapedGlyph: Sendable, Equatable {
    /// The glyph's id in the font.
    package var glyph: UInt32
    /// How far the pen moves after it.
    package var xAdvance: Double
    /// Where it is drawn from the pen, y up.
    package var xOffset: Double
    package var yOffset: Double
    /// The UTF-8 offset of the first character it shows, in the shaped string.
    package var cluster: Int
}
