import Foundation
import LetterpressCore

/// One pass over a note's lines before cmark-gfm reads it, for the block containers other tools
/// add to Markdown, rewritten as the block quotes cmark nests as deep as they go, so that lists,
/// code, math and other containers work inside them:
///
/// - MkDocs' admonitions `!!! tip "Title"`, `??? ` and `???+` (collapsible, printed open), and
///   content tabs `=== "Label"`, whose bodies are indented four columns: the marker line becomes
///   `>` and each body line's four columns before its text become `> ` (two columns fewer);
/// - Docusaurus', VuePress' and VitePress' containers `:::tip Title` … `:::`, and pandoc's fenced
///   divs `::: warning`, `::: {.callout-note title="…"}`: an admonition's word makes a call-out,
///   whose lines get `> ` (two columns more); a div
///   of another class keeps its blocks, its fences blank lines;
/// - MDX's `import` and `export` statements, dropped (blank lines) with one warning, and the
///   fences of Docusaurus' ` ```mdx-code-block `, whose lines are Markdown, not code.
///
/// Warnings inside get their columns back (`columnShifts`). The call-outs are kept by the line
/// their quote starts on (`calloutLines`), where
/// `AlertMarker` finds them. No line is added or removed. A container that never closes keeps
/// its text, with a warning at its marker.
struct ContainerSource {
    /// The call-outs made, by the line their quote starts on.
    private(set) var calloutLines: [Int: Callout] = [:]
    /// Columns added before the text of a line, by line: warnings inside take them off again.
    private(set) var columnShifts: [Int: Int] = [:]
    private(set) var warnings: [Warning] = []

    /// Containers nest at most this deep; deeper markers are text (cmark's quotes, which each
    /// level becomes, cost time as the square of their depth).
    static let maximumDepth = 16

    /// `body` with its containers rewritten, and what was found; `body` itself when it has none
    /// the dialect reads.
    static func prepared(_ body: String, file: String, dialect: MarkupDialect) -> (String, ContainerSource) {
        let reads = Reading(dialect: dialect)
        guard reads.any, mayHaveContainers(body, reads: reads) else { return (body, ContainerSource()) }
        // A lone `\r` ends a line for cmark; such rare notes are left alone rather than miscounted.
        if body.utf8.contains(UInt8(ascii: "\r")) && body.replacingOccurrences(of: "\r\n", with: "").contains("\r") {
            return (body, ContainerSource())
        }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        var pass = Pass(lines: lines, file: file, reads: reads, dialect: dialect, unopened: [])
        pass.run()
        if !pass.unclosed.isEmpty {
            let unclosed = pass.unclosed
            pass = Pass(lines: lines, file: file, reads: reads, dialect: dialect, unopened: Set(unclosed.map(\.line)))
            pass.run()
            pass.result.warnings += unclosed.map {
                Warning(code: .unclosedMarkup, file: file, location: $0, message: "this ':::' container is never closed (a line of ':::' ends it), so it is shown as written")
            }
        }
        guard pass.changed else { return (body, pass.result) }
        return (pass.output.joined(separator: "\n"), pass.result)
    }

    /// `warning` at the column the note has, where the pass moved the text of its line.
    func unshifted(_ warning: Warning) -> Warning {
        guard let location = warning.location else { return warning }
        var warning = warning
        warning.location = Self.unshifted(location, shifts: columnShifts)
        return warning
    }

    /// `location` with its line's shift taken off.
    static func unshifted(_ location: SourceLocation, shifts: [Int: Int]) -> SourceLocation {
        guard let shift = shifts[location.line], location.column > shift else { return location }
        var location = location
        location.column -= shift
        return location
    }

    /// Which constructs a dialect reads.
    struct Reading {
        var admonitions: Bool
        var tabs: Bool
        var containers: Bool
        var divs: Bool
        var statements: Bool
        var any: Bool { admonitions || tabs || containers || divs || statements }

        init(dialect: MarkupDialect) {
            admonitions = dialect.reads(.admonitions)
            tabs = dialect.reads(.contentTabs)
            containers = dialect.reads(.containers)
            divs = dialect.reads(.fencedDivs)
            statements = dialect.reads(.mdxStatements)
        }
    }

