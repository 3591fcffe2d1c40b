/// A laid-out atom's nucleus with what placing its scripts needs to know.
struct MathFragment {
    /// The box, its width without the italic correction.
    var box: MathBox
    /// The italic correction in points: how far the ink leans past the advance.
    var italicCorrection: Double = 0
    /// The glyph when the nucleus is one glyph: its kerning and accent attachment apply.
    var glyph: UInt32?
    /// The glyph's size in points, for its kerning.
    var glyphSize: Double = 0
}
