import Foundation
import LetterpressCore

/// One linear pass over the Markdown source before cmark-gfm reads it, for the inputs on which
/// Debian's cmark-gfm 0.29.0.gfm.6 takes quadratic time or memory (fixed upstream in later
/// versions): where one is found, just enough of it is escaped or cut that the parser never
/// meets it, with a warning. Ordinary documents are handed over unchanged.
///
/// It reads lines, not Markdown: a paragraph is approximated by the lines between blank lines
/// and lines that surely start a block (headings, bullets, fences, thematic breaks, deeper
/// quotes). Each bound counts more than cmark would, never less, so that no arrangement of
/// blocks gets past it; an edit may therefore fall in a code block, but only of a document that
/// crosses a bound no ordinary document comes near. No line is added or removed, so lines keep
/// their numbers.
struct SourceGuard {
    /// Images `![` opened in one paragraph: each link cmark finds walks back over all those still
    /// open (`![[]()` repeated: 200 KB took 7 s). Past this, `![` is escaped to `!\[`.
    static let maximumImageOpeners = 1_000
    /// Each link or image cmark finds walks back over all the `*`, `_`, `~` and `^[` still on
    /// its delimiter stack (`*[]()` repeated: 200 KB took 13 s). The walks of one paragraph stay
    /// under this many times its bytes, plus `linkWalkAllowance`; past it, `]` is escaped.
    static let linkWalkFactor = 32
    static let linkWalkAllowance = 1 << 20
    /// cmark copies a reference definition's destination and title into each link that uses it
    /// (a 100 KB destination used 33 000 times: 1.6 GB). The copies that `]` could make stay
    /// under this many times the note's bytes, plus `referenceCopyAllowance`; past it, the
    /// definition is escaped and shown as text.
    static let referenceCopyFactor = 64
    static let referenceCopyAllowance = 32 << 20
    /// Columns of a table, as `CmarkConverter` shows them: cmark reads a row in time that grows
    /// as the square of its cells (40 000 columns: 10 s), and pads every row to the header's
    /// cells (2 000 columns, 50 000 short rows: 19 GB). Header and delimiter rows past this are
    /// cut, and so are body rows, at the table's columns (cmark drops the cells past them).
    static let maximumColumns = CmarkConverter.maximumTableColumns
    /// Each line that may be a table's delimiter row makes cmark read the paragraph above it
    /// again, in time that grows as the square of its lines. Past these, in one paragraph, such
    /// a line is escaped (it then reads as the text it is).
    static let maximumTableTries = 8
    static let maximumHeaderLines = 256
    static let maximumHeaderBytes = 64 * 1024
    /// Empty cells cmark may add to a table's short rows, beyond as many as it has cells written.
    static let maximumEmptyCells = 65_536
    /// `<![CDATA[` that never closes makes cmark read to the paragraph's end; past this many in a
    /// paragraph, `<` is escaped (an unclosed one reads as text anyway).
    static let maximumUnclosedCDATA = 16
    /// cmark's autolinker reads from each web address to the next space, and strips a closing
    /// parenthesis at a time by counting all of the link's; the bytes it reads in a run of text
    /// without spaces stay under this many times the run, plus `autolinkAllowance`. Past it,
    /// addresses are escaped (`http\://`, `www\.`) and shown as text.
    static let autolinkFactor = 16
    static let autolinkAllowance = 64 * 1024

    private(set) var warnings: [Warning] = []
    private let file: String
    private let bytes: [UInt8]
    /// Backslashes to insert before these offsets, and ranges to cut (table cells past the limit).
    private var escapes: [Int] = []
    private var cuts: [Range<Int>] = []
    /// Warned once per document, with how many there were.
    private var images = Tally()
    private var failedTries = Tally()
    private var longRows = Tally()
    private var cdata = Tally()
    private var addresses = Tally()
    private var links = Tally()
    /// `[label]: destination "title"` definitions: where each starts and its bytes (a title may
    /// go on over lines); the one still being read, and what it waits for; and the `]` that may
    /// use one.
    private var definitions: [(start: Int, line: Int, size: Int)] = []
    private var definition: DefinitionPart?
    private var closingBrackets = 0
    /// Whether the note defines links by reference: then any `]` may end one.
    private var hasLinkDefinitions = false

