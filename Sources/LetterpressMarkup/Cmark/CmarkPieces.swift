import CCmarkGFM
import LetterpressCore

/// A long note read by cmark piece by piece, so that its whole tree (two kilobytes for a short
/// paragraph: most of a long note's memory) never exists at once, and its first blocks are
/// styled and laid out while cmark has the rest still to read.
///
/// A piece ends where a block starts at the top level of the whole note. cmark's blocks depend
/// only on the lines before them, and a line that starts a block at the top level has closed
/// every block before it; so the blocks of a piece that ends there are the note's, and so are
/// those of a piece that starts there. Each piece is read with one more line, a probe: a line
/// that starts with a letter after a blank line, which no paragraph, list or quote before it
/// can take. When the tree's last node starts on the probe, the nodes before it are the note's;
/// when a fenced code block or an HTML block took the probe, the nodes before that block are.
/// Either way that last node is read again with the next piece, so it must be one that nothing
/// counts on reading once: the probe holds nothing the note's extensions act on (they would
/// count its warnings and budgets twice), and a code or HTML block has no inlines.
///
/// Where one part of a note can change another, the note is read whole: reference definitions
/// (`[a]: url`, `^[a]: …`) and footnotes, links to anchors (checked against the whole note's),
/// variables and translations (whose budget cmark and the converter share, in an order pieces
/// would change), a table of contents, formulas (numbered across the note) and definition lists
/// (whose terms the converter joins across siblings).
struct CmarkPieces {
    /// The bytes cmark reads at a time, about: a piece ends at the first probe after them.
    static let pieceBytes = 64 << 10
    /// Notes shorter than this are read whole: their tree is small, and cmark reads them in a
    /// few milliseconds.
    static let minimumBytes = 256 << 10

    /// The note, whose bytes are read where the string keeps them (`withBytes`).
    private let body: String
    private let lines: [Range<Int>]
    private let pieceBytes: Int
    /// The first line (from 0) of the next piece; `lines.count` once the last is read.
    private var start = 0

    /// The pieces of `body` (the text cmark reads) when it may be read piece by piece: it is
    /// `minimumBytes` long at least and nothing in it reaches across pieces (see above); nil
    /// when it is read whole. `pieceBytes` is for tests, which read small notes in small pieces.
    init?(_ body: String, session: ParseSession, pieceBytes: Int = Self.pieceBytes, minimumBytes: Int = Self.minimumBytes) {
        guard body.utf8.count >= minimumBytes, session.contents == nil, session.dialectSource.definitionMarkers.isEmpty,
              !ContentsLine.scan(body).contentsLine else { return nil }
        guard body.withBytes({ Self.crossesNoPieces($0, math: session.math != nil) }) else { return nil }
        self.body = body
        lines = body.withBytes { CmarkLines.ranges(in: $0) }
        self.pieceBytes = pieceBytes
    }

