import CPangoCairo
import Foundation

extension TextLayout {
    /// The width of the widest piece of the text that Pango cannot break (a word, a code span,
    /// an image), without its trailing white space: how narrow the layout could be without
    /// breaking a word. Read from the layout's lines as they are, with the break opportunities
    /// Pango found (`pango_layout_get_log_attrs`) and the widths it would break them with, so
    /// that nothing is laid out again.
    var widestPiece: Double { widest { $0.is_line_break != 0 } }

    /// The width of the widest character (grapheme cluster) of the text: how narrow the layout
    /// could be with words broken anywhere, less the hyphen Pango adds where it breaks one.
    var widestCharacter: Double { widest { $0.is_cursor_position != 0 } }

    /// The widest piece of the lines between two characters that `starts` says start a piece,
    /// without trailing white space.
    private func widest(_ starts: (PangoLogAttr) -> Bool) -> Double {
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count) else { return 0 }
        let utf8 = Array(text.string.utf8)
        var widest = 0.0
        var (byte, character) = (0, 0)
        for line in lines {
            // The separator of the paragraph before the line is on no line.
            while byte < line.byteRange.lowerBound {
                byte += Self.length(ofCharacterAt: byte, in: utf8)
                character += 1
            }
            var piece = byte..<byte
            while byte < line.byteRange.upperBound && character < Int(count) {
                if byte > piece.lowerBound && starts(attributes[character]) {
                    widest = max(widest, width(line: line.index, bytes: piece))
                    piece = byte..<byte
                }
                byte += Self.length(ofCharacterAt: byte, in: utf8)
                if attributes[character].is_white == 0 { piece = piece.lowerBound..<byte }
                character += 1
            }
            widest = max(widest, width(line: line.index, bytes: piece))
        }
        return widest
    }

    private func width(line: Int, bytes: Range<Int>) -> Double {
        guard !bytes.isEmpty else { return 0 }
        return xRanges(line: line, bytes: bytes).reduce(0) { $0 + $1.upperBound - $1.lowerBound }
    }

    private static func length(ofCharacterAt byte: Int, in utf8: [UInt8]) -> Int {
        let lead = utf8[byte]
        return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }
}
