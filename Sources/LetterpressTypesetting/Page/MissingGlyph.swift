import Foundation

/// A glyph for a character no font has, placed like `Glyph`.
package struct MissingGlyph: Sendable, Equatable {
    package var character: UInt32
    package var x: Int32
    package var y: Int32
    package var width: Int32
    /// How the box and its digits are laid out for the run's font; nil draws an empty frame.
    package var box: HexBox?
}

/// The geometry of the boxes Pango draws for missing characters in one font
/// (`PangoCairoFontHexBoxInfo`): the code point's hexadecimal digits in rows, in a small
/// monospace font. Unhinted, as Letterpress lays text out, the padding is also the frame's
/// line width, and the digits always take two rows.
package struct HexBox: Sendable, Equatable {
    package var digitFont: DrawingFont
    package var digitWidth: Double
    package var digitHeight: Double
    package var padding: Double
    package var height: Double
    package var descent: Double

    package var rows: Int { 2 }
}