    /// cmark's tree of the next piece and the note's lines before it, nil after the last. The
    /// session's `lineOffset` is set to those lines, for the extensions and the converter.
    mutating func next(session: ParseSession) -> (root: OpaquePointer, lineOffset: Int)? {
        guard start < lines.count else { return nil }
        let first = start
        session.lineOffset = first
        let (root, next) = body.withBytes { bytes -> (OpaquePointer?, Int) in
            var probe = probe(from: line(atByte: lines[first].lowerBound + pieceBytes), in: bytes)
            while true {
                let end = probe.map { lines[$0 + 1].lowerBound } ?? bytes.count
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lines[first].lowerBound..<end]), as: UTF8.self)
                guard let root = MarkdownParser.parseTree(text, session: session) else { return (nil, lines.count) }
                guard let probeLine = probe else { return (root, lines.count) }
                if let last = cmark_node_last_child(root), case let lastStart = first + Int(cmark_node_get_start_line(last)) - 1,
                   lastStart > first {
                    cmark_node_free(last)
                    return (root, lastStart)
                }
                // One block (a fence, HTML) reaches past the probe: a longer piece.
                cmark_node_free(root)
                let reach = 2 * (lines[probeLine].lowerBound - lines[first].lowerBound)
                probe = self.probe(from: line(atByte: lines[first].lowerBound + reach), in: bytes)
            }
        }
        start = next
        return root.map { ($0, first) }
    }

    /// The first line from `index` on that can be a probe: a line (not the note's last) after
    /// a blank one, starting with an ASCII letter, without the characters the note's
    /// extensions act on (`^[…](…)`, `{{…}}`, `{page:…}`, formulas and their marks).
    private func probe(from index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = max(index, 1)
        while index < lines.count - 1 {
            let line = bytes[lines[index]]
            if let first = line.first, Self.isLetter(first), bytes[lines[index - 1]].allSatisfy(Self.isBlank),
               !line.contains(where: Self.isActedOn) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The first line that starts at `byte` or after (`lines.count` when none does).
    private func line(atByte byte: Int) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].lowerBound < byte { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether nothing in `bytes` reaches from one piece into another: no `]:` (reference and
    /// `^[…]:` definitions) nor `[^` (footnotes); no `{{` (variables, whose values spend one
    /// budget both as cmark reads and as the converter builds) nor `localized` (translations,
    /// parsed as the converter builds); no `\u` or `\x` (escapes that could spell those in an
    /// attribute body) nor `&num;`; no `#` but in a heading's opening run or after a letter or
    /// digit (any other may start a link to an anchor: `](#…)`, `]( #…)`, `\#`, `&#35;`,
    /// `{page:#…}`, `[[#…]]`, `href="#…"`); and, when formulas are read, no `$`, no
    /// `MathSource` mark and no `math` fence.
    private static func crossesNoPieces(_ bytes: UnsafeBufferPointer<UInt8>, math: Bool) -> Bool {
        var previous = UInt8(ascii: "\n")
        var lineStart = true
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: ":") where previous == UInt8(ascii: "]"),
                 UInt8(ascii: "^") where previous == UInt8(ascii: "["),
                 UInt8(ascii: "{") where previous == UInt8(ascii: "{"),
                 UInt8(ascii: "u") where previous == UInt8(ascii: "\\"),
                 UInt8(ascii: "x") where previous == UInt8(ascii: "\\"):
                return false
            case UInt8(ascii: "&") where follows("num;", in: bytes, at: index + 1),
                 UInt8(ascii: "l") where follows("ocalized", in: bytes, at: index + 1):
                return false
            case UInt8(ascii: "#"):
                if lineStart {
                    // A heading's run: `#` to `######` and a blank or the line's end.
                    var end = index
                    while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
                    guard end == bytes.count || isBlank(bytes[end]) || isLineEnd(bytes[end]) else { return false }
                    previous = UInt8(ascii: "#")
                    lineStart = false
                    index = end
                    continue
                }
                guard isLetter(previous) || isDigit(previous) else { return false }
            case UInt8(ascii: "$"), MathSource.marker:
                if math { return false }
            case UInt8(ascii: "`"), UInt8(ascii: "~"):
                if math, previous != byte, opensMathFence(bytes, at: index) { return false }
            default:
                break
            }
            lineStart = isLineEnd(byte) || (lineStart && isBlank(byte))
            previous = byte
            index += 1
        }
        return true
    }

    /// Whether `word` is in `bytes` at `index`.
    private static func follows(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return word.withUTF8Buffer { word in (0..<count).allSatisfy { bytes[index + $0] == word[$0] } }
    }

    /// Whether the run of backticks or tildes starting at `index` is a fence's (three or more)
    /// that says `math`: looked for anywhere, as a fence in a quote or a list is one too.
    private static func opensMathFence(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index
        while position < bytes.count, bytes[position] == bytes[index] { position += 1 }
        guard position - index >= 3 else { return false }
        while position < bytes.count, isBlank(bytes[position]) { position += 1 }
        let word = "math".utf8
        return bytes.count - position >= word.count && zip(bytes[position...], word).allSatisfy { $0 == $1 }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    private static func isLineEnd(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }

    private static func isActedOn(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "^") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "\\") || byte == MathSource.marker
    }
}
