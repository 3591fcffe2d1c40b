import Foundation
import LetterpressCore

/// Glyphs of one font and one colour.
///
/// Positions are kept as Pango computes them, in Pango units (1/1024 pt), and converted and
/// added to the origin in Pango's order when drawn, so that the drawn bytes do not depend on
/// whether a page was painted from a layout or from these values. A page whose header or
/// footer shows the page count waits for the document's end, so runs are kept small.
package struct GlyphRun: Sendable {
    package var font: DrawingFont
    /// The colour the glyphs are painted in; nil keeps the surface's current colour.
    package var color: Color?
    /// Where the run starts from the line's origin, in Pango units: y is negative for a
    /// raised run.
    package var x: Int32
    package var y: Int32
    package var glyphs: Glyphs
    /// Characters no installed font has, drawn as boxes holding their code points.
    package var missing: [MissingGlyph]
    /// The run's text and how its bytes map to glyphs, for PDF text extraction.
    package var utf8: [UInt8]
    package var clusters: TextClusters
    /// Right-to-left: clusters run backwards through the text.
    package var isBackward: Bool
}