    private enum DefinitionPart: Equatable { case destination, title, titleEnd(UInt8) }

    private struct Tally {
        var count = 0
        var first: SourceLocation?
        mutating func add(_ location: SourceLocation) {
            count += 1
            if first == nil { first = location }
        }
    }

    /// The text cmark should parse and the warnings about what was changed.
    static func guarded(_ source: String, file: String) -> (String, [Warning]) {
        var guardian = SourceGuard(file: file, bytes: Array(source.utf8))
        guardian.run()
        guard !guardian.escapes.isEmpty || !guardian.cuts.isEmpty else { return (source, guardian.warnings) }
        return (guardian.edited(), guardian.warnings)
    }

    private init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    // MARK: Lines

    private enum Kind { case blank, heading, bullet, fence, thematicBreak, other }

    private struct Line {
        var start: Int
        var end: Int
        var number: Int
        /// Where the text starts after the quote markers, and where after the indentation.
        var contentStart: Int
        var first: Int
        var indent: Int
        var quoteDepth: Int
        var kind: Kind
    }

    /// The lines cmark would read as one paragraph, at most.
    private struct Paragraph {
        var lines = 0
        var bytes = 0
        var imageOpeners = 0
        /// Runs of `*`, `_`, `~` and `^[` openers so far, and what the links so far cost.
        var delimiters = 0
        var linkCost = 0
        /// The brackets open, `^[` (true) or `[` and `![`: a `]` that closes `^[` ends an
        /// attribute, not a link, unless a code span or HTML may have hidden a `]`.
        var openers: [Bool] = []
        var mayHideBrackets = false
        var unclosedCDATA = 0
        var tries = 0
        /// The lines, bytes and most cells of a line before the last, and the last's cells:
        /// cmark reads them all looking for a table's header, which is the last.
        var linesBeforeLast = 0
        var bytesBeforeLast = 0
        var widestBeforeLast = 0
        var lastCells = 0
        var last: Line?
        /// The quote depth of its first line: a later line may be less deep (a lazy one).
        var quoteDepth = 0
    }

    private struct Table {
        var header: Line
        var delimiter: Line
        /// The header's cells, and the cells of each row (cut at `maximumColumns`).
        var columns: Int
        var rows: [Int] = []
        var quoteDepth: Int
        /// Whether cmark surely makes it a table: then each row is read on its own.
        var certain: Bool
    }

    /// Ends the paragraph, and any reference definition still open in it.
    private mutating func close(_ paragraph: inout Paragraph) {
        definition = nil
        paragraph = Paragraph()
    }

