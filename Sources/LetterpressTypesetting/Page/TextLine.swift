import Foundation
import LetterpressCore

/// One line of text as positioned glyphs: what the drawer paints, with no Pango object in it,
/// so that a page outlives the layouts it was cut from and can cross threads.
package struct TextLine: Sendable {
    /// The left end of the line's baseline on the page.
    package var origin: Point
    /// The runs of one font and colour each, left to right as Pango placed them.
    package var runs: [GlyphRun]
    /// The characters the line shows.
    package var string: String
    /// Where the line sat in the layout it was cut from.
    package var metrics: LineMetrics
}