    /// Whether `body` holds anything a marker starts with.
    private static func mayHaveContainers(_ body: String, reads: Reading) -> Bool {
        (reads.admonitions && (body.containsBytes("!!!") || body.containsBytes("???")))
            || (reads.tabs && body.containsBytes("==="))
            || ((reads.containers || reads.divs) && body.containsBytes(":::"))
            || (reads.statements && (body.containsBytes("import ") || body.containsBytes("export ") || hasComponentLine(body)))
    }

    /// Whether a line of `body` starts, after spaces, with `<` and a capital: a JSX component.
    private static func hasComponentLine(_ body: String) -> Bool {
        body.withBytes { bytes in
            var lineStart = true
            var previous: UInt8 = 0
            for byte in bytes {
                if previous == UInt8(ascii: "<"), lineStart, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { return true }
                if previous == UInt8(ascii: "\n") {
                    lineStart = true
                } else if previous != UInt8(ascii: " ") && previous != 0 {
                    lineStart = previous == UInt8(ascii: "<") ? lineStart : false
                }
                previous = byte
            }
            return false
        }
    }

    /// An open container.
    private struct Open {
        enum Kind {
            /// MkDocs: a body indented four columns past the marker.
            case indented
            /// `:::`: a body up to a line of colons; `quoted` when it is a call-out.
            case fenced(quoted: Bool)
        }

        var kind: Kind
        /// The column the marker starts at.
        var indent: Int
        var line: Int
        /// The code fence open in its body: its character and length.
        var codeFence: (UInt8, Int)?
        /// Whether a list item was the last block started in its body: a marker indented
        /// further then belongs to the item, not to indented code.
        var inList = false

        var bodyIndent: Int { isIndented ? indent + 4 : indent }
        var isIndented: Bool { if case .indented = kind { true } else { false } }
    }

    private struct Pass {
        let lines: [Substring]
        let file: String
        let reads: Reading
        let dialect: MarkupDialect
        /// The lines of `:::` markers that never close, read as text this time.
        let unopened: Set<Int>
        var result = ContainerSource()
        var output: [String] = []
        var changed = false
        var unclosed: [SourceLocation] = []
        private var stack: [Open] = []
        private var topFence: (UInt8, Int)?
        private var topInList = false
        private var statementLines = 0
        private var firstStatement: SourceLocation?
        /// The line an `import` or `export` goes on to, while its braces are open.
        private var statementDepth = 0
        /// Lines that start an MDX component other than those drawn, and the first.
        private var components = 0
        private var firstComponent: SourceLocation?
        /// Whether a marker past `maximumDepth` was warned of.
        private var tooDeep = false
        /// The fence of an ` ```mdx-code-block ` open at the top level.
        private var mdxBlock: (UInt8, Int)?

        /// The width of the next line that is not blank, by line (nil at the end): a run of blank
        /// lines asks once, not once a line.
        private let nextWidths: [Int?]

        init(lines: [Substring], file: String, reads: Reading, dialect: MarkupDialect, unopened: Set<Int>) {
            self.lines = lines
            var widths = [Int?](repeating: nil, count: lines.count)
            var next: Int?
            for index in lines.indices.reversed() {
                widths[index] = next
                let (width, content) = Self.leading(lines[index])
                if !content.allSatisfy({ $0 == "\r" }) { next = width }
            }
            nextWidths = widths
            self.file = file
            self.reads = reads
            self.dialect = dialect
            self.unopened = unopened
            output.reserveCapacity(lines.count)
        }

        mutating func run() {
            for index in lines.indices { line(index) }
            unclosed = stack.compactMap {
                if case .fenced = $0.kind { SourceLocation(line: $0.line, column: $0.indent + 1) } else { nil }
            }
            if let firstComponent {
                result.warnings.append(Warning(code: .unsupportedSyntax, file: file, location: firstComponent,
                                               message: "\(components) MDX component\(components == 1 ? "" : "s") (<Name …>) not drawn: only the Markdown and text inside \(components == 1 ? "is" : "are") shown"))
            }
            if let firstStatement {
                result.warnings.append(Warning(code: .unsupportedSyntax, file: file, location: firstStatement,
                                               message: "\(statementLines) line\(statementLines == 1 ? "" : "s") of MDX import and export statements dropped"))
            }
        }

