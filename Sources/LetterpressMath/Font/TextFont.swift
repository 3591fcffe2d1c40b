import Synchronization

/// A text font read through HarfBuzz, needing no MATH table: the font a fallback names for
/// characters the math font lacks. One instance per face serves the whole process
/// (`opened(_:)`); it is safe to use from any thread, as `MathFont` is.
package final class TextFont: Sendable {
    /// The face it was opened from.
    package let reference: FontFileReference

    private let harfBuzz: HarfBuzzFont
    private let metricsCache = Mutex<[UInt32: GlyphMetrics]>([:])

    // A face that cannot be read is remembered as nil, so it is tried once, not per formula.
    private static let openFonts = Mutex<[FontFileReference: TextFont?]>([:])

    /// The face `reference` names, opened once per process; nil when it cannot be read.
    package static func opened(_ reference: FontFileReference) -> TextFont? {
        // Opening under the lock keeps two threads from opening the same face twice; it is
        // done once per face, so nobody waits long.
        openFonts.withLock { fonts in
            if let known = fonts[reference] { return known }
            let font = try? TextFont(reference)
            fonts[reference] = font
            return font
        }
    }

    private init(_ reference: FontFileReference) throws(MathFontError) {
        self.reference = reference
        self.harfBuzz = try HarfBuzzFont(file: reference.file, index: reference.index)
    }

    /// Points per font unit at `size` points.
    package func scale(size: Double) -> Double {
        size / harfBuzz.unitsPerEm
    }

    /// The font's own glyph for `scalar`, or nil when it has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        harfBuzz.glyph(for: scalar)
    }

    /// The glyph's advance and ink in font units, computed once.
    package func metrics(_ glyph: UInt32) -> GlyphMetrics {
        if let known = metricsCache.withLock({ $0[glyph] }) { return known }
        let metrics = harfBuzz.inkMetrics(glyph)
        metricsCache.withLock { $0[glyph] = metrics }
        return metrics
    }

    /// `text` shaped with the font's own features in the script and direction its
    /// characters have, so CJK punctuation, kerning and Arabic joining work.
    package func shape(_ text: some StringProtocol) -> [ShapedGlyph] {
        harfBuzz.shape(text)
    }
}
