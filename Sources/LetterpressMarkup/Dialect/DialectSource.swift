import Foundation
import LetterpressCore

/// One pass over a note's lines before cmark-gfm reads it, for the pandoc and MkDocs constructs
/// that cmark would read as something else, after `MathSource` (whose ` ```math ` fences it
/// leaves alone). Every line stays a line, so cmark's line numbers hold; columns hold except
/// after a construct rewritten on the same line.
///
/// - Definition lists: a `:` or `~` marker after a term paragraph becomes a `+` list marker,
///   so that cmark reads the definition's blocks (lazy lines, indented paragraphs, lists,
///   code) as a list item's; the converter pairs the paragraph and that list by the marker's
///   line (`definitionMarkers`).
/// - Heading attributes `{#id .class}` are blanked (cmark drops trailing blanks) and kept by
///   the heading's line; a fence's `{.python}` is left to the converter.
/// - Inside paragraphs and headings, outside code spans: `DialectInlines`.
/// - Line blocks (`| `, pandoc only): hard breaks at each line's end, leading spaces kept.
/// - Lines dropped with a warning, or kept as a meaning of the project: abbreviation
///   definitions `*[HTML]: …`, snippets `--8<--`, raw LaTeX environments and commands
///   (`\newpage` and `\clearpage` alone become `\pagebreak`).
///
/// It reads lines, not Markdown: fenced and indented code, HTML blocks, quotes and list items
/// are recognised as cmark does for the cases notes have.
struct DialectSource {
    /// The line (from 1) of each definition marker made a list marker, and whether a blank
    /// line is before it (a loose definition).
    private(set) var definitionMarkers: [Int: Bool] = [:]
    /// The attributes written after a heading, by the line its text is on.
    private(set) var headingAttributes: [Int: PandocAttributes] = [:]
    /// The abbreviations defined (`*[HTML]: Hyper Text Markup Language`), by abbreviation.
    private(set) var abbreviations: [String: String] = [:]
    private(set) var warnings: [Warning] = []

    /// The commands of LaTeX a line may start with that pandoc passes to LaTeX alone and a
    /// page cannot show.
    static let texCommands: Set<String> = [
        "newcommand", "renewcommand", "providecommand", "DeclareMathOperator", "def", "usepackage", "documentclass", "setlength",
        "addtolength", "vspace", "hspace", "noindent", "maketitle", "tableofcontents", "listoffigures", "listoftables",
        "bigskip", "medskip", "smallskip", "centering", "raggedright", "raggedleft", "appendix", "frontmatter", "mainmatter",
        "backmatter", "bibliography", "bibliographystyle", "printbibliography", "include", "input", "label", "thispagestyle",
        "pagestyle", "setcounter", "addcontentsline", "hypersetup", "geometry", "linespread", "FloatBarrier", "vfill", "hfill",
        "normalsize", "small", "footnotesize", "large", "Large", "huge", "index", "makeatletter", "makeatother", "let",
    ]
    /// The lines a raw LaTeX environment is looked for its end in.
    static let longestEnvironment = 2000
    /// The commands that start a new page.
    static let pageBreakCommands: Set<String> = ["newpage", "clearpage", "pagebreak", "cleardoublepage"]

    /// `body` with the constructs of `dialect` rewritten, and what was found; `body` itself
    /// when there is nothing to do.
    static func prepared(_ body: String, dialect: MarkupDialect, file: String) -> (String, DialectSource) {
        guard dialect != .gfm, mayHaveConstructs(body) else { return (body, DialectSource()) }
        var pass = Pass(bytes: Array(body.utf8), dialect: dialect, file: file)
        pass.run()
        guard pass.changed else { return (body, pass.result) }
        return (String(decoding: pass.output(), as: UTF8.self), pass.result)
    }

