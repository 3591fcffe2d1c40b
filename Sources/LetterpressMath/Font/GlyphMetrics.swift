/// What the layout needs to know of one glyph, in font units, y up as in the font.
package struct GlyphMetrics: Sendable, Equatable {
    /// The horizontal advance.
    package var advance: Double
    /// The left edge of the ink, from the origin.
    package var inkLeft: Double
    /// The right edge of the ink, from the origin.
    package var inkRight: Double
    /// How far the ink reaches above the baseline (negative for ink wholly below it).
    package var ascent: Double
    /// How far the ink reaches below the baseline.
    package var descent: Double
    /// The MATH table's italic correction, 0 when it has none.
    package var italicCorrection: Double
    /// Where an accent above it is centred, from the origin: the MATH table's top accent
    /// attachment, or half the advance when the table has none.
    package var topAccentAttachment: Double
    /// Whether the MATH table marks it an extended shape (a big variant or an assembly piece),
    /// whose scripts are placed from its own height rather than the usual shifts.
    package var isExtendedShape: Bool
}
