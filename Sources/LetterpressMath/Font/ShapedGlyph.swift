/// A glyph of shaped text, in font units.
package struct ShapedGlyph: Sendable, Equatable {
    package var glyph: UInt32
    package var xAdvance: Double
    package var xOffset: Double
    package var yOffset: Double
    /// The UTF-8 offset of the first character it shows, in the shaped string.
    package var cluster: Int
}
