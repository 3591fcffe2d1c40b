import Foundation

/// A glyph for a character no font has, placed like `Glyph`.
public struct MissingGlyph: Sendable, Equatable {
    public var character: UInt32
    public var x: Int32
    public var y: Int32
    public var width: Int32
    /// How the box and its digits are laid out for the run's font; nil draws an empty frame.
    public var box: HexBox?
}

/// The geometry of the boxes Pango draws for missing characters in one font
/// (`PangoCairoFontHexBoxInfo`): the code point's hexadecimal digits in rows, in a small
/// monospace font. Unhinted, as Letterpress lays text out, the padding is also the frame's
/// line width, and the digits always take two rows.
public struct HexBox: Sendable, Equatable {
    public var digitFont: DrawingFont
    public var digitWidth: Double
    public var digitHeight: Double
    public var padding: Double
    public var height: Double
    public var descent: Double

    public var rows: Int { 2 }
}