        private mutating func line(_ index: Int) {
            let raw = lines[index]
            let carriageReturn = raw.last == "\r"
            let text = carriageReturn ? raw.dropLast() : raw
            let (width, content) = Self.leading(text)
            let number = index + 1
            if content.isEmpty {
                closeIndented(keeping: blankKeeps(after: index))
                emit(prefix(upTo: stack.count, width: 0), "", original: raw, number: number, carriageReturn: carriageReturn, trim: true)
                return
            }
            closeIndented(keeping: stack.prefix { !$0.isIndented || width >= $0.bodyIndent }.count)
            let contentIndent = stack.last?.bodyIndent ?? 0
            let relative = width - contentIndent
            if statementDepth > 0 || (reads.statements && stack.isEmpty && width == 0 && topFence == nil && Self.isStatement(content)) {
                dropStatement(content, number: number, raw: raw)
                return
            }
            if let fence = currentFence {
                if Self.closes(content, fence: fence), relative < 4 { currentFence = nil }
                emit(prefix(upTo: stack.count, width: width), Self.spaces(width - consumed(width)) + content, original: raw, number: number,
                     carriageReturn: carriageReturn)
                return
            }
            if stack.isEmpty, let fence = mdxBlock, relative < 4, Self.closes(content, fence: fence) {
                mdxBlock = nil
                emit("", "", original: raw, number: number, carriageReturn: carriageReturn)
                return
            }
            let markerAllowed = relative < 4 || (stack.last?.inList ?? topInList)
            if markerAllowed, case .fenced? = stack.last?.kind, Self.isClosingFence(content) {
                stack.removeLast()
                emit(prefix(upTo: stack.count, width: width), "", original: raw, number: number, carriageReturn: carriageReturn, trim: true)
                return
            }
            if markerAllowed, stack.count >= ContainerSource.maximumDepth, !tooDeep, opener(content, number: number) != nil {
                tooDeep = true
                result.warnings.append(Warning(code: .nestingTooDeep, file: file, location: SourceLocation(line: number, column: width + 1),
                                               message: "containers nested deeper than \(ContainerSource.maximumDepth) levels: this marker and those like it are shown as written"))
            }
            if markerAllowed, stack.count < ContainerSource.maximumDepth, let opener = opener(content, number: number) {
                let outer = prefix(upTo: stack.count, width: width)
                let pad = Self.spaces(width - consumed(width))
                switch opener {
                case let .callout(callout, fenced):
                    result.calloutLines[number] = callout
                    stack.append(Open(kind: fenced ? .fenced(quoted: true) : .indented, indent: width, line: number))
                    emit(outer, pad + ">", original: raw, number: number, carriageReturn: carriageReturn)
                case .division:
                    stack.append(Open(kind: .fenced(quoted: false), indent: width, line: number))
                    emit(outer, "", original: raw, number: number, carriageReturn: carriageReturn, trim: true)
                }
                return
            }
            if markerAllowed, relative < 4, Self.looksLikeMarker(content, reads: reads) {
                result.warnings.append(Warning(code: .malformedMarkup, file: file, location: SourceLocation(line: number, column: width + 1),
                                               message: "\(Excerpt.quoted(String(content.prefix(3)))) starts no admonition or tab here (write !!! type \"Title\" or === \"Label\", the title in double quotes), so the line is shown as written"))
            }
            if reads.statements, relative < 4, Self.isComponent(content) {
                components += 1
                firstComponent = firstComponent ?? SourceLocation(line: number, column: width + 1)
            }
            if relative < 4, let fence = Self.opensFence(content) {
                if reads.statements, stack.isEmpty, mdxBlock == nil,
                   content.utf8.dropFirst(fence.1).split(separator: UInt8(ascii: " ")).first.map({ String(decoding: $0, as: UTF8.self) }) == "mdx-code-block" {
                    mdxBlock = fence
                    emit("", "", original: raw, number: number, carriageReturn: carriageReturn)
                    return
                }
                currentFence = fence
            }
            if relative < 4 { setInList(Self.startsListItem(content)) }
            emit(prefix(upTo: stack.count, width: width), Self.spaces(width - consumed(width)) + content, original: raw, number: number,
                 carriageReturn: carriageReturn)
        }

