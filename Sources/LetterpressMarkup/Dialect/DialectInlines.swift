import Foundation
import LetterpressCore

/// The bracketed constructs pandoc adds inside a line, rewritten before cmark-gfm reads it:
/// inline notes `^[text]` become references to footnotes put at the note's end, bracketed
/// spans `[text]{.class}` become `^[text](…)` attributes (known classes) or their text,
/// citations `[@key, p. 3]` and, in the pandoc dialect, bare `@key` become their keys.
///
/// `^[text](…)`, `^[text][label]` and `^[label]: body` are the project's own syntax and stay
/// as written; so do links (`[@user](…)`) and everything in code spans.
struct DialectInlines {
    let dialect: MarkupDialect
    /// The inline notes met, each with its label and body, in order.
    private(set) var notes: [(label: String, body: [UInt8])] = []
    /// Where the first citation is and how many there are.
    private(set) var firstCitation: SourceLocation?
    private(set) var citations = 0
    /// The LaTeX commands left out of the text, and where the first is.
    private(set) var firstCommand: SourceLocation?
    private(set) var commands: [String] = []

    /// How far a bracket or brace is looked for its closer, so that a line of thousands of
    /// `[` costs linear time.
    static let longestConstruct = 1024

    /// The LaTeX commands pandoc passes to LaTeX alone when they stand in a line (bookdown's
    /// `\index{term}`): left out of the text, with their arguments (`\label` is math's: see `MathSource`).
    static let texCommands: Set<String> = [
        "index", "vspace", "hspace", "noindent", "medskip", "smallskip", "bigskip", "hfill", "vfill", "linebreak",
        "nolinebreak", "nopagebreak", "protect", "phantomsection", "addcontentsline", "glossary", "nocite",
    ]

    init(dialect: MarkupDialect) {
        self.dialect = dialect
    }

    /// The classes a bracketed span is styled by, and the attributes each gives.
    static let spanClasses: [String: String] = [
        "smallcaps": "smallCaps: true",
        "underline": "underline: true",
        "ul": "underline: true",
        "mark": "customStyle: 'mark'",
        "highlight": "customStyle: 'mark'",
    ]

