import Foundation

/// One line of text as positioned glyphs: what the drawer paints, with no Pango object in it,
/// so that a page outlives the layouts it was cut from and can cross threads.
public struct TextLine: Sendable {
    /// The left end of the line's baseline on the page.
    public var origin: Point
    /// The runs of one font and colour each, left to right as Pango placed them.
    public var runs: [GlyphRun]
    /// The characters the line shows.
    public var string: String
    /// Where the line sat in the layout it was cut from.
    public var metrics: LineMetrics
}