        // MARK: Containers

        /// How many open containers a blank line at `index` stays in: the indented ones the
        /// next line that is not blank is indented into (and every fenced one inside them).
        private func blankKeeps(after index: Int) -> Int {
            guard let width = nextWidths[index] else { return stack.prefix { !$0.isIndented }.count }
            return stack.prefix { !$0.isIndented || width >= $0.bodyIndent }.count
        }

        /// Closes the containers past the first `count`.
        private mutating func closeIndented(keeping count: Int) {
            if count < stack.count { stack.removeLast(stack.count - count) }
        }

        private var currentFence: (UInt8, Int)? {
            get { stack.last.map(\.codeFence) ?? topFence }
            set {
                if stack.isEmpty { topFence = newValue } else { stack[stack.count - 1].codeFence = newValue }
            }
        }

        private mutating func setInList(_ value: Bool) {
            if stack.isEmpty { topInList = value } else { stack[stack.count - 1].inList = value }
        }

        /// The columns of a line's leading `width` that the open containers' prefixes stand for.
        private func consumed(_ width: Int) -> Int {
            var column = 0
            for open in stack {
                switch open.kind {
                case .indented: column = open.bodyIndent
                case .fenced(quoted: true): column = max(column, min(open.indent, width))
                case .fenced(quoted: false): break
                }
            }
            return column
        }

        /// The prefix that stands for the first `count` open containers, on a line whose text
        /// starts at column `width`: `>   ` in the four columns before an indented body, `> `
        /// at a call-out fence's column.
        private func prefix(upTo count: Int, width: Int) -> String {
            var text = ""
            var column = 0
            for open in stack.prefix(count) {
                switch open.kind {
                case .indented:
                    // `> ` stands for the four columns: the body's indentation inside the quote
                    // is what it was inside the admonition (columns move back two).
                    text += Self.spaces(open.indent - column) + "> "
                    column = open.bodyIndent
                case .fenced(quoted: true):
                    let at = max(column, min(open.indent, width))
                    text += Self.spaces(at - column) + "> "
                    column = at
                case .fenced(quoted: false):
                    break
                }
            }
            return text
        }

        private mutating func emit(_ prefix: String, _ rest: String, original: Substring, number: Int, carriageReturn: Bool,
                                   trim: Bool = false) {
            var line = prefix + rest
            if trim { while line.last == " " { line.removeLast() } }
            let text = carriageReturn ? original.dropLast() : original
            if line != text {
                changed = true
                // The text after the prefix moved by the difference (tabs before it became spaces).
                let content = Self.leading(text).content
                let shift = line.utf8.count - text.utf8.count
                if !content.isEmpty, line.hasSuffix(content), shift != 0 { result.columnShifts[number] = shift }
            }
            output.append(carriageReturn ? line + "\r" : line)
        }

        // MARK: Markers

        enum Opener {
            case callout(Callout, fenced: Bool)
            case division
        }

        /// The container `content` opens, if the dialect reads it.
        private func opener(_ content: String, number: Int) -> Opener? {
            if reads.admonitions, content.hasPrefix("!!!") || content.hasPrefix("???") {
                return Self.admonition(content).map { .callout($0, fenced: false) }
            }
            if reads.tabs, content.hasPrefix("===") {
                return Self.tab(content).map { .callout($0, fenced: false) }
            }
            if reads.containers || reads.divs, content.hasPrefix(":::"), !unopened.contains(number) {
                return fence(content)
            }
            return nil
        }

