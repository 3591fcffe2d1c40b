import Foundation
import LetterpressCore

/// One pass over a note's lines before cmark-gfm reads it, for the math cmark cannot be asked
/// about in its own passes.
///
/// - A display formula on lines of its own (`$$`, `\[` or a top-level `\begin{equation}` …
///   up to the line that closes it) becomes a ` ```math ` fence, so that a line of it that
///   starts with `+`, `-`, `#`, `>` or a number is never a list, a heading or a quote. The
///   fence keeps the container's prefix (`> `, a list item's marker or indentation), is longer
///   than any backtick run inside, and takes exactly the formula's lines: line numbers hold.
///   Its TeX, and where each line of it starts, are kept by the fence's line.
/// - cmark reads `\(` as an escaped `(` before any extension sees it, so the backslash of each
///   `\(`, `\)`, `\[`, `\]`, `\begin{…}` and `\end{…}` that pair up in a paragraph (outside
///   code spans) becomes the byte 0x01, which `MathExtension` reads as the delimiter: one byte
///   for one, so columns hold. A note that holds a 0x01 byte of its own keeps its backslashes.
///
/// It reads lines, not Markdown: fenced and indented code, HTML blocks and list items are
/// recognised as cmark does for the cases notes have; where a display formula's lines do not
/// all belong to its container, nothing is rewritten and the formula is read in its paragraph.
struct MathSource {
    /// A display formula the pass made a fence of.
    struct Block: Equatable {
        var tex: String
        /// Where each line of the TeX starts in the note.
        var lineStarts: [SourceLocation]
    }

    /// The byte that stands for the backslash of a delimiter cmark would take as an escape.
    static let marker: UInt8 = 0x01
    /// The references to equations read in the text, with their opening brace.
    static let references = ["\\eqref{", "\\ref{"]
    /// The longest `\eqref{…}` looked for, so that a stray one costs little.
    static let longestReference = 256
    /// The environments whose top-level `\begin` starts a display formula.
    static let environments: Set<String> = ["equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*",
                                            "alignat", "alignat*", "flalign", "flalign*"]

    /// The fences' formulas, by the fence's line.
    private(set) var blocks: [Int: Block] = [:]
    /// Whether a delimiter's backslash became `marker`.
    private(set) var usesMarkers = false

    /// `body` with its display formulas fenced and its backslash delimiters marked, and what
    /// was done; `body` itself (without a copy) when it has nothing of the kind.
    static func prepared(_ body: String) -> (String, MathSource) {
        guard mayHaveMath(body) else { return (body, MathSource()) }
        var pass = Pass(bytes: Array(body.utf8))
        pass.run()
        guard pass.changed else { return (body, pass.result) }
        return (String(decoding: pass.output(), as: UTF8.self), pass.result)
    }