    /// Whether `body` holds any byte a construct starts with: `[`, `@`, `{`, `\`, a line that
    /// starts with `:`, `~`, `|`, `*` or `-`.
    static func mayHaveConstructs(_ body: String) -> Bool {
        body.withBytes { bytes in
            var lineStart = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "@"), UInt8(ascii: "{"), UInt8(ascii: "\\"): return true
                case UInt8(ascii: ":"), UInt8(ascii: "~"), UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: "*") where lineStart: return true
                default: break
                }
                lineStart = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                    || (lineStart && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\t")))
            }
            return false
        }
    }

    /// The pass over the bytes of one note.
    private struct Pass: LineBytes {
        /// The note's bytes, with the rewrites that keep a line's length made in place.
        var bytes: [UInt8]
        let dialect: MarkupDialect
        let file: String
        var result = DialectSource()
        var inlines: DialectInlines
        /// Lines as cmark counts them: content ranges, without their line ends.
        let lines: [Range<Int>]
        /// Whole lines replaced, by line index.
        var replaced: [Int: [UInt8]] = [:]
        var changedInPlace = false
        var changed: Bool { changedInPlace || !replaced.isEmpty || !inlines.notes.isEmpty }

        init(bytes: [UInt8], dialect: MarkupDialect, file: String) {
            self.bytes = bytes
            self.dialect = dialect
            self.file = file
            inlines = DialectInlines(dialect: dialect)
            lines = CmarkLines.ranges(in: bytes)
        }

        func output() -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 64)
            var position = 0
            for (index, line) in lines.enumerated() {
                guard let replacement = replaced[index] else { continue }
                output += bytes[position..<line.lowerBound]
                output += replacement
                position = line.upperBound
            }
            output += bytes[position...]
            guard !inlines.notes.isEmpty else { return output }
            // The notes' definitions after everything, where no container or paragraph reaches.
            if fenceOpenAtEnd { output += Array("\n\(String(repeating: "`", count: 64))".utf8) }
            output += Array("\n\n".utf8)
            for note in inlines.notes { output += Array("[^\(note.label)]: ".utf8) + note.body + [UInt8(ascii: "\n")] }
            return output
        }

        var fenceOpenAtEnd = false

        func warn(_ code: Warning.Code, _ message: String, line: Int, column: Int = 1) -> Warning {
            Warning(code: code, file: file, location: SourceLocation(line: line + 1, column: column), message: message)
        }

        // MARK: Lines

        struct Shape {
            var quotes = 0
            var contentStart: Int
            var indent: Int
            var isBlank: Bool
        }

        func shape(_ line: Range<Int>) -> Shape {
            var index = line.lowerBound
            var quotes = 0
            while true {
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
            return Shape(quotes: quotes, contentStart: content, indent: indent, isBlank: content == line.upperBound)
        }

        /// The command name when a LaTeX command (`\name`) starts at `index`.
        func command(at index: Int, in line: Range<Int>) -> String? {
            guard index + 1 < line.upperBound, bytes[index] == UInt8(ascii: "\\") else { return nil }
            var end = index + 1
            while end < line.upperBound, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
            guard end > index + 1 else { return nil }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }

        /// The name in braces when `prefix` (`\begin{`, `\end{`) is at `index`.
        func environmentName(after prefix: String, at index: Int, before end: Int) -> String? {
            guard starts(prefix, at: index, before: end) else { return nil }
            let start = index + prefix.utf8.count
            var close = start
            while close < end, close - start <= 40, bytes[close] != UInt8(ascii: "}") { close += 1 }
            guard close < end, bytes[close] == UInt8(ascii: "}"), close > start else { return nil }
            return String(decoding: bytes[start..<close], as: UTF8.self)
        }

        // MARK: The pass

        enum Kind {
            case blank, paragraph, definition, other
        }

        /// The state between lines.
        var fence: (byte: UInt8, length: Int, quotes: Int)?
        var htmlUntilBlank = false
        /// The lines of the paragraph being read (its inline constructs are rewritten at its end).
        var paragraph: [Int] = []
        var paragraphQuotes = 0
        var previous = Kind.blank
        var blanks = 1
        /// The content columns of the list items and definitions open, innermost last.
        var containerIndents: [Int] = []
        /// The lines of the line block being read.
        var lineBlock: [Int] = []
        /// Whether a snippet block (`--8<--` alone, the files, `--8<--`) is open.
        var snippetBlock = false
        /// The raw environments that never end, by name, and the line their search stopped at.
        var unclosedEnvironments: [String: Int] = [:]

        mutating func run() {
            var index = 0
            while index < lines.count {
                index = step(index) + 1
            }
            endParagraph()
            endLineBlock()
            fenceOpenAtEnd = fence != nil
            if let first = inlines.firstCommand {
                let names = Array(Set(inlines.commands.map { String($0.prefix { $0 != "{" && $0 != "[" && $0 != "*" }) })).sorted()
                let count = inlines.commands.count
                result.warnings.append(Warning(code: .unsupportedSyntax, file: file, location: first,
                                               message: "\(count) LaTeX command\(count == 1 ? "" : "s") in the text left out (\(names.joined(separator: ", "))): \(count == 1 ? "it means" : "they mean") something only to LaTeX"))
            }
            if let first = inlines.firstCitation {
                let count = inlines.citations
                result.warnings.append(Warning(code: .unsupportedSyntax, file: file, location: first,
                                               message: "\(count) citation\(count == 1 ? " is" : "s are") shown as \(count == 1 ? "its key" : "their keys"): render reads no bibliography"))
            }
        }

        /// Reads line `index` (and any it takes with it); the last line read.
        mutating func step(_ index: Int) -> Int {
            let line = lines[index]
            let shape = shape(line)
            if let open = fence {
                if shape.quotes < open.quotes || closesFence(from: shape.contentStart, line, open.byte, open.length) { fence = nil }
                return index
            }
            if htmlUntilBlank {
                if shape.isBlank { htmlUntilBlank = false } else { return index }
            }
            if snippetBlock {
                if bytes[shape.contentStart..<line.upperBound].starts(with: Array("--8<--".utf8)) { snippetBlock = false }
                replaced[index] = []
                return index
            }
            if shape.isBlank {
                endParagraph()
                endLineBlock()
                blanks += 1
                if previous != .definition { previous = .blank }
                return index
            }
            defer { blanks = 0 }
            if paragraph.isEmpty || previous == .definition {
                while let last = containerIndents.last, last > shape.indent, blanks > 0 || previous != .definition { containerIndents.removeLast() }
            }
            let base = containerIndents.last(where: { $0 <= shape.indent }) ?? 0
            if shape.indent - base >= 4 {
                // Indented code, or a paragraph's continuation.
                if !paragraph.isEmpty { paragraph.append(index) }
                return index
            }
            var content = shape.contentStart
            if let item = listContent(at: content, in: line) {
                while let last = containerIndents.last, last >= shape.indent + (item - content) { containerIndents.removeLast() }
                containerIndents.append(shape.indent + (item - content))
                endParagraph()
                content = item
                while content < line.upperBound, bytes[content] == UInt8(ascii: " ") { content += 1 }
                previous = .other
            }
            if let (byte, length) = fenceOpener(at: content, in: line) {
                endParagraph()
                fence = (byte, length, shape.quotes)
                previous = .other
                return index
            }
            if paragraph.isEmpty, content < line.upperBound, bytes[content] == UInt8(ascii: "<"), content + 1 < line.upperBound,
               (bytes[content + 1] | 0x20) >= UInt8(ascii: "a") && (bytes[content + 1] | 0x20) <= UInt8(ascii: "z")
                || bytes[content + 1] == UInt8(ascii: "/") || bytes[content + 1] == UInt8(ascii: "!") {
                htmlUntilBlank = true
                previous = .other
                return index
            }
            if let last = droppedLines(index, at: content, shape: shape) { return last }
            if definitionMarker(index, at: content, shape: shape) { return index }
            if lineBlockLine(index, at: content, shape: shape) { return index }
            if heading(index, at: content, shape: shape) { return index }
            if setextUnderline(index, at: content) { return index }
            if paragraph.isEmpty || paragraphQuotes != shape.quotes {
                endParagraph()
                paragraphQuotes = shape.quotes
            }
            paragraph.append(index)
            if previous != .definition || blanks > 0 { previous = .paragraph }
            return index
        }

        mutating func endParagraph() {
            guard let first = paragraph.first, let last = paragraph.last else { return }
            defer { paragraph = [] }
            lastParagraph = (paragraphQuotes, last)
            rewriteInlines(lines: paragraph, range: lines[first].lowerBound..<lines[last].upperBound)
        }

        /// Rewrites the inline constructs of `indices`, lines of a paragraph spanning `range`
        /// (whose code spans may cross lines).
        mutating func rewriteInlines(lines indices: [Int], range: Range<Int>) {
            guard DialectInlines.mayHave(bytes[range]) else { return }
            let spans = codeSpanEnds(in: range)
            for index in indices where replaced[index] == nil {
                if let rewritten = inlines.rewrite(bytes, lines[index], spans: spans, line: index + 1) { replaced[index] = rewritten }
            }
        }

        // MARK: Definition lists

        /// A `:` or `~` marker after a term paragraph, or after another definition, made a `+`
        /// list marker.
        mutating func definitionMarker(_ index: Int, at content: Int, shape: Shape) -> Bool {
            let line = lines[index]
            guard dialect.reads(.definitionLists), content + 1 < line.upperBound,
                  bytes[content] == UInt8(ascii: ":") || bytes[content] == UInt8(ascii: "~"),
                  bytes[content + 1] == UInt8(ascii: " ") || bytes[content + 1] == UInt8(ascii: "\t"),
                  !bytes[(content + 1)..<line.upperBound].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
                  blanks <= 1 else { return false }
            let afterTerm = previous == .paragraph && !paragraph.isEmpty && paragraphQuotes == shape.quotes && blanks == 0
            let afterBlankTerm = previous == .blank && lastParagraph.map { $0.quotes == shape.quotes && $0.end == index - 2 } == true
            guard afterTerm || afterBlankTerm || previous == .definition else { return false }
            endParagraph()
            bytes[content] = UInt8(ascii: "+")
            changedInPlace = true
            result.definitionMarkers[index + 1] = blanks > 0
            var column = content + 1
            var spaces = 0
            while column < line.upperBound, bytes[column] == UInt8(ascii: " "), spaces < 4 { column += 1; spaces += 1 }
            while let last = containerIndents.last, last > shape.indent { containerIndents.removeLast() }
            containerIndents.append(shape.indent + 1 + max(spaces, 1))
            paragraph = [index]
            paragraphQuotes = shape.quotes
            previous = .definition
            return true
        }

        /// The last paragraph ended: its quote depth and last line, for a term a blank line
        /// parts from its definition.
        var lastParagraph: (quotes: Int, end: Int)?

        // MARK: Headings

        /// An ATX heading: its attribute braces blanked and kept, its inline constructs rewritten.
        mutating func heading(_ index: Int, at content: Int, shape: Shape) -> Bool {
            let line = lines[index]
            var hashes = content
            while hashes < line.upperBound, bytes[hashes] == UInt8(ascii: "#"), hashes - content < 7 { hashes += 1 }
            guard hashes > content, hashes - content <= 6,
                  hashes == line.upperBound || bytes[hashes] == UInt8(ascii: " ") || bytes[hashes] == UInt8(ascii: "\t") else { return false }
            endParagraph()
            takeAttributes(index)
            rewriteInlines(lines: [index], range: line)
            previous = .other
            return true
        }

        /// A setext underline (`===`, `---`) under a paragraph of one line: that line's
        /// attribute braces are taken.
        mutating func setextUnderline(_ index: Int, at content: Int) -> Bool {
            let line = lines[index]
            guard paragraph.count >= 1, content < line.upperBound, bytes[content] == UInt8(ascii: "=") || bytes[content] == UInt8(ascii: "-") else { return false }
            let marker = bytes[content]
            var end = content
            while end < line.upperBound, bytes[end] == marker { end += 1 }
            guard bytes[end..<line.upperBound].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return false }
            let last = paragraph[paragraph.count - 1]
            takeAttributes(last)
            endParagraph()
            previous = .other
            return true
        }

        /// Blanks a trailing `{#id .class}` of line `index` and keeps it for the heading there;
        /// `{.unlisted}` alone is the contents' own marker, left for them.
        mutating func takeAttributes(_ index: Int) {
            guard dialect.reads(.headingAttributes) else { return }
            let line = lines[index]
            var end = line.upperBound
            while end > line.lowerBound, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            guard end > line.lowerBound, bytes[end - 1] == UInt8(ascii: "}"),
                  let open = bytes[line.lowerBound..<end].lastIndex(of: UInt8(ascii: "{")), open > line.lowerBound,
                  bytes[open - 1] == UInt8(ascii: " ") || bytes[open - 1] == UInt8(ascii: "\t"),
                  let attributes = PandocAttributes(Substring(decoding: bytes[(open + 1)..<(end - 1)], as: UTF8.self)),
                  attributes.id != nil || !attributes.pairs.isEmpty || attributes.classes != ["unlisted"] else { return }
            for position in open..<end { bytes[position] = UInt8(ascii: " ") }
            changedInPlace = true
            result.headingAttributes[index + 1] = attributes
        }

        // MARK: Line blocks

        /// A line of a line block (`| text`, pandoc only): its bar blanked, its leading spaces
        /// kept as no-break spaces, and a hard break at the end of each line but the last.
        mutating func lineBlockLine(_ index: Int, at content: Int, shape: Shape) -> Bool {
            let line = lines[index]
            guard dialect.reads(.lineBlocks), bytes[content] == UInt8(ascii: "|"),
                  content + 1 == line.upperBound || bytes[content + 1] == UInt8(ascii: " "),
                  paragraph.isEmpty || !lineBlock.isEmpty else { return false }
            endParagraph()
            var rewritten = Array(bytes[line.lowerBound..<content]) + [UInt8(ascii: " ")]
            var position = content + 1
            if position < line.upperBound { position += 1; rewritten.append(UInt8(ascii: " ")) }
            var leading = 0
            while position < line.upperBound, bytes[position] == UInt8(ascii: " ") { position += 1; leading += 1 }
            for _ in 0..<leading { rewritten += [0xC2, 0xA0] }
            rewritten += bytes[position..<line.upperBound]
            // An empty line of the block is a line still.
            if position == line.upperBound, leading == 0 { rewritten += [0xC2, 0xA0] }
            replaced[index] = rewritten
            lineBlock.append(index)
            previous = .other
            return true
        }

        mutating func endLineBlock() {
            for index in lineBlock.dropLast() { replaced[index]?.append(UInt8(ascii: "\\")) }
            for index in lineBlock {
                guard let line = replaced[index] else { continue }
                let spans = CodeSpans.ends(line, in: 0..<line.count)
                if let rewritten = inlines.rewrite(line, 0..<line.count, spans: spans, line: index + 1) { replaced[index] = rewritten }
            }
            lineBlock = []
        }

        // MARK: Lines dropped

        /// Abbreviations, snippets and raw LaTeX at `content`: their lines blanked (or a page
        /// break), with a warning; the last line taken.
        mutating func droppedLines(_ index: Int, at content: Int, shape: Shape) -> Int? {
            let line = lines[index]
            if dialect.reads(.abbreviations), starts("*[", at: content, before: line.upperBound),
               let close = bytes[content..<line.upperBound].firstIndex(of: UInt8(ascii: "]")), close > content + 2,
               close + 1 < line.upperBound, bytes[close + 1] == UInt8(ascii: ":") {
                let name = String(decoding: bytes[(content + 2)..<close], as: UTF8.self)
                let expansion = String(decoding: bytes[(close + 2)..<line.upperBound], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if result.abbreviations[name] == nil { result.abbreviations[name] = expansion }
                return drop(index)
            }
            if dialect.reads(.snippets), starts("--8<--", at: content, before: line.upperBound) || starts(";--8<--", at: content, before: line.upperBound) {
                let rest = bytes[(content + (bytes[content] == UInt8(ascii: ";") ? 7 : 6))..<line.upperBound]
                if !rest.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) { snippetBlock = true }
                result.warnings.append(warn(.unsupportedSyntax, "MkDocs snippet '--8<--' left out: render does not include other files' text", line: index,
                                            column: content - line.lowerBound + 1))
                return drop(index)
            }
            guard dialect.reads(.rawTeX), let name = command(at: content, in: line) else { return nil }
            if name == "begin", let environment = environmentName(after: "\\begin{", at: content, before: line.upperBound),
               !MathSource.environments.contains(environment) {
                return rawEnvironment(environment, from: index, at: content)
            }
            let end = content + 1 + name.utf8.count
            if Self.isPageBreak(name), paragraph.isEmpty,
               bytes[end..<line.upperBound].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
                endParagraph()
                // A paragraph of `\pagebreak` alone is the project's page break.
                let next = index + 1 < lines.count ? self.shape(lines[index + 1]).isBlank : true
                if next {
                    replaced[index] = Array(bytes[line.lowerBound..<content]) + Array("\\pagebreak".utf8)
                    previous = .other
                    return index
                }
            }
            guard DialectSource.texCommands.contains(name) || Self.isPageBreak(name), isCommandLine(from: end, in: line) else { return nil }
            result.warnings.append(warn(.unsupportedSyntax, "LaTeX '\\\(name)' left out: it means something only to LaTeX", line: index,
                                        column: content - line.lowerBound + 1))
            return drop(index)
        }

        static func isPageBreak(_ name: String) -> Bool { DialectSource.pageBreakCommands.contains(name) }

        /// Whether the rest of a line after a command's name is only its arguments (`{…}`,
        /// `[…]`, a `\name` for `\def`), so that `\noindent Text` keeps its text.
        func isCommandLine(from start: Int, in line: Range<Int>) -> Bool {
            let rest = bytes[start..<line.upperBound].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard let first = rest.first else { return true }
            var end = rest.endIndex
            while end > rest.startIndex, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            return [UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\\"), UInt8(ascii: "*")].contains(first)
                && [UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[end - 1])
        }

        mutating func drop(_ index: Int) -> Int {
            endParagraph()
            let line = lines[index]
            replaced[index] = Array(bytes[line.lowerBound..<shape(line).contentStart])
            previous = .other
            return index
        }

        /// A raw LaTeX environment from `\begin{name}` to its `\end{name}`, blanked with a
        /// warning; math environments are `MathSource`'s and never reach here. One that never
        /// ends is kept as text.
        mutating func rawEnvironment(_ name: String, from first: Int, at content: Int) -> Int? {
            // A search that found no end: none of an environment of the name before where it stopped will.
            if let stop = unclosedEnvironments[name], stop > first { return nil }
            var depth = 0
            for index in first..<min(lines.count, first + DialectSource.longestEnvironment) {
                let line = lines[index]
                var position = index == first ? content : line.lowerBound
                while position < line.upperBound {
                    if environmentName(after: "\\begin{", at: position, before: line.upperBound) == name { depth += 1 }
                    if environmentName(after: "\\end{", at: position, before: line.upperBound) == name {
                        depth -= 1
                        if depth == 0 {
                            endParagraph()
                            for dropped in first...index { _ = drop(dropped) }
                            result.warnings.append(warn(.unsupportedSyntax, "LaTeX environment '\(name)' left out: it means something only to LaTeX", line: first,
                                                        column: content - lines[first].lowerBound + 1))
                            return index
                        }
                    }
                    position += 1
                }
            }
            unclosedEnvironments[name] = min(lines.count, first + DialectSource.longestEnvironment)
            result.warnings.append(warn(.unclosedMarkup, "LaTeX environment '\(name)' never ends (no \\end{\(name)}), so it is shown as written", line: first,
                                        column: content - lines[first].lowerBound + 1))
            return nil
        }
    }
}
