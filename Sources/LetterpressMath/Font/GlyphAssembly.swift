/// How the MATH table builds a glyph of any size from pieces: ends, middles and extenders
/// that repeat, overlapping at their connectors.
package struct GlyphAssembly: Sendable, Equatable {
    /// One piece, in the order they are stacked: bottom to top, or left to right.
    package struct Part: Sendable, Equatable {
        /// The piece's glyph.
        package var glyph: UInt32
        /// The length of its connector at the start (bottom or left), in font units.
        package var startConnector: Double
        /// The length of its connector at the end (top or right).
        package var endConnector: Double
        /// Its full size in the direction of growth.
        package var fullAdvance: Double
        /// Whether it may repeat (zero or more times) to reach a size.
        package var isExtender: Bool
    }

    /// The pieces.
    package var parts: [Part]
    /// The italic correction of the assembled glyph.
    package var italicCorrection: Double
}
