import CCmarkGFM
import Foundation
import LetterpressCore

/// `{page:#anchor}` in a note's text: the number of the page the heading or anchor lands on.
/// The variables' extension, which reads `{`, finds it and leaves a mark in the text (cmark
/// may merge its node into the text around, and a node's own data with it): the reference's
/// index among the session's, between two private-use characters. The converter checks the
/// anchor (gathered later) and puts in the number, which is known only once the document has
/// been laid out (`PageNumbers`).
struct PageReference {
    let anchor: String
    let location: SourceLocation

    static let openMark: Unicode.Scalar = "\u{E001}"
    static let closeMark: Unicode.Scalar = "\u{E002}"
    private static let prefix = Array("{page:#".utf8)
    /// Longest anchor looked for, so that a stray `{page:#` costs little.
    private static let longest: Int32 = 200

    /// A text node marking the `{page:#anchor}` at the parser's offset, which it moves past
    /// and adds to `session`; nil when none is there.
    static func match(_ inline: OpaquePointer, at location: SourceLocation, session: ParseSession) -> OpaquePointer? {
        let start = cmark_inline_parser_get_offset(inline)
        for (index, byte) in prefix.enumerated() where cmark_inline_parser_peek_at(inline, start + Int32(index)) != byte {
            return nil
        }
        var bytes: [UInt8] = []
        var position = start + Int32(prefix.count)
        while position < start + Int32(prefix.count) + longest {
            let character = cmark_inline_parser_peek_at(inline, position)
            if character == UInt8(ascii: "}") {
                guard !bytes.isEmpty else { return nil }
                cmark_inline_parser_set_offset(inline, position + 1)
                session.pageReferences.append(PageReference(anchor: String(decoding: bytes, as: UTF8.self), location: location))
                return AttributeExtension.textNode("\(openMark)\(session.pageReferences.count - 1)\(closeMark)")
            }
            guard character > 0x20, character != UInt8(ascii: "{") else { return nil }
            bytes.append(character)
            position += 1
        }
        return nil
    }

    /// `text` without the marks of references and the indexes between them: a heading's anchor
    /// and contents entry are its words, not a number that depends on the references before it.
    static func removed(from text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var inside = false
        for scalar in text.unicodeScalars {
            if scalar == openMark { inside = true } else if scalar == closeMark { inside = false } else if !inside {
                scalars.append(scalar)
            }
        }
        return String(scalars).trimmingCharacters(in: .whitespaces)
    }

    /// A text's pieces: plain text, and the references its marks stand for (`references`
    /// are the session's).
    enum Piece {
        case text(Substring)
        case reference(PageReference)
    }

    static func pieces(of text: String, references: [PageReference]) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text[...]
        while let open = rest.unicodeScalars.firstIndex(of: openMark),
              let close = rest.unicodeScalars[open...].firstIndex(of: closeMark),
              let index = Int(String(rest.unicodeScalars[rest.unicodeScalars.index(after: open)..<close])),
              references.indices.contains(index) {
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            pieces.append(.reference(references[index]))
            rest = rest[rest.unicodeScalars.index(after: close)...]
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }
}
