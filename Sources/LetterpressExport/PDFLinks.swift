import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// A PDF's links and named destinations, written through Cairo 1.16's tags, across its pages.
///
/// Cairo 1.16 writes a destination's name into the document's name tree as it is, between
/// parentheses, but a link's `dest` as a PDF string made from UTF-8 (UTF-16 in hexadecimal for
/// anything but printable ASCII without `(`, `)` and `\`): a name is used only in a form both
/// write alike (`name`). A link is written when its page ends, so an `internal` destination
/// (one Cairo leaves out of the name tree) on a later page would not be found: every
/// destination is named. It writes a URI between parentheses as it is, where PDF wants 7-bit
/// ASCII and an unbalanced parenthesis ends the string (`uri`).
final class PDFLinks {
    /// The destinations drawn so far: a name is given once, the first place wins (a table's
    /// header row repeated on the next page repeats its items).
    private var destinations: Set<String> = []

    func drawLink(to target: LinkTarget, rects: [Rect], on cr: OpaquePointer) {
        guard !rects.isEmpty else { return }
        let quads = rects.map { [$0.x, $0.y, $0.width, $0.height].map(DecimalText.twoPlaces).joined(separator: " ") }
        let destination: String
        switch target {
        case let .uri(uri):
            destination = "uri='\(Self.escapingQuotes(Self.uri(uri)))'"
        case let .anchor(anchor):
            destination = "dest='\(Self.name(anchor))'"
        case .documentTop:
            destination = "page=1 pos=[0 0]"
        }
        cairo_tag_begin(cr, CAIRO_TAG_LINK, "\(destination) rect=[\(quads.joined(separator: " "))]")
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    func drawDestination(_ anchor: String, at point: Point, on cr: OpaquePointer) {
        guard destinations.insert(anchor).inserted else { return }
        let position = "x=\(DecimalText.twoPlaces(point.x)) y=\(DecimalText.twoPlaces(point.y))"
        cairo_tag_begin(cr, CAIRO_TAG_DEST, "name='\(Self.name(anchor))' \(position)")
        cairo_tag_end(cr, CAIRO_TAG_DEST)
    }

    /// `anchor` as the PDF names it: letters, digits, `-`, `_` and `.` as they are, every
    /// other byte of its UTF-8 percent-encoded (`café` → `caf%C3%A9`).
    static func name(_ anchor: String) -> String {
        let bytes = Array(anchor.utf8)
        return percentEncoded(bytes) { index in
            switch bytes[index] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }

    /// `uri` as PDF readers expect it (RFC 3986): spaces, controls, non-ASCII bytes and the
    /// characters a URI may not hold percent-encoded, `%XX` already there kept; parentheses
    /// too when they do not pair up.
    static func uri(_ uri: String) -> String {
        let bytes = Array(uri.utf8)
        var depth = 0
        var balanced = true
        for byte in bytes where byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
            depth += byte == UInt8(ascii: "(") ? 1 : -1
            if depth < 0 { balanced = false }
        }
        balanced = balanced && depth == 0
        return percentEncoded(bytes) { index in
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                return index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                return balanced
            case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"),
                 UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                return false
            case 0x21...0x7E:
                return true
            default:
                return false
            }
        }
    }

    /// The text of `bytes` with each byte `keeps` refuses (by its index) written `%XX`; the
    /// bytes kept are ASCII.
    private static func percentEncoded(_ bytes: [UInt8], keeping keeps: (Int) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for index in bytes.indices {
            if keeps(index) {
                result.append(bytes[index])
            } else {
                result += [UInt8(ascii: "%"), hex[Int(bytes[index] >> 4)], hex[Int(bytes[index] & 0x0F)]]
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` with `\` before each `'`, as a value between Cairo's quotes wants it.
    private static func escapingQuotes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "'")) else { return text }
        return text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "\\'")
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