    private mutating func run() {
        hasLinkDefinitions = definesLinks()
        var paragraph = Paragraph()
        var table: Table?
        var start = 0
        var number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            let line = read(start: start, end: end, number: number)
            var next = end + 1
            if end < bytes.count && bytes[end] == 0x0D && next < bytes.count && bytes[next] == 0x0A { next += 1 }
            start = next

            var rowEnd = line.end
            // `table!` throughout: a copy held here would make each row copy all the rows.
            if table != nil {
                if continuesTable(line, table!) {
                    rowEnd = cutRow(line, of: &table!)
                    if table!.certain {
                        // Its cells are read one by one, each a paragraph of its own.
                        var row = Paragraph()
                        row.bytes = line.end - line.start
                        scanInlines(line, upTo: rowEnd, in: &row)
                        continue
                    }
                } else {
                    finish(table!)
                    table = nil
                }
            }
            if line.kind != .other || (paragraph.lines > 0 && line.quoteDepth > paragraph.quoteDepth) {
                close(&paragraph)
            }
            if line.kind == .blank { continue }
            if table == nil, line.kind == .other, let header = paragraph.last,
               let started = delimiterRow(line, header: header, paragraph: &paragraph) {
                table = started
                if started.certain {
                    close(&paragraph)
                    continue
                }
            }
            if paragraph.lines == 0 { paragraph.quoteDepth = line.quoteDepth }
            paragraph.linesBeforeLast = paragraph.lines
            paragraph.bytesBeforeLast = paragraph.bytes
            paragraph.lines += 1
            paragraph.bytes += line.end - line.start + 1
            paragraph.widestBeforeLast = max(paragraph.widestBeforeLast, paragraph.lastCells)
            paragraph.lastCells = cells(line)
            readDefinition(line)
            scanInlines(line, upTo: rowEnd, in: &paragraph)
            paragraph.last = line.kind == .other || line.kind == .bullet ? line : nil
        }
        if let table { finish(table) }
        close(&paragraph)
        guardDefinitions()
        warn(images, .inputLimit, "more than \(Self.maximumImageOpeners) images opened and not closed in one paragraph; \(images.count) more are shown as written")
        warn(failedTries, .tableShownAsText, "\(failedTries.count) lines read like a table's delimiter row but start no table; they are escaped and shown as written")
        warn(longRows, .tableColumnsDropped, "\(longRows.count) table rows have more cells than their header and more than \(Self.maximumColumns); the cells past the table's columns are left out")
        warn(cdata, .inputLimit, "\(cdata.count) more '<![CDATA[' that never close in one paragraph are escaped and shown as written")
        warn(addresses, .inputLimit, "a run of text without spaces holds more web addresses than can be linked in time; \(addresses.count) are shown as text")
        warn(links, .inputLimit, "a paragraph holds too many links after unclosed '*', '_', '~' or '^[' to read in time; \(links.count) more ']' are escaped and shown as written")
    }

    private mutating func warn(_ tally: Tally, _ code: Warning.Code, _ message: String) {
        guard tally.count > 0 else { return }
        warnings.append(Warning(code: code, file: file, location: tally.first, message: message))
    }

    private func location(_ offset: Int, in line: Line) -> SourceLocation {
        SourceLocation(line: line.number, column: offset - line.start + 1)
    }

    private func read(start: Int, end: Int, number: Int) -> Line {
        var contentStart = start
        var quoteDepth = 0
        while true {
            var index = contentStart
            while index < end && index - contentStart < 3 && bytes[index] == 0x20 { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: ">") else { break }
            quoteDepth += 1
            index += 1
            if index < end && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            contentStart = index
        }
        var first = contentStart
        var indent = 0
        while first < end && (bytes[first] == 0x20 || bytes[first] == 0x09) {
            indent += bytes[first] == 0x09 ? 4 - indent % 4 : 1
            first += 1
        }
        var line = Line(start: start, end: end, number: number, contentStart: contentStart, first: first,
                        indent: indent, quoteDepth: quoteDepth, kind: .other)
        line.kind = kind(line)
        return line
    }

    /// Only what surely starts a block (or is blank) counts; anything else may continue a paragraph.
    private func kind(_ line: Line) -> Kind {
        let first = line.first
        let end = line.end
        guard first < end else { return .blank }
        guard line.indent < 4 else { return .other }
        func isSpace(_ index: Int) -> Bool { index >= end || bytes[index] == 0x20 || bytes[index] == 0x09 }
        func run(of byte: UInt8, from index: Int) -> Int {
            var past = index
            while past < end && bytes[past] == byte { past += 1 }
            return past - index
        }
        let character = bytes[first]
        switch character {
        case UInt8(ascii: "#"):
            let marks = run(of: character, from: first)
            return marks <= 6 && isSpace(first + marks) ? .heading : .other
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return run(of: character, from: first) >= 3 ? .fence : .other
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "_"):
            // A thematic break: three or more of one mark, spaces between.
            var marks = 0
            var index = first
            while index < end && (bytes[index] == character || bytes[index] == 0x20 || bytes[index] == 0x09) {
                if bytes[index] == character { marks += 1 }
                index += 1
            }
            if index == end && marks >= 3 && character != UInt8(ascii: "+") { return .thematicBreak }
            // A bullet with text after it (an empty one cannot interrupt a paragraph).
            guard character != UInt8(ascii: "_"), first + 1 < end, isSpace(first + 1) else { return .other }
            var text = first + 1
            while text < end && isSpace(text) { text += 1 }
            return text < end ? .bullet : .other
        default:
            return .other
        }
    }

    // MARK: Reference definitions

    /// Reads the line as the start or the rest of a reference definition, if it may be one.
    private mutating func readDefinition(_ line: Line) {
        guard line.kind == .other else { definition = nil; return }
        var index = line.first
        if let label = definitionLabel(line) {
            definitions.append((line.first, line.number, 0))
            definition = .destination
            index = label + 2
        }
        guard var part = definition else { return }
        while true {
            while index < line.end && Self.isCellSpace(bytes[index]) { index += 1 }
            guard index < line.end else { break }
            switch part {
            case .destination:
                let angled = bytes[index] == UInt8(ascii: "<")
                while index < line.end && (angled ? bytes[index] != UInt8(ascii: ">") : !Self.isCellSpace(bytes[index])) { index += 1 }
                if angled { index += 1 }
                part = .title
            case .title:
                // Only a title may follow the destination.
                let opener = bytes[index]
                guard opener == UInt8(ascii: "\"") || opener == UInt8(ascii: "'") || opener == UInt8(ascii: "(") else {
                    definition = nil
                    return
                }
                index += 1
                part = .titleEnd(opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : opener)
            case let .titleEnd(closer):
                while index < line.end && bytes[index] != closer { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                guard index < line.end else { break }
                definitions[definitions.count - 1].size = line.end - definitions[definitions.count - 1].start
                definition = nil
                return
            }
        }
        definitions[definitions.count - 1].size = line.end - definitions[definitions.count - 1].start
        definition = part
    }

    private func definesLinks() -> Bool {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
            let line = read(start: start, end: end, number: 0)
            if line.kind == .other && definitionLabel(line) != nil { return true }
            start = end + 1
        }
        return false
    }

    /// For a line that starts `[label]:`, where its label's `]` is.
    private func definitionLabel(_ line: Line) -> Int? {
        guard line.indent < 4, bytes[line.first] == UInt8(ascii: "[") else { return nil }
        var index = line.first + 1
        while index < line.end && index - line.first <= 1_000 {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return index + 1 < line.end && bytes[index + 1] == UInt8(ascii: ":") ? index : nil
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Escapes the definitions whose destination and title, copied by cmark into every link
    /// that may use them, would take more than the budget.
    private mutating func guardDefinitions() {
        let budget = Self.referenceCopyFactor * bytes.count + Self.referenceCopyAllowance
        var tally = Tally()
        var largest = 0
        for definition in definitions where closingBrackets * definition.size > budget {
            escapes.append(definition.start)
            tally.add(SourceLocation(line: definition.line, column: definition.start - lineStart(of: definition.start) + 1))
            largest = max(largest, definition.size)
        }
        warn(tally, .inputLimit, "\(tally.count) reference definitions of up to \(largest) bytes, which the note's \(closingBrackets) ']' could each copy, are shown as text")
    }

    private func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        return start
    }

    // MARK: Tables

    /// Whether cmark reads the line as a row of `table`: any line with a cell that starts no other block.
    private func continuesTable(_ line: Line, _ table: Table) -> Bool {
        line.kind == .other && line.quoteDepth == table.quoteDepth && line.indent < 4
            && bytes[line.first] != UInt8(ascii: "<") && afterListMarker(line) == nil && cellEnds(line, upTo: 0).count > 0
    }

    /// The line after its list marker, if it has one: cmark reads a table's header there when
    /// the marker starts a list item, and from the marker when the line goes on a paragraph.
    private func afterListMarker(_ line: Line) -> Line? {
        guard line.indent < 4, line.first < line.end else { return nil }
        var index = line.first
        if line.kind == .bullet {
            index += 1
        } else {
            while index < line.end && index - line.first < 9 && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index > line.first, index + 1 < line.end, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")"),
                  bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 else { return nil }
            index += 1
        }
        var item = line
        item.first = index
        while item.first < item.end && (bytes[item.first] == 0x20 || bytes[item.first] == 0x09) { item.first += 1 }
        return item
    }

    private func hasPipe(_ line: Line) -> Bool {
        var index = line.first
        while index < line.end {
            if bytes[index] == UInt8(ascii: "|") && (index == line.first || bytes[index - 1] != UInt8(ascii: "\\")) { return true }
            index += 1
        }
        return false
    }

    private static func isCellSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C }

    /// The cells cmark's `row_from_string` finds in the line (its cells are split at each `|`
    /// not right after a backslash), and the offset of the `|` that ends each but the last.
    private func cellEnds(_ line: Line, upTo limit: Int = .max) -> (count: Int, ends: [Int]) {
        var ends: [Int] = []
        var count = 0
        var index = line.first
        let end = line.end
        // The leading pipe and the spaces after it.
        if index < end && bytes[index] == UInt8(ascii: "|") {
            index += 1
            while index < end && Self.isCellSpace(bytes[index]) { index += 1 }
        }
        while index < end {
            var cellEnd = index
            while cellEnd < end && !(bytes[cellEnd] == UInt8(ascii: "|") && (cellEnd == line.first || bytes[cellEnd - 1] != UInt8(ascii: "\\"))) {
                cellEnd += 1
            }
            count += 1
            guard cellEnd < end else { break }
            if ends.count < limit { ends.append(cellEnd) }
            index = cellEnd + 1
            while index < end && Self.isCellSpace(bytes[index]) { index += 1 }
        }
        return (count, ends)
    }

    private func cells(_ line: Line) -> Int {
        hasPipe(line) ? cellEnds(line, upTo: 0).count : 1
    }

    /// Whether the line reads as a delimiter row to cmark (`scan_table_start`): cells of
    /// `:?-+:?` between optional pipes, and nothing else; dashes alone are a setext underline,
    /// which cmark reads first.
    private func isDelimiterRow(_ line: Line) -> Bool {
        var index = line.first
        let end = line.end
        func cell() -> Bool {
            while index < end && Self.isCellSpace(bytes[index]) { index += 1 }
            if index < end && bytes[index] == UInt8(ascii: ":") { index += 1 }
            let dashes = index
            while index < end && bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > dashes else { return false }
            if index < end && bytes[index] == UInt8(ascii: ":") { index += 1 }
            while index < end && Self.isCellSpace(bytes[index]) { index += 1 }
            return true
        }
        if bytes[index] == UInt8(ascii: "|") { index += 1 }
        guard cell() else { return false }
        while index < end && bytes[index] == UInt8(ascii: "|") {
            let pipe = index
            index += 1
            if !cell() { index = pipe + 1; break }
        }
        while index < end && Self.isCellSpace(bytes[index]) { index += 1 }
        guard index == end else { return false }
        let setext = bytes[line.first..<end].allSatisfy { $0 == UInt8(ascii: "-") || $0 == 0x20 || $0 == 0x09 }
        return !setext
    }

    /// For a line that may be a delimiter row under `header`: the table it may start, else nil,
    /// the line escaped if cmark's reading it would cost too much. A header after a list marker
    /// may be read from the marker or after it; the table is `certain` only if both agree.
    private mutating func delimiterRow(_ line: Line, header: Line, paragraph: inout Paragraph) -> Table? {
        guard isDelimiterRow(line) else { return nil }
        let columns = cellEnds(line, upTo: 0).count
        let item = afterListMarker(header)
        let matchesLine = header.kind == .other && cellEnds(header, upTo: 0).count == columns
        let matchesItem = item.map { cellEnds($0, upTo: 0).count == columns } ?? false
        let matched = matchesLine || matchesItem
        let certain = matchesLine && (item == nil || matchesItem)
        paragraph.tries += 1
        var reason: String?
        if paragraph.tries > Self.maximumTableTries || paragraph.linesBeforeLast > Self.maximumHeaderLines
            || paragraph.bytesBeforeLast > Self.maximumHeaderBytes || paragraph.widestBeforeLast > Self.maximumColumns {
            reason = "it follows \(paragraph.linesBeforeLast) lines of paragraph with no blank line between"
        } else if !certain && columns > Self.maximumColumns {
            reason = "it has \(columns) columns after a list marker"
        }
        if let reason {
            escapes.append(line.first)
            if matched {
                warnings.append(Warning(code: .tableShownAsText, file: file, location: location(line.first, in: line),
                                        message: "a table here is shown as text: \(reason) (put a blank line before its header)"))
            } else {
                failedTries.add(location(line.first, in: line))
            }
            return nil
        }
        guard matched else { return nil }
        return Table(header: header, delimiter: line, columns: columns, quoteDepth: line.quoteDepth, certain: certain)
    }

    /// Where the row ends once cut at the table's columns, if it has more than `maximumColumns` cells.
    private mutating func cutRow(_ line: Line, of table: inout Table) -> Int {
        let columns = min(table.columns, Self.maximumColumns)
        let (count, ends) = cellEnds(line, upTo: columns)
        table.rows.append(min(count, columns))
        guard count > Self.maximumColumns else { return line.end }
        cuts.append(ends[columns - 1]..<line.end)
        // Cells past the header's are left out by cmark anyway; those within, by the cut.
        if count > table.columns { longRows.add(location(ends[columns - 1], in: line)) }
        return ends[columns - 1]
    }

    /// Cuts the header and delimiter rows to the columns the table keeps: at most
    /// `maximumColumns`, and fewer if cmark would otherwise fill its short rows with more empty
    /// cells than the table has cells written, plus `maximumEmptyCells`.
    /// (A table that is not `certain` has at most `maximumColumns`: it is escaped instead.)
    private mutating func finish(_ table: Table) {
        func empty(_ columns: Int) -> Int { table.rows.reduce(0) { $0 + max(0, columns - $1) } }
        func written(_ columns: Int) -> Int { table.rows.reduce(0) { $0 + min(columns, $1) } }
        var kept = min(table.columns, Self.maximumColumns)
        while kept > 1 && empty(kept) > written(kept) + Self.maximumEmptyCells { kept -= 1 }
        guard kept < table.columns else { return }
        guard table.certain else {
            // Where its header's cells start is not sure: no table, rather than a wrong cut.
            escapes.append(table.delimiter.first)
            warnings.append(Warning(code: .tableShownAsText, file: file, location: location(table.delimiter.first, in: table.delimiter),
                                    message: "a table here is shown as text: its \(table.rows.count) rows would leave too many cells empty"))
            return
        }
        cuts.append(cellEnds(table.header, upTo: kept).ends[kept - 1]..<table.header.end)
        cuts.append(cellEnds(table.delimiter, upTo: kept).ends[kept - 1]..<table.delimiter.end)
        let rows = kept < min(table.columns, Self.maximumColumns) ? " and \(table.rows.count) rows, most of their cells empty" : ""
        warnings.append(Warning(code: .tableColumnsDropped, file: file, location: SourceLocation(line: table.header.number, column: 1),
                                message: "table has \(table.columns) columns\(rows); only the first \(kept) are shown"))
    }

    // MARK: Inlines

    /// Image openers, links after delimiters, unclosed CDATA and autolinks in the line, up to `end`.
    private mutating func scanInlines(_ line: Line, upTo end: Int, in paragraph: inout Paragraph) {
        var lastCDATAClose = -1
        var index = line.contentStart
        var runStart = index
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                continue
            case UInt8(ascii: "!") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "["):
                if paragraph.imageOpeners >= Self.maximumImageOpeners {
                    escapes.append(index + 1)
                    images.add(location(index, in: line))
                } else {
                    paragraph.imageOpeners += 1
                    paragraph.openers.append(false)
                }
                index += 2
                continue
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                if index == line.contentStart || bytes[index - 1] != byte { paragraph.delimiters += 1 }
            case UInt8(ascii: "^") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "["):
                paragraph.delimiters += 1
                paragraph.openers.append(true)
                index += 2
                continue
            case UInt8(ascii: "["):
                paragraph.openers.append(false)
                // A footnote reference `[^x]` is found whether defined or not.
                if index + 1 < end && bytes[index + 1] == UInt8(ascii: "^") { walk(at: index, in: line, &paragraph) }
            case UInt8(ascii: "]"):
                closingBrackets += 1
                let attribute = paragraph.openers.popLast() == true && !paragraph.mayHideBrackets
                let inline = index + 1 < end && bytes[index + 1] == UInt8(ascii: "(")
                if !attribute && (inline || hasLinkDefinitions) { walk(at: index, in: line, &paragraph) }
            case UInt8(ascii: "`"), UInt8(ascii: "<"):
                paragraph.mayHideBrackets = true
                if byte == UInt8(ascii: "<") && matches("<![CDATA[", at: index, end: end) {
                    if lastCDATAClose < 0 { lastCDATAClose = lastIndex(of: "]]>", in: index..<end) ?? index }
                    if lastCDATAClose < index + 9 {
                        paragraph.unclosedCDATA += 1
                        if paragraph.unclosedCDATA > Self.maximumUnclosedCDATA {
                            escapes.append(index)
                            cdata.add(location(index, in: line))
                        }
                    }
                }
            case 0x20, 0x09, 0x0B, 0x0C:
                guardAutolinks(runStart..<index, in: line)
                runStart = index + 1
            default:
                break
            }
            index += 1
        }
        guardAutolinks(runStart..<min(end, max(runStart, index)), in: line)
    }

    /// A link, image or footnote reference cmark may find at `index`: it walks back over the
    /// paragraph's delimiters, or, past the budget, `]` (or `[^`) is escaped.
    private mutating func walk(at index: Int, in line: Line, _ paragraph: inout Paragraph) {
        guard paragraph.linkCost + paragraph.delimiters > Self.linkWalkFactor * paragraph.bytes + Self.linkWalkAllowance else {
            paragraph.linkCost += paragraph.delimiters
            return
        }
        escapes.append(index)
        links.add(location(index, in: line))
    }

    private func matches(_ text: StaticString, at index: Int, end: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= end else { return false }
        return text.withUTF8Buffer { buffer in (0..<count).allSatisfy { bytes[index + $0] == buffer[$0] } }
    }

    private func lastIndex(of text: StaticString, in range: Range<Int>) -> Int? {
        var index = range.upperBound - text.utf8CodeUnitCount
        while index >= range.lowerBound {
            if matches(text, at: index, end: range.upperBound) { return index }
            index -= 1
        }
        return nil
    }

    /// The web addresses cmark's autolinker would try in a run without spaces, with the bytes
    /// each costs it; those past the budget are escaped.
    private mutating func guardAutolinks(_ run: Range<Int>, in line: Line) {
        guard run.count >= 8 else { return }
        let budget = Self.autolinkFactor * run.count + Self.autolinkAllowance
        var spent = 0
        var resume = run.lowerBound
        var nextAngle = run.lowerBound
        for index in run where index >= resume {
            guard let escape = autolinkStart(at: index, in: run) else { continue }
            // cmark reads to the run's end, then cuts the link at the first `<`.
            if nextAngle <= index {
                nextAngle = index
                while nextAngle < run.upperBound && bytes[nextAngle] != UInt8(ascii: "<") { nextAngle += 1 }
            }
            let linkEnd = nextAngle
            var parentheses = 0
            var trailing = linkEnd
            while trailing > index, Self.trailingPunctuation.contains(bytes[trailing - 1]) {
                if bytes[trailing - 1] == UInt8(ascii: ")") { parentheses += 1 }
                trailing -= 1
            }
            let cost = (run.upperBound - index) + parentheses * (linkEnd - index)
            if spent + cost > budget {
                escapes.append(escape)
                addresses.add(location(index, in: line))
                continue
            }
            spent += cost
            resume = max(linkEnd, index + 1)
        }
    }

    private static let trailingPunctuation = Set("?!.,:*_~'\";)".utf8)

    /// If a web address cmark's autolinker tries starts at `index` (`www.` after a space or one
    /// of `*_~(`, or `http://`, `https://`, `ftp://`), where a backslash would stop it.
    private func autolinkStart(at index: Int, in run: Range<Int>) -> Int? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "w") || byte == UInt8(ascii: "W") {
            guard matches("www.", at: index, end: run.upperBound),
                  index == run.lowerBound || "*_~(".utf8.contains(bytes[index - 1]) else { return nil }
            return index + 3
        }
        guard byte == UInt8(ascii: ":"), matches("://", at: index, end: run.upperBound) else { return nil }
        var schemeStart = index
        while schemeStart > run.lowerBound && Self.isLetter(bytes[schemeStart - 1]) { schemeStart -= 1 }
        let scheme = String(decoding: bytes[schemeStart..<index], as: UTF8.self).lowercased()
        return ["http", "https", "ftp"].contains(scheme) ? index : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    // MARK: Editing

    private func edited() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + escapes.count)
        // One backslash at a place however many checks chose it: two would escape each other.
        let escapes = Array(Set(escapes)).sorted()
        let cuts = cuts.sorted { $0.lowerBound < $1.lowerBound }
        var nextEscape = 0
        var nextCut = 0
        var index = 0
        while index < bytes.count {
            if nextCut < cuts.count && cuts[nextCut].lowerBound <= index {
                index = max(index, cuts[nextCut].upperBound)
                nextCut += 1
                while nextEscape < escapes.count && escapes[nextEscape] < index { nextEscape += 1 }
                continue
            }
            if nextEscape < escapes.count && escapes[nextEscape] == index {
                output.append(UInt8(ascii: "\\"))
                nextEscape += 1
            }
            output.append(bytes[index])
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
