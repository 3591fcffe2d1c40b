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

/// Glyphs of one font and one colour.
///
/// Positions are kept as Pango computes them (units of 1/1024 pt, converted exactly) and
/// added to the origin in Pango's order when drawn, so that the drawn bytes do not depend on
/// whether a page was painted from a layout or from these values.
public struct GlyphRun: Sendable {
    public var font: DrawingFont
    /// The colour the glyphs are painted in; nil keeps the surface's current colour.
    public var color: Color?
    /// Where the run starts, from the line's origin: y moves up for a raised run.
    public var offset: Point
    public var glyphs: [Glyph]
    /// Characters no installed font has, drawn as boxes holding their code points.
    public var missing: [MissingGlyph]
    /// The run's text and how its bytes map to glyphs, for PDF text extraction.
    public var utf8: [UInt8]
    public var clusters: [TextCluster]
    /// Right-to-left: clusters run backwards through the text.
    public var isBackward: Bool
}

/// A glyph of a run's font, placed from the run's start.
public struct Glyph: Sendable, Equatable {
    public var id: UInt32
    public var x: Double
    public var y: Double
}

/// A glyph for a character no font has.
public struct MissingGlyph: Sendable, Equatable {
    public var character: UInt32
    public var x: Double
    public var y: Double
    public var width: Double
    /// How the box and its digits are laid out for the run's font; nil draws an empty frame.
    public var box: HexBox?
}

/// The geometry of the boxes Pango draws for missing characters in one font
/// (`PangoCairoFontHexBoxInfo`): the code point's hexadecimal digits in rows, in a small
/// monospace font.
public struct HexBox: Sendable, Equatable {
    public var digitFont: DrawingFont
    public var rows: Int
    public var digitWidth: Double
    public var digitHeight: Double
    public var padding: Double
    public var lineWidth: Double
    public var height: Double
    public var descent: Double
}

/// `bytes` bytes of a run's text drawn by `glyphs` glyphs.
public struct TextCluster: Sendable, Equatable {
    public var bytes: Int32
    public var glyphs: Int32
}

/// A font as a drawing surface needs it: the face, its matrix (size, synthetic slant) and the
/// rasterizer's options, all plain values.
public struct DrawingFont: Sendable, Hashable {
    public var face: FontFace
    public var matrix: FontMatrix
    public var options: FontOptions
}

/// A font file's face, with the fontconfig properties that change how its glyphs are drawn
/// (synthetic bold, hinting, variations).
public struct FontFace: Sendable, Hashable {
    public var file: String
    public var index: Int
    /// Family and style, such as `DejaVu Sans Bold`.
    public var name: String
    /// Fontconfig's name syntax for the file, index and drawing properties: the drawer opens
    /// the face from it.
    public var pattern: String
}

/// An affine matrix, as Cairo's `cairo_matrix_t`.
public struct FontMatrix: Sendable, Hashable {
    public var xx, yx, xy, yy, x0, y0: Double
}

/// How glyph outlines are rasterized, as Cairo's font options.
public struct FontOptions: Sendable, Hashable {
    public var antialias: UInt32
    public var subpixelOrder: UInt32
    public var hintStyle: UInt32
    public var hintMetrics: UInt32
}