        /// `!!! type "title"`, `??? type`, `???+ type inline end "title"`.
        static func admonition(_ content: String) -> Callout? {
            var rest = Substring(content).dropFirst(3)
            if content.hasPrefix("???"), rest.first == "+" { rest = rest.dropFirst() }
            guard rest.first == " " || rest.first == "\t" else { return nil }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let type = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            guard !type.isEmpty else { return nil }
            rest = rest.dropFirst(type.count)
            // Further classes (`inline end`) change only where the box floats on a web page.
            while let word = rest.drop(while: { $0 == " " }).first, word != "\"" {
                rest = rest.drop { $0 == " " }
                let more = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                guard !more.isEmpty else { return nil }
                rest = rest.dropFirst(more.count)
            }
            rest = rest.drop { $0 == " " }
            // MkDocs Material sets a type it does not know as a note.
            let kind = AlertKind(type: String(type)) == .plain ? .note : AlertKind(type: String(type))
            guard !rest.isEmpty else { return Callout(kind, title: Self.titled(type)) }
            guard let title = quoted(rest) else { return nil }
            return Callout(kind, title: title)
        }

        /// `=== "Label"`, `===+ "Label"`, `===! "Label"`: a content tab, under its label.
        static func tab(_ content: String) -> Callout? {
            var rest = Substring(content).dropFirst(3)
            if rest.first == "+" || rest.first == "!" { rest = rest.dropFirst() }
            guard rest.first == " " else { return nil }
            guard let label = quoted(rest.drop { $0 == " " }) else { return nil }
            return Callout(.plain, title: label)
        }

        /// `:::type Title`, `:::type[Title]`, `::: type`, `::: {.class title="Title"}`.
        func fence(_ content: String) -> Opener? {
            var rest = Substring(content).drop { $0 == ":" }
            rest = rest.drop { $0 == " " }
            guard !rest.isEmpty else { return nil }
            if rest.first == "{" {
                guard rest.hasSuffix("}") else { return nil }
                let attributes = DivAttributes(rest.dropFirst().dropLast())
                let named = attributes.classes.lazy.compactMap(Self.admonitionClass).first
                guard let type = named else { return reads.divs ? .division : nil }
                return .callout(Callout(AlertKind(type: type), title: attributes.title ?? Self.titled(Substring(type))), fenced: true)
            }
            let type = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            guard !type.isEmpty else { return nil }
            rest = rest.dropFirst(type.count)
            var title: String?
            if rest.first == "[", rest.hasSuffix("]") {
                title = String(rest.dropFirst().dropLast())
            } else if rest.first == "{", rest.hasSuffix("}") {
                title = DivAttributes(rest.dropFirst().dropLast()).title
            } else if rest.first == " " {
                let text = rest.trimmingCharacters(in: .whitespaces)
                title = text.isEmpty ? nil : text
            } else if !rest.isEmpty {
                return nil
            }
            let kind = AlertKind(type: String(type))
            // A class no tool names as an admonition is pandoc's plain div, unless a title or
            // the dialect makes it a call-out.
            if kind == .plain, title == nil, type.lowercased() != "details", dialect != .docusaurus {
                return reads.divs ? .division : nil
            }
            guard reads.containers || kind != .plain || title == nil else { return reads.divs ? .division : nil }
            return .callout(Callout(kind, title: title ?? Self.titled(type)), fenced: true)
        }

        /// The admonition's type a pandoc class names: an admonition's word, or Quarto's
        /// `callout-tip`.
        static func admonitionClass(_ name: String) -> String? {
            let name = name.lowercased()
            let type = name.hasPrefix("callout-") ? String(name.dropFirst(8)) : name
            return AlertKind(type: type) == .plain ? (name == "callout" ? "note" : nil) : type
        }

        static func titled(_ type: Substring) -> String { type.prefix(1).uppercased() + type.dropFirst().lowercased() }

        /// A double-quoted string and nothing after it, without its quotes.
        static func quoted(_ text: Substring) -> String? {
            let text = text.trimmingCharacters(in: .whitespaces)
            guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return nil }
            return String(text.dropFirst().dropLast())
        }

        static func isClosingFence(_ content: String) -> Bool {
            let colons = content.prefix { $0 == ":" }.count
            return colons >= 3 && content.dropFirst(colons).allSatisfy { $0 == " " || $0 == "\t" }
        }