    /// Whether `bytes` may hold something to rewrite (`^[`, `]{`, `@`, `\\`), looked at before
    /// anything else: a line of links alone holds nothing.
    static func mayHave(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "@"), UInt8(ascii: "\\"): return true
            case UInt8(ascii: "[") where previous == UInt8(ascii: "^"): return true
            case UInt8(ascii: "{") where previous == UInt8(ascii: "]"): return true
            default: break
            }
            previous = byte
        }
        return false
    }

    /// The bytes of `range` rewritten, or nil when nothing changed; `spans` gives, for each
    /// backtick run opening a code span, the index past its closing run. `line` numbers the
    /// line, for warnings.
    /// Inline notes inside an inline note stay as written (pandoc reads none).
    mutating func rewrite(_ bytes: [UInt8], _ range: Range<Int>, spans: [Int: Int], line: Int, inNote: Bool = false) -> [UInt8]? {
        guard Self.mayHave(bytes[range]) else { return nil }
        let closers = Self.closingBrackets(bytes, in: range, spans: spans)
        var output: [UInt8] = []
        var copied = range.lowerBound
        var index = range.lowerBound
        var changed = false
        func replace(_ end: Int, with replacement: [UInt8], from start: Int) {
            output += bytes[copied..<start]
            output += replacement
            copied = end
            index = end
            changed = true
        }
        while index < range.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where dialect.reads(.rawTeX):
                guard let end = Self.commandEnd(bytes, at: index, before: range.upperBound) else {
                    index += 2
                    continue
                }
                if firstCommand == nil { firstCommand = SourceLocation(line: line, column: index - range.lowerBound + 1) }
                commands.append(String(decoding: bytes[index..<min(end, index + 24)], as: UTF8.self))
                replace(end, with: [], from: index)
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "$"):
                index = Self.formulaEnd(bytes, at: index, before: range.upperBound)
            case MathSource.marker:
                // A formula `MathSource` marked (`\(…\)`): nothing in it is rewritten.
                index = bytes[(index + 1)..<range.upperBound].firstIndex(of: MathSource.marker).map { $0 + 1 } ?? index + 1
            case UInt8(ascii: "`"):
                if let end = spans[index] {
                    index = end
                } else {
                    while index < range.upperBound, bytes[index] == UInt8(ascii: "`") { index += 1 }
                }
            case UInt8(ascii: "^") where index + 1 < range.upperBound && bytes[index + 1] == UInt8(ascii: "["):
                guard dialect.reads(.inlineNotes), !inNote, let close = closers[index + 1],
                      close + 1 == range.upperBound || ![UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ":")].contains(bytes[close + 1]),
                      close > index + 2 else {
                    index += 2
                    continue
                }
                let label = "inline-note-\(notes.count + 1)"
                var body = Array(bytes[(index + 2)..<close])
                body = rewrite(body, 0..<body.count, spans: CodeSpans.ends(body, in: 0..<body.count), line: line, inNote: true) ?? body
                notes.append((label, body))
                replace(close + 1, with: Array("[^\(label)]".utf8), from: index)
            case UInt8(ascii: "["):
                let previous = index > range.lowerBound ? bytes[index - 1] : UInt8(ascii: " ")
                guard previous != UInt8(ascii: "!"), previous != UInt8(ascii: "]"),
                      index + 1 < range.upperBound, bytes[index + 1] != UInt8(ascii: "^"),
                      let close = closers[index] else {
                    index += 1
                    continue
                }
                let next = close + 1 < range.upperBound ? bytes[close + 1] : UInt8(ascii: "\n")
                if next == UInt8(ascii: "{"), dialect.reads(.bracketedSpans),
                   let brace = bytes[(close + 2)..<min(range.upperBound, close + 2 + Self.longestConstruct)]
                       .firstIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }),
                   bytes[brace] == UInt8(ascii: "}"),
                   let attributes = PandocAttributes(Substring(decoding: bytes[(close + 2)..<brace], as: UTF8.self)) {
                    replace(brace + 1, with: Self.span(Array(bytes[(index + 1)..<close]), attributes), from: index)
                } else if next != UInt8(ascii: "("), next != UInt8(ascii: "["), next != UInt8(ascii: ":"), dialect.reads(.citations),
                          let shown = Self.citation(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)) {
                    countCitation(SourceLocation(line: line, column: index - range.lowerBound + 1))
                    replace(close + 1, with: Array(shown.utf8), from: index)
                } else {
                    index += 1
                }
            case UInt8(ascii: "@") where dialect.reads(.bareCitations):
                let previous = index > range.lowerBound ? bytes[index - 1] : UInt8(ascii: " ")
                let start = previous == UInt8(ascii: "-") ? index - 1 : index
                let before = start > range.lowerBound ? bytes[start - 1] : UInt8(ascii: " ")
                let keyEnd = Self.keyEnd(bytes, from: index + 1, before: range.upperBound)
                guard keyEnd > index + 1, before == UInt8(ascii: " ") || before == UInt8(ascii: "(") || before == UInt8(ascii: "\t") else {
                    index += 1
                    continue
                }
                countCitation(SourceLocation(line: line, column: start - range.lowerBound + 1))
                replace(keyEnd, with: Array(bytes[(index + 1)..<keyEnd]), from: start)
            default:
                index += 1
            }
        }
        guard changed else { return nil }
        output += bytes[copied..<range.upperBound]
        return output
    }

    private mutating func countCitation(_ location: SourceLocation) {
        citations += 1
        if firstCitation == nil { firstCitation = location }
    }

    /// Past a LaTeX command at `index` that `texCommands` holds, with its star and its
    /// arguments (`[…]`, `{…}`, on the line); nil for any other.
    static func commandEnd(_ bytes: [UInt8], at index: Int, before end: Int) -> Int? {
        var position = index + 1
        while position < end, (bytes[position] | 0x20) >= UInt8(ascii: "a"), (bytes[position] | 0x20) <= UInt8(ascii: "z") { position += 1 }
        guard position > index + 1, texCommands.contains(String(decoding: bytes[(index + 1)..<position], as: UTF8.self)) else { return nil }
        if position < end, bytes[position] == UInt8(ascii: "*") { position += 1 }
        while position < end, bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[") {
            let close = bytes[position] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            var depth = 0
            var probe = position
            while probe < min(end, position + longestConstruct) {
                if bytes[probe] == bytes[position] { depth += 1 }
                if bytes[probe] == close {
                    depth -= 1
                    if depth == 0 { break }
                }
                probe += 1
            }
            guard probe < end, bytes[probe] == close, depth == 0 else { return nil }
            position = probe + 1
        }
        return position
    }

    /// Past the `$…$` or `$$…$$` formula at `index` as GitHub pairs them (no blank inside the
    /// delimiters, no digit after the closer), or past the `$` when it opens none: the TeX of
    /// a formula is never rewritten.
    static func formulaEnd(_ bytes: [UInt8], at index: Int, before end: Int) -> Int {
        let double = index + 1 < end && bytes[index + 1] == UInt8(ascii: "$")
        let start = index + (double ? 2 : 1)
        guard start < end, bytes[start] != UInt8(ascii: " ") else { return start }
        var probe = start
        while probe < min(end, start + longestConstruct) {
            if bytes[probe] == UInt8(ascii: "\\") {
                probe += 2
                continue
            }
            if bytes[probe] == UInt8(ascii: "$") {
                if double {
                    if probe + 1 < end, bytes[probe + 1] == UInt8(ascii: "$") { return probe + 2 }
                } else if bytes[probe - 1] != UInt8(ascii: " "),
                          probe + 1 == end || !(bytes[probe + 1] >= UInt8(ascii: "0") && bytes[probe + 1] <= UInt8(ascii: "9")) {
                    return probe + 1
                }
                return start
            }
            probe += 1
        }
        return start
    }

    /// For each `[` of `range` that a `]` closes on the same line, the index of that `]`, past
    /// escapes and code spans, found in one pass with a stack (a line of thousands of `[`
    /// costs linear time).
    static func closingBrackets(_ bytes: [UInt8], in range: Range<Int>, spans: [Int: Int]) -> [Int: Int] {
        var closers: [Int: Int] = [:]
        var open: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "`"):
                if let spanEnd = spans[index] { index = spanEnd - 1 }
            case UInt8(ascii: "["): open.append(index)
            case UInt8(ascii: "]"):
                if let last = open.popLast() { closers[last] = index }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): open.removeAll()
            default: break
            }
            index += 1
        }
        return closers
    }

    /// A bracketed span's replacement: `^[text](…)` for the classes known, else the text.
    static func span(_ text: [UInt8], _ attributes: PandocAttributes) -> [UInt8] {
        var seen: Set<String> = []
        let keys = attributes.classes.compactMap { spanClasses[$0.lowercased()] }.filter { seen.insert($0).inserted }
        guard !keys.isEmpty, !text.isEmpty else { return text }
        return Array("^[".utf8) + text + Array("](\(keys.joined(separator: ", ")))".utf8)
    }

    /// A citation group's text as its keys show it, in parentheses (`[see @doe99, p. 3;
    /// @roe]` is `(see doe99, p. 3; roe)`); nil when a part of it cites nothing.
    static func citation(_ inner: String) -> String? {
        guard inner.contains("@") else { return nil }
        var parts: [String] = []
        for part in inner.split(separator: ";", omittingEmptySubsequences: false) {
            let bytes = Array(part.utf8)
            guard let at = bytes.indices.first(where: { index in
                bytes[index] == UInt8(ascii: "@") && keyEnd(bytes, from: index + 1, before: bytes.count) > index + 1
                    && (index == 0 || bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "-"))
            }) else { return nil }
            // `-@key` leaves the author out in pandoc; the key is all that is shown here.
            let start = at > 0 && bytes[at - 1] == UInt8(ascii: "-") ? at - 1 : at
            let shown = Array(bytes[..<start]) + Array(bytes[(at + 1)...])
            parts.append(String(decoding: shown, as: UTF8.self).trimmingCharacters(in: .whitespaces))
        }
        return "(" + parts.joined(separator: "; ") + ")"
    }

    /// Past the citation key that starts at `start`: a letter, digit or `_`, then those and
    /// internal punctuation (`:.#$%&-+?<>~/`) followed by one of them.
    static func keyEnd(_ bytes: [UInt8], from start: Int, before end: Int) -> Int {
        func isKeyStart(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        guard start < end, isKeyStart(bytes[start]) else { return start }
        let punctuation = Set(":.#$%&-+?<>~/".utf8)
        var index = start + 1
        while index < end {
            if isKeyStart(bytes[index]) {
                index += 1
            } else if punctuation.contains(bytes[index]), index + 1 < end, isKeyStart(bytes[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return index
    }

}