    /// Whether `body` holds `$$`, `\(`, `\[` or `\begin{`: without any, nothing is to be done.
    static func mayHaveMath(_ body: String) -> Bool {
        body.withBytes { bytes in
            var previous: UInt8 = 0
            var backslashBefore = false
            for byte in bytes {
                if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "$") { return true }
                if backslashBefore && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "b")
                                       || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "r")) { return true }
                backslashBefore = byte == UInt8(ascii: "\\") && !backslashBefore
                previous = byte
            }
            return false
        }
    }

    /// The pass over the bytes of one note.
    private struct Pass: LineBytes {
        var bytes: [UInt8]
        var result = MathSource()
        /// Lines as cmark counts them: content ranges, without their line ends.
        let lines: [Range<Int>]
        /// Whole lines replaced (fence lines), by line index.
        var replacedLines: [Int: [UInt8]] = [:]
        var changed: Bool { !replacedLines.isEmpty || result.usesMarkers }
        /// Markers may be used: the note has no 0x01 byte of its own.
        let mayMark: Bool
        /// The note labels an equation, so a `\ref` in its text may name one; in a note that
        /// labels none, `\ref{x}` is prose about LaTeX.
        let mayReference: Bool

        init(bytes: [UInt8]) {
            self.bytes = bytes
            lines = CmarkLines.ranges(in: bytes)
            mayMark = !bytes.contains(MathSource.marker)
            let label = Array("\\label{".utf8)
            mayReference = bytes.indices.contains { bytes[$0] == label[0] && bytes[$0...].starts(with: label) }
        }

        /// The bytes with the replaced lines put in (markers are already in place).
        func output() -> [UInt8] {
            guard !replacedLines.isEmpty else { return bytes }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 64)
            var position = 0
            for (index, line) in lines.enumerated() {
                guard let replacement = replacedLines[index] else { continue }
                output += bytes[position..<line.lowerBound]
                output += replacement
                position = line.upperBound
            }
            output += bytes[position...]
            return output
        }

        // MARK: Lines

        /// A line's container as far as this pass reads it: its quote markers, where its
        /// content starts, and how far that is indented past the markers.
        struct Shape {
            var quotes = 0
            var afterQuotes: Int
            var contentStart: Int
            var indent: Int
            var isBlank: Bool
        }

        /// … reading at most `limit` quote markers (a formula's lines inside a quote of `limit`
        /// levels: a `>` after those is the formula's).
        func shape(_ line: Range<Int>, limit: Int = .max) -> Shape {
            var index = line.lowerBound
            var quotes = 0
            while quotes < limit {
                var probe = index
                var spaces = 0
                while probe < line.upperBound, bytes[probe] == UInt8(ascii: " "), spaces < 4 { probe += 1; spaces += 1 }
                guard spaces <= 3, probe < line.upperBound, bytes[probe] == UInt8(ascii: ">") else { break }
                quotes += 1
                index = probe + 1
                if index < line.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            }
            var content = index
            var indent = 0
            while content < line.upperBound, bytes[content] == UInt8(ascii: " ") || bytes[content] == UInt8(ascii: "\t") {
                indent += bytes[content] == UInt8(ascii: "\t") ? 4 - indent % 4 : 1
                content += 1
            }
            return Shape(quotes: quotes, afterQuotes: index, contentStart: content, indent: indent, isBlank: content == line.upperBound)
        }

        /// Where a footnote definition's content starts when `[^label]:` is at `start`.
        func footnoteContent(at start: Int, in line: Range<Int>) -> Int? {
            guard starts("[^", at: start, before: line.upperBound) else { return nil }
            var index = start + 2
            while index < line.upperBound, index - start < 1000, bytes[index] != UInt8(ascii: "]") {
                guard bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "[") else { return nil }
                index += 1
            }
            guard index > start + 2, starts("]:", at: index, before: line.upperBound) else { return nil }
            return index + 2
        }

        // MARK: The pass

        enum Opener: Hashable {
            case dollars, parentheses, brackets, environment(String)
        }

        enum HTMLEnd {
            case blankLine
            case marker(String)
        }

        mutating func run() {
            var fence: (byte: UInt8, length: Int, quotes: Int)?
            var html: HTMLEnd?
            var paragraph: Range<Int>?
            var listIndents: [Int] = []
            // Openers whose search reached a paragraph's end unclosed, and the line it ended on.
            var unclosed: [Opener: Int] = [:]
            var index = 0
            func endParagraph(_ pass: inout Pass) {
                if let range = paragraph { pass.markDelimiters(in: range) }
                paragraph = nil
            }
            while index < lines.count {
                let line = lines[index]
                let shape = shape(line)
                defer { index += 1 }
                if let open = fence {
                    if shape.quotes < open.quotes {
                        fence = nil
                    } else {
                        if closesFence(from: shape.contentStart, line, open.byte, open.length) { fence = nil }
                        continue
                    }
                }
                if let end = html {
                    switch end {
                    case .blankLine:
                        if shape.isBlank { html = nil }
                    case let .marker(text):
                        if contains(text, in: line) { html = nil }
                    }
                    continue
                }
                if shape.isBlank {
                    endParagraph(&self)
                    continue
                }
                if paragraph == nil {
                    while let last = listIndents.last, last > shape.indent { listIndents.removeLast() }
                }
                let base = listIndents.last(where: { $0 <= shape.indent }) ?? 0
                guard shape.indent - base <= 3 else {
                    // Indented code, or a paragraph's continuation.
                    if paragraph != nil { paragraph = paragraph!.lowerBound..<line.upperBound }
                    continue
                }
                var content = shape.contentStart
                var continuation = shape.indent
                // A list item's or a footnote definition's first line: its later lines go on
                // at its content's column (a definition's, four columns in).
                if let item = footnoteContent(at: content, in: line) ?? listContent(at: content, in: line) {
                    continuation = shape.indent + (bytes[content] == UInt8(ascii: "[") ? 4 : item - content)
                    while let last = listIndents.last, last >= continuation { listIndents.removeLast() }
                    listIndents.append(continuation)
                    content = item
                    while content < line.upperBound, bytes[content] == UInt8(ascii: " ") { content += 1 }
                }
                if let (byte, length) = fenceOpener(at: content, in: line) {
                    endParagraph(&self)
                    fence = (byte, length, shape.quotes)
                    continue
                }
                if let end = htmlStart(at: content, in: line, inParagraph: paragraph != nil) {
                    endParagraph(&self)
                    if case let .marker(text) = end, contains(text, in: content..<line.upperBound) { continue }
                    html = end
                    continue
                }
                if let opener = displayOpener(at: content, in: line), (unclosed[opener] ?? -1) < index {
                    switch fenced(opener, from: index, at: content, shape: shape, continuation: continuation) {
                    case let .fenced(last):
                        endParagraph(&self)
                        index = last
                        continue
                    case let .unclosed(stop):
                        unclosed[opener] = stop
                    }
                }
                paragraph = (paragraph?.lowerBound ?? line.lowerBound)..<line.upperBound
            }
            endParagraph(&self)
        }

        func contains(_ text: String, in line: Range<Int>) -> Bool {
            let utf8 = Array(text.utf8)
            guard line.count >= utf8.count, let first = utf8.first else { return false }
            for index in line.lowerBound...(line.upperBound - utf8.count) where bytes[index] == first || bytes[index] | 0x20 == first {
                if zip(bytes[index..<(index + utf8.count)], utf8).allSatisfy({ $0 == $1 || ($0 | 0x20) == $1 }) { return true }
            }
            return false
        }

        static let htmlBlockTags: Set<String> = [
            "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup", "dd",
            "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
            "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
            "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody",
            "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
        ]

        /// How the HTML block that starts at `index` ends, when one does (CommonMark's seven kinds).
        func htmlStart(at index: Int, in line: Range<Int>, inParagraph: Bool) -> HTMLEnd? {
            guard index < line.upperBound, bytes[index] == UInt8(ascii: "<") else { return nil }
            if starts("<!--", at: index, before: line.upperBound) { return .marker("-->") }
            if starts("<?", at: index, before: line.upperBound) { return .marker("?>") }
            if starts("<![CDATA[", at: index, before: line.upperBound) { return .marker("]]>") }
            if starts("<!", at: index, before: line.upperBound) { return .marker(">") }
            var start = index + 1
            let closing = start < line.upperBound && bytes[start] == UInt8(ascii: "/")
            if closing { start += 1 }
            var end = start
            while end < line.upperBound, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z")
                    || (end > start && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) || bytes[end] == UInt8(ascii: "-") {
                end += 1
            }
            guard end > start else { return nil }
            let name = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
            let after = end < line.upperBound ? bytes[end] : UInt8(ascii: " ")
            let ends = after == UInt8(ascii: " ") || after == UInt8(ascii: "\t") || after == UInt8(ascii: ">")
            if !closing, ["script", "pre", "style", "textarea"].contains(name), ends { return .marker("</\(name)>") }
            if Self.htmlBlockTags.contains(name), ends || starts("/>", at: end, before: line.upperBound) { return .blankLine }
            // Any other complete tag alone on its line, which cannot interrupt a paragraph.
            var last = line.upperBound
            while last > index, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
            if !inParagraph, bytes[last - 1] == UInt8(ascii: ">"), !bytes[index..<last].contains(UInt8(ascii: "$")) { return .blankLine }
            return nil
        }

        // MARK: Display formulas on lines of their own

        /// The display delimiter that opens at `index`, when its line does not also close it.
        func displayOpener(at index: Int, in line: Range<Int>) -> Opener? {
            let end = line.upperBound
            if starts("$$", at: index, before: end) {
                guard !(index + 2 < end && bytes[index + 2] == UInt8(ascii: "$")) else { return nil }
                return closer(of: .dollars, in: (index + 2)..<end, depth: 1) == nil ? .dollars : nil
            }
            guard index < end, bytes[index] == UInt8(ascii: "\\") else { return nil }
            if starts("\\[", at: index, before: end) {
                return closer(of: .brackets, in: (index + 2)..<end, depth: 1) == nil ? .brackets : nil
            }
            guard let name = environmentName(after: "\\begin{", at: index, before: end), MathSource.environments.contains(name) else { return nil }
            return closer(of: .environment(name), in: (index + 8 + name.utf8.count)..<end, depth: 1) == nil ? .environment(name) : nil
        }

        /// The name in braces when `prefix` (`\begin{`, `\end{`) is at `index`.
        func environmentName(after prefix: String, at index: Int, before end: Int) -> String? {
            guard starts(prefix, at: index, before: end) else { return nil }
            let start = index + prefix.utf8.count
            var close = start
            while close < end, close - start <= 16, bytes[close] != UInt8(ascii: "}") { close += 1 }
            guard close < end, bytes[close] == UInt8(ascii: "}") else { return nil }
            return String(decoding: bytes[start..<close], as: UTF8.self)
        }

        /// Where the closing delimiter of `opener` ends in `range`, `depth` environments of its
        /// name being open: the index past it, and the depth left when none closes.
        func closer(of opener: Opener, in range: Range<Int>, depth: Int, skipping spans: [Int: Int] = [:]) -> Int? {
            var depth = depth
            return closer(of: opener, in: range, depth: &depth, skipping: spans)
        }

        /// … past the code spans `spans` holds (a paragraph's: a delimiter inside one is code).
        func closer(of opener: Opener, in range: Range<Int>, depth: inout Int, skipping spans: [Int: Int] = [:]) -> Int? {
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if byte == UInt8(ascii: "`"), let end = spans[index] {
                    index = end
                    continue
                }
                switch opener {
                case .dollars:
                    if byte == UInt8(ascii: "$"), index + 1 < range.upperBound, bytes[index + 1] == UInt8(ascii: "$") { return index + 2 }
                case .brackets, .parentheses:
                    if byte == UInt8(ascii: "\\"), index + 1 < range.upperBound {
                        if bytes[index + 1] == UInt8(ascii: opener == .brackets ? "]" : ")") { return index + 2 }
                        index += 2
                        continue
                    }
                case let .environment(name):
                    if byte == UInt8(ascii: "\\") {
                        if environmentName(after: "\\begin{", at: index, before: range.upperBound) == name { depth += 1 }
                        if environmentName(after: "\\end{", at: index, before: range.upperBound) == name {
                            depth -= 1
                            if depth == 0 { return index + 6 + name.utf8.count }
                        }
                        index += 2
                        continue
                    }
                }
                index += 1
            }
            return nil
        }

        enum Fencing {
            /// Fenced, up to this line index.
            case fenced(Int)
            /// None: no closer at a line's end before this line index, where the search stopped
            /// (a later opener of the kind before it stops there too).
            case unclosed(Int)
        }

        /// Makes a fence of the display formula that opens at `start` of line `first`, when a
        /// later line of the same container ends with its closer before a blank line.
        mutating func fenced(_ opener: Opener, from first: Int, at start: Int, shape: Shape, continuation: Int) -> Fencing {
            var depth = 1
            let openerLength: Int
            switch opener {
            case .dollars, .brackets, .parentheses: openerLength = 2
            case .environment: openerLength = 0
            }
            if case let .environment(name) = opener {
                // The opening line's own `\begin` is counted already.
                _ = closer(of: opener, in: (start + 8 + name.utf8.count)..<lines[first].upperBound, depth: &depth)
            }
            var pieces: [(Range<Int>, line: Int)] = [((start + openerLength)..<lines[first].upperBound, first)]
            var last = first + 1
            while last < lines.count {
                let line = lines[last]
                let lineShape = self.shape(line, limit: shape.quotes)
                if lineShape.isBlank { return .unclosed(last) }
                guard lineShape.quotes == shape.quotes, lineShape.indent >= continuation else { return .unclosed(last) }
                if let end = closer(of: opener, in: lineShape.contentStart..<line.upperBound, depth: &depth) {
                    guard bytes[end..<line.upperBound].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                        return .unclosed(last)
                    }
                    let texEnd: Int
                    switch opener {
                    case .dollars, .brackets, .parentheses: texEnd = end - 2
                    case .environment: texEnd = end
                    }
                    pieces.append((lineShape.contentStart..<texEnd, last))
                    fence(pieces, opener: start, closer: lineShape, lines: first...last, continuation: continuation)
                    return .fenced(last)
                }
                pieces.append((lineShape.contentStart..<line.upperBound, last))
                last += 1
            }
            return .unclosed(last)
        }

        /// Writes the fence: the opening line up to the delimiter, then ```` ```math ````; the
        /// lines between as they are; the closing line's container prefix, then the fence.
        mutating func fence(_ pieces: [(Range<Int>, line: Int)], opener: Int, closer: Shape, lines range: ClosedRange<Int>, continuation: Int) {
            var longest = 0
            for index in range.dropFirst().dropLast() {
                var run = 0
                for byte in bytes[lines[index]] {
                    run = byte == UInt8(ascii: "`") ? run + 1 : 0
                    longest = max(longest, run)
                }
            }
            let ticks = [UInt8](repeating: UInt8(ascii: "`"), count: max(3, longest + 1))
            let first = lines[range.lowerBound]
            replacedLines[range.lowerBound] = Array(bytes[first.lowerBound..<opener]) + ticks + Array("math".utf8)
            let last = lines[range.upperBound]
            let indent = [UInt8](repeating: UInt8(ascii: " "), count: min(continuation, closer.indent))
            replacedLines[range.upperBound] = Array(bytes[last.lowerBound..<closer.afterQuotes]) + indent + ticks
            // The TeX, without a first or last line that holds nothing.
            var texLines: [(text: String, start: SourceLocation)] = pieces.map { piece, line in
                let text = String(decoding: bytes[piece], as: UTF8.self)
                return (text, SourceLocation(line: line + 1, column: piece.lowerBound - lines[line].lowerBound + 1))
            }
            if texLines.count > 1, texLines.last!.text.allSatisfy(\.isWhitespace) { texLines.removeLast() }
            if texLines.count > 1, texLines.first!.text.allSatisfy(\.isWhitespace) { texLines.removeFirst() }
            result.blocks[range.lowerBound + 1] = Block(tex: texLines.map(\.text).joined(separator: "\n"), lineStarts: texLines.map(\.start))
        }

        // MARK: Backslash delimiters in a paragraph

        /// Marks the backslashes of the `\(…\)`, `\[…\]` and line-starting `\begin{…}…\end{…}`
        /// pairs of the paragraph in `range`, outside its code spans.
        mutating func markDelimiters(in range: Range<Int>) {
            guard mayMark, bytes[range].contains(UInt8(ascii: "\\")) else { return }
            let spans = codeSpanEnds(in: range)
            var exhausted: Set<Opener> = []
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if byte == UInt8(ascii: "`") {
                    index = spans[index] ?? index + 1
                    while index < range.upperBound, bytes[index] == UInt8(ascii: "`") { index += 1 }
                    continue
                }
                guard byte == UInt8(ascii: "\\"), index + 1 < range.upperBound else {
                    index += 1
                    continue
                }
                var opener: Opener?
                var openerEnd = index + 2
                switch bytes[index + 1] {
                case UInt8(ascii: "("): opener = .parentheses
                // `\[` in a line is CommonMark's escaped bracket (`\[1\]`): a display only on
                // lines of its own.
                case UInt8(ascii: "[") where startsLine(index, in: range): opener = .brackets
                case UInt8(ascii: "b") where startsLine(index, in: range):
                    if let name = environmentName(after: "\\begin{", at: index, before: range.upperBound), MathSource.environments.contains(name) {
                        opener = .environment(name)
                        openerEnd = index + 8 + name.utf8.count
                    }
                case UInt8(ascii: "e") where mayReference, UInt8(ascii: "r") where mayReference:
                    // `\eqref{label}` and `\ref{label}` in the text, as MathJax reads them: a
                    // formula of their own, marked at their backslash alone.
                    if let end = referenceEnd(at: index, before: range.upperBound) {
                        bytes[index] = MathSource.marker
                        result.usesMarkers = true
                        index = end
                        continue
                    }
                default: break
                }
                guard let kind = opener, !exhausted.contains(kind) else {
                    index += 2
                    continue
                }
                guard let end = closer(of: kind, in: openerEnd..<range.upperBound, depth: 1, skipping: spans) else {
                    // No later opener of the kind can close either.
                    exhausted.insert(kind)
                    index += 2
                    continue
                }
                guard kind != .brackets || endsLine(end, in: range) else {
                    index += 2
                    continue
                }
                bytes[index] = MathSource.marker
                let closerStart: Int
                if case let .environment(name) = kind { closerStart = end - 6 - name.utf8.count } else { closerStart = end - 2 }
                bytes[closerStart] = MathSource.marker
                result.usesMarkers = true
                index = end
            }
        }

        /// Past the `}` of a `\eqref{label}` or `\ref{label}` at `index`, its label on one
        /// line without braces; nil for anything else.
        func referenceEnd(at index: Int, before end: Int) -> Int? {
            for command in MathSource.references {
                let name = Array(command.utf8)
                guard index + name.count <= end, Array(bytes[index..<(index + name.count)]) == name else { continue }
                var close = index + name.count
                while close < end, close - index < MathSource.longestReference {
                    switch bytes[close] {
                    case UInt8(ascii: "}"): return close > index + name.count ? close + 1 : nil
                    case UInt8(ascii: "{"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): return nil
                    default: close += 1
                    }
                }
                return nil
            }
            return nil
        }

        /// Whether only blanks are after `index` on its line.
        func endsLine(_ index: Int, in range: Range<Int>) -> Bool {
            var probe = index
            while probe < range.upperBound {
                let byte = bytes[probe]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return true }
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return false }
                probe += 1
            }
            return true
        }

        /// Whether only blanks and quote markers are before `index` on its line.
        func startsLine(_ index: Int, in range: Range<Int>) -> Bool {
            var probe = index
            while probe > range.lowerBound {
                let byte = bytes[probe - 1]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return true }
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") else { return false }
                probe -= 1
            }
            return true
        }

    }
}
