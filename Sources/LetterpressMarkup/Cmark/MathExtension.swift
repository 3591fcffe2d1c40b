import CCmarkGFM
import Foundation
import LetterpressCore

/// A cmark-gfm inline extension for TeX math as GitHub reads it, before any other inline rule
/// sees the formula's text (nothing inside is Markdown): `$…$` (the opening `$` not followed by
/// a blank, the closing one not preceded by a blank nor followed by a digit; `\$` inside does
/// not close), `` $`…`$ ``, `$$…$$` (display), and the `\(…\)`, `\[…\]` and
/// `\begin{equation}…\end{equation}` pairs whose backslashes `MathSource` marked (cmark would
/// take `\(` for an escape). cmark meets code spans, autolinks, inline HTML and link
/// destinations first, so a `$` inside them stays text; an escaped `\$` never reaches here.
///
/// A formula becomes a code node (table cells take only core node types) whose literal is its
/// TeX, carrying its `MathFormula`; the converter's first pass reads and numbers it.
enum MathExtension {
    static let dollar = UInt8(ascii: "$")
    static let backtick = UInt8(ascii: "`")

    /// Unchecked: made once (Swift runs a static's initializer once, under a lock), then only read.
    nonisolated(unsafe) static let shared: OpaquePointer = {
        let ext = cmark_syntax_extension_new("letterpress_math")!
        let memory = cmark_get_default_mem_allocator()
        var characters: UnsafeMutablePointer<cmark_llist>?
        for character in [dollar, MathSource.marker] {
            characters = cmark_llist_append(memory, characters, UnsafeMutableRawPointer(bitPattern: UInt(character)))
        }
        cmark_syntax_extension_set_special_inline_chars(ext, characters)
        cmark_syntax_extension_set_match_inline_func(ext, match)
        return ext
    }()

    private static let match: cmark_match_inline_func = { ext, _, parent, character, inline in
        // cmark asks the extensions at the start of every run of text, whatever its character.
        guard character == dollar || character == MathSource.marker, let ext, let inline, let parent,
              let math = ParseSession.of(ext).math else { return nil }
        let start = cmark_inline_parser_get_offset(inline)
        // A note with 0x01 bytes of its own has no markers (`MathSource`): its bytes are text.
        guard character == dollar || math.source.usesMarkers else { return nil }
        let found = character == dollar ? dollars(inline, at: start, in: parent, math: math) : marked(inline, at: start)
        switch found {
        case .none:
            return nil
        case let .text(text, end):
            cmark_inline_parser_set_offset(inline, end)
            return AttributeExtension.textNode(text)
        case let .formula(opener, closer, display):
            let formula = MathFormula(tex: tex(inline, from: start + opener, to: closer.lowerBound), isDisplay: display,
                                      written: written(inline, from: start, to: closer.upperBound, opener: Int(opener),
                                                        line: CmarkNode.line(of: inline, in: parent, lineOffset: ParseSession.of(ext).lineOffset)))
            cmark_inline_parser_set_offset(inline, closer.upperBound)
            countLines(inline, from: start, to: closer.upperBound)
            let node = cmark_node_new_with_mem(CMARK_NODE_CODE, cmark_get_default_mem_allocator())!
            cmark_node_set_literal(node, formula.tex)
            MathFormula.attach(formula, to: node)
            math.add(formula, in: parent)
            return node
        }
    }

    private enum Found {
        /// Not a formula: cmark reads the character as it would.
        case none
        /// Not a formula: this text up to `end` (a run of dollars that must not be read again one at a time).
        case text(String, Int32)
        /// A formula: the opening delimiter's length, and where the closing one is.
        case formula(opener: Int32, closer: Range<Int32>, display: Bool)
    }