        /// A line that begins as a marker would, with a title in quotes, but is none (an
        /// unclosed quote, a missing type): a broken marker rather than prose.
        static func looksLikeMarker(_ content: String, reads: Reading) -> Bool {
            let admonition = reads.admonitions && (content.hasPrefix("!!! ") || content.hasPrefix("??? ") || content.hasPrefix("???+ "))
            let tab = reads.tabs && (content.hasPrefix("=== ") || content.hasPrefix("===+ ") || content.hasPrefix("===! "))
            return (admonition || tab) && content.contains("\"")
        }

        /// `<Name` or `<Name …/>`: a JSX component; Docusaurus' `Admonition`, `Tabs` and
        /// `TabItem` are drawn (by `HTMLConverter`), `<details>` and other HTML are HTML.
        static func isComponent(_ content: String) -> Bool {
            guard content.hasPrefix("<"), let first = content.dropFirst().first, first.isUppercase else { return false }
            let name = content.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." }
            return !["Admonition", "Tabs", "TabItem"].contains(name)
        }

        // MARK: MDX statements

        /// `import X from '…'`, `import '…'`, `import {` going on over lines; `export` of a
        /// declaration: what prose seldom starts a line with.
        static func isStatement(_ content: String) -> Bool {
            if content.hasPrefix("import ") {
                return content.contains(" from '") || content.contains(" from \"") || content.hasPrefix("import '") || content.hasPrefix("import \"")
                    || content.hasPrefix("import {") && !content.contains("}")
            }
            guard content.hasPrefix("export ") else { return false }
            let word = content.dropFirst(7).prefix { $0.isLetter || $0 == "{" || $0 == "*" }
            return ["default", "const", "let", "var", "function", "class", "async", "{", "*"].contains(word) || word.hasPrefix("{")
        }

        private mutating func dropStatement(_ content: String, number: Int, raw: Substring) {
            firstStatement = firstStatement ?? SourceLocation(line: number, column: 1)
            statementLines += 1
            for character in content {
                if character == "{" || character == "(" || character == "[" { statementDepth += 1 }
                if character == "}" || character == ")" || character == "]" { statementDepth = max(statementDepth - 1, 0) }
            }
            changed = true
            output.append(raw.last == "\r" ? "\r" : "")
        }

        // MARK: Lines

        /// A line's leading width in columns (tabs to the next multiple of four) and the text after it.
        static func leading(_ line: Substring) -> (width: Int, content: String) {
            var width = 0
            var index = line.startIndex
            while index < line.endIndex, line[index] == " " || line[index] == "\t" {
                width = line[index] == "\t" ? (width / 4 + 1) * 4 : width + 1
                index = line.index(after: index)
            }
            return (width, String(line[index...]))
        }

        static func spaces(_ count: Int) -> String { count > 0 ? String(repeating: " ", count: count) : "" }

        static func opensFence(_ content: String) -> (UInt8, Int)? {
            guard let first = content.utf8.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return nil }
            let count = content.utf8.prefix { $0 == first }.count
            guard count >= 3 else { return nil }
            if first == UInt8(ascii: "`"), content.utf8.dropFirst(count).contains(UInt8(ascii: "`")) { return nil }
            return (first, count)
        }

        static func closes(_ content: String, fence: (UInt8, Int)) -> Bool {
            let count = content.utf8.prefix { $0 == fence.0 }.count
            return count >= fence.1 && content.utf8.dropFirst(count).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }

        static func startsListItem(_ content: String) -> Bool {
            let bytes = Array(content.utf8.prefix(12))
            guard let first = bytes.first else { return false }
            if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first) {
                return bytes.count == 1 || bytes[1] == UInt8(ascii: " ") || bytes[1] == UInt8(ascii: "\t")
            }
            let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            guard digits > 0, digits < 10, digits < bytes.count, [UInt8(ascii: "."), UInt8(ascii: ")")].contains(bytes[digits]) else { return false }
            return digits + 1 == bytes.count || bytes[digits + 1] == UInt8(ascii: " ")
        }
    }
}