    private static func peek(_ inline: OpaquePointer, _ position: Int32) -> UInt8 {
        cmark_inline_parser_peek_at(inline, position)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// `$…$`, `` $`…`$ `` or `$$…$$` at `start`, as pandoc's and GitHub's rules read them.
    /// A `` $`…`$ `` whose closer is not found leaves `math` the block, so that the next
    /// opener there does not look again to the end (which would take quadratic time).
    private static func dollars(_ inline: OpaquePointer, at start: Int32, in block: OpaquePointer, math: NoteMath) -> Found {
        var count: Int32 = 0
        while peek(inline, start + count) == dollar { count += 1 }
        if count == 1 && peek(inline, start + 1) == backtick {
            guard math.unclosedCodeMath != block else { return .none }
            var position = start + 2
            while true {
                let byte = peek(inline, position)
                if byte == 0 {
                    math.unclosedCodeMath = block
                    return .none
                }
                if byte == backtick, peek(inline, position + 1) == dollar, position > start + 2 {
                    return .formula(opener: 2, closer: position..<(position + 2), display: false)
                }
                position += 1
            }
        }
        if count == 2 {
            var position = start + 2
            while true {
                let byte = peek(inline, position)
                // A code span after the opener is code, never part of a formula ($`…`$ is
                // the form for TeX with backticks).
                if byte == 0 || byte == backtick { return .text("$$", start + 2) }
                if byte == dollar {
                    guard peek(inline, position + 1) == dollar else {
                        position += 1
                        continue
                    }
                    guard position > start + 2 else { return .text("$$", start + 2) }
                    return .formula(opener: 2, closer: position..<(position + 2), display: true)
                }
                position += 1
            }
        }
        guard count == 1 else { return .text(String(repeating: "$", count: Int(count)), start + count) }
        let first = peek(inline, start + 1)
        guard first != 0, !isBlank(first) else { return .none }
        var position = start + 1
        while true {
            let byte = peek(inline, position)
            if byte == 0 || byte == backtick { return .none }
            if byte == dollar {
                let before = peek(inline, position - 1)
                if isBlank(before) { return .none }
                if before == UInt8(ascii: "\\") {
                    position += 1
                    continue
                }
                let after = peek(inline, position + 1)
                if after >= UInt8(ascii: "0") && after <= UInt8(ascii: "9") { return .none }
                return .formula(opener: 1, closer: position..<(position + 1), display: false)
            }
            position += 1
        }
    }

    /// A pair whose backslashes `MathSource` marked, at `start`: `\(…\)`, `\[…\]`, or a
    /// top-level environment; an opener or closer left alone reads as cmark would have read it.
    private static func marked(_ inline: OpaquePointer, at start: Int32) -> Found {
        let marker = MathSource.marker
        switch peek(inline, start + 1) {
        case UInt8(ascii: "("), UInt8(ascii: "["):
            let open = peek(inline, start + 1)
            let close = open == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
            var position = start + 2
            while true {
                let byte = peek(inline, position)
                if byte == 0 { return .text(String(UnicodeScalar(open)), start + 2) }
                if byte == marker, peek(inline, position + 1) == close {
                    return .formula(opener: 2, closer: position..<(position + 2), display: open == UInt8(ascii: "["))
                }
                position += 1
            }
        case UInt8(ascii: "e"), UInt8(ascii: "r"):
            // A `\eqref{label}` or `\ref{label}` of the text: the pass checked its brace closes.
            var end = start + 1
            while peek(inline, end) != 0, peek(inline, end) != UInt8(ascii: "}") { end += 1 }
            guard peek(inline, end) == UInt8(ascii: "}") else { return .text("\\", start + 1) }
            return .formula(opener: 0, closer: (end + 1)..<(end + 1), display: false)
        case UInt8(ascii: ")"), UInt8(ascii: "]"):
            return .text(String(UnicodeScalar(peek(inline, start + 1))), start + 2)
        case UInt8(ascii: "b"):
            // `\begin{name}` … `\end{name}`: the TeX keeps both, so the "delimiters" are empty.
            var position = start + 1
            while true {
                let byte = peek(inline, position)
                if byte == 0 { return .text("\\", start + 1) }
                if byte == marker, peek(inline, position + 1) == UInt8(ascii: "e") {
                    var end = position
                    while peek(inline, end) != 0, peek(inline, end) != UInt8(ascii: "}") { end += 1 }
                    guard peek(inline, end) == UInt8(ascii: "}") else { return .text("\\", start + 1) }
                    return .formula(opener: 0, closer: (end + 1)..<(end + 1), display: true)
                }
                position += 1
            }
        case 0:
            return .none
        default:
            // A lone `\end{…}`: the backslash it was.
            return .text("\\", start + 1)
        }
    }

    /// Counts the line ends of a formula that goes on over lines as cmark counts those it
    /// reads itself, so that the places of what follows in the paragraph (a link to no anchor,
    /// an attribute) are on their own lines. The extension API has no call for it: the inline
    /// parser's line and column offset are written where cmark-gfm 0.29 keeps them (its
    /// `subject`: after the allocator and the input chunk, `int line` (at byte 24, or 28 in
    /// versions with a `flags` field before it), then the position, the block's offset and the
    /// column offset), only when the line and position found there are those the API reports.
    private static func countLines(_ inline: OpaquePointer, from start: Int32, to end: Int32) {
        var lineEnds: Int32 = 0
        var lastLineStart: Int32 = 0
        var position = start
        while position < end {
            if peek(inline, position) == UInt8(ascii: "\n") {
                lineEnds += 1
                lastLineStart = position + 1
            }
            position += 1
        }
        guard lineEnds > 0 else { return }
        let subject = UnsafeMutableRawPointer(inline)
        let line = cmark_inline_parser_get_line(inline)
        let offset = cmark_inline_parser_get_offset(inline)
        for lineField in [24, 28] where subject.load(fromByteOffset: lineField, as: Int32.self) == line
            && subject.load(fromByteOffset: lineField + 4, as: Int32.self) == offset {
            subject.storeBytes(of: line + lineEnds, toByteOffset: lineField, as: Int32.self)
            subject.storeBytes(of: -lastLineStart, toByteOffset: lineField + 12, as: Int32.self)
            return
        }
    }

    /// The TeX between `start` and `end`, each marked backslash put back.
    private static func tex(_ inline: OpaquePointer, from start: Int32, to end: Int32) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(max(end - start, 0)))
        var position = start
        while position < end {
            let byte = peek(inline, position)
            bytes.append(byte == MathSource.marker ? UInt8(ascii: "\\") : byte)
            position += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the first pass needs to find the formula on its lines: its start's line in the
    /// note (`line`) and cmark's column, and its bytes from the opening delimiter on, line by line.
    private static func written(_ inline: OpaquePointer, from start: Int32, to end: Int32, opener: Int, line: Int) -> MathFormula.Written {
        var lines: [[UInt8]] = [[]]
        var position = start
        while position < end {
            let byte = peek(inline, position)
            if byte == UInt8(ascii: "\n") {
                lines.append([])
            } else if byte != UInt8(ascii: "\r") {
                lines[lines.count - 1].append(byte)
            }
            position += 1
        }
        return MathFormula.Written(line: line, column: Int(cmark_inline_parser_get_column(inline)),
                                   lines: lines, openerLength: opener)
    }
}
