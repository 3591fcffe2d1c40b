import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The text lines of a typeset document, by page, without the footer.
private func textLines(_ document: TypesetDocument) -> [(page: Int, line: TextLine)] {
    document.pages.enumerated().flatMap { number, page in
        page.items.compactMap { item -> (page: Int, line: TextLine)? in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
            return (number, line)
        }
    }
}

/// The box a text line's glyphs take: its logical width, and its height about the baseline.
private func box(_ line: TextLine) -> Rect {
    Rect(x: line.origin.x + line.metrics.x, y: line.origin.y - (line.metrics.baseline - line.metrics.top),
         width: line.metrics.width, height: line.metrics.height)
}

private func overlapping(_ lines: [(page: Int, line: TextLine)]) -> [String] {
    var found: [String] = []
    for (index, first) in lines.enumerated() {
        for second in lines[(index + 1)...] where first.page == second.page {
            let (a, b) = (box(first.line), box(second.line))
            if min(a.maxX, b.maxX) - max(a.x, b.x) > 0.5 && min(a.maxY, b.maxY) - max(a.y, b.y) > 0.5 {
                found.append("\(first.line.string) / \(second.line.string)")
            }
        }
    }
    return found
}

private let a5 = PageGeometry(size: .a5, margins: Margins(top: 50, right: 45, bottom: 50, left: 45))

@Suite struct TableColumnsTests {
    @Test func columnsTakeTheirMaximumWhenItFitsAndTheTableFillsItsColumn() {
        #expect(TableColumns.widths(minimum: [20, 30], maximum: [50, 100], available: 170) == [60, 110])
    }

    @Test func roomAboveTheMinimumsIsSharedInProportionToWhatEachColumnLacks() {
        // 60 left over the minimums; the columns lack 30 and 90 of their maximums.
        let widths = TableColumns.widths(minimum: [20, 30], maximum: [50, 120], available: 110)
        #expect(abs(widths[0] - 35) < 1e-9 && abs(widths[1] - 75) < 1e-9)
        #expect(TableColumns.widths(minimum: [80, 90], maximum: [100, 100], available: 100) == [80, 90])
    }

    @Test func wordsBreakInTheColumnsWithTheLongestWordsOnly() {
        let widths = TableColumns.breakingWords(letters: [10, 10, 10], words: [30, 40, 90], available: 130)
        #expect(widths[0] == 30 && widths[1] == 40, "columns with shorter words keep them whole")
        #expect(abs(widths[2] - 60) < 1e-6)
        #expect(TableColumns.breakingWords(letters: [50, 50], words: [60, 60], available: 80) == [50, 50],
                "never narrower than a letter")
    }

    @Test func aSpanningCellWidensTheColumnsItSpansByWhatTheyLack() {
        let text = { (width: Double) in StyledText(String(repeating: "x", count: Int(width)), style: TestSupport.defaultTheme.body.text) }
        let rows = [[text(100), text(0)], [text(10), text(20)]]
        let widths = TableColumns.measure(rows, spans: [[2, 0], [1, 1]], columns: 2, padding: 0) { Double($0.string.count) }
        #expect(widths == [45, 55])
    }

    @Test func rowsAreCutWhereNoCellHasALineAcross() {
        // Two cells: lines of 10 in one, of 15 in the other; they meet at 0, 30, 60 and 90.
        let lines = stride(from: 0.0, to: 120, by: 10).map { $0...$0 + 10 } + stride(from: 0.0, to: 120, by: 15).map { $0...$0 + 15 }
        let cuts = Collector.cuts(height: 120, lines: lines, padding: 0, limit: 50)
        #expect(cuts == [0, 30, 60, 90])
        #expect(Collector.cuts(height: 40, lines: lines, padding: 0, limit: 50) == [0])
        #expect(Collector.cuts(height: 120, lines: lines, padding: 0, limit: 70, firstLimit: 40) == [0, 30, 90],
                "the first part fits below the header")
    }
}

@Suite(.fontWork) struct TableLayoutTests {
    @Test func wordsStayWholeWhenTheColumnsMinimumsFit() throws {
        let markdown = """
            | Project | Prerequisites | Effort | Description |
            |---|---|---|---|
            | FunTranslations | Knowledge of HTTP requests and JSON | Intermediate | Translate text into Yoda speak, Pirate speak and many other fun languages through an API. |
            | Internationalization | Understanding of character encodings | Beginner | Make an application speak several languages. |
            """
        let document = try TestSupport.typeset(markdown, geometry: a5)
        let words = Set(markdown.split(whereSeparator: { " |\n".contains($0) }).map(String.init))
        let lines = textLines(document)
        for (_, line) in lines {
            for word in line.string.split(separator: " ") {
                #expect(words.contains(String(word)), "\(word) is a piece of a broken word")
            }
            #expect(box(line).maxX <= a5.size.width - 45 + 0.5, "\(line.string) runs into the margin")
        }
        #expect(overlapping(lines).isEmpty)
    }

    /// All-contributors tables: a name, `<br>`, then emoji alone on their line. Pango spaced
    /// that line by the emoji font's missing height metric and set it on the name.
    @Test func aLineOfEmojiAloneInACellGoesBelowTheLineAbove() throws {
        let markdown = "| a | b |\n|---|---|\n| word<br>📖 | <sub>s</sub><br>📖🐛 |\n| 📖 | word<br>📖 z |\n"
        let lines = textLines(try TestSupport.typeset(markdown))
        #expect(lines.count == 9, "a, b and seven lines of cells")
        #expect(overlapping(lines).isEmpty, "\(overlapping(lines))")
    }

    @Test func codeSpansStayWholeWhenTheMinimumsFit() throws {
        let long = String(repeating: "Uses only the fonts given with a folder of fonts and the shipped ones. ", count: 30)
        let document = try TestSupport.typeset("| Option | Description |\n|---|---|\n| `--isolated-fonts` | \(long) |")
        #expect(textLines(document).contains { $0.line.string == "--isolated-fonts" })
    }

    @Test func longURLsAndCodeBreakAfterSeparatorsBeforeAnyWordBreaks() throws {
        let url = "https://api.openweathermap.org/data/2.5/weather?q=London&appid=YOUR_API_KEY"
        let document = try TestSupport.typeset("""
            | Service | Link | Call | Notes |
            |---|---|---|---|
            | Weather | \(url) | `weather_client.current_conditions_for_city("London")` | Needs a key |
            """, geometry: a5)
        // The break opportunities are zero-width spaces.
        let lines = textLines(document).map { $0.line.string.replacingOccurrences(of: "\u{200B}", with: "") }
        let urlLines = lines.filter { url.contains($0) && $0.count > 3 }
        #expect(urlLines.count >= 2, "the URL wraps")
        #expect(urlLines.joined() == url)
        for piece in urlLines.dropLast() {
            #expect("/.?&=_".contains(piece.last!), "\(piece) ends at a separator")
        }
        #expect(lines.suffix(2).flatMap { $0.split(separator: " ") } == ["Needs", "a", "key"], "words stay whole")
    }

    @Test func aWideTableShrinksItsTextThenBreaksWordsWithoutOverlapOrOverflow() throws {
        let header = (1...14).map { "Heading\($0)" }
        let row = (1...14).map { "Value\($0) Extraordinarily" }
        let markdown = "| \(header.joined(separator: " | ")) |\n|\(String(repeating: "---|", count: 14))\n| \(row.joined(separator: " | ")) |"
        let document = try TestSupport.typeset(markdown)
        let lines = textLines(document)
        #expect(overlapping(lines).isEmpty, "\(overlapping(lines))")
        for (_, line) in lines {
            #expect(box(line).maxX <= 595.276 - 72 + 0.5, "\(line.string) runs into the margin")
        }
        let sizes = Set(lines.flatMap { $0.line.runs.map(\.font.matrix.xx) })
        let table = TestSupport.defaultTheme.table
        let (smallest, largest) = (min(table.cell.text.size, table.header.text.size), max(table.cell.text.size, table.header.text.size))
        #expect(sizes.allSatisfy { $0 >= smallest * TableFit.smallestScale - 0.01 && $0 < largest }, "\(sizes)")
    }

    @Test func aTableTooWideEvenForItsLettersShrinksFurtherAndSaysSo() throws {
        let cells = (1...64).map { "W\($0)" }
        let markdown = "| \(cells.joined(separator: " | ")) |\n|\(String(repeating: "---|", count: 64))"
        let document = try TestSupport.typeset(markdown)
        let lines = textLines(document)
        #expect(overlapping(lines).isEmpty)
        for (_, line) in lines { #expect(box(line).x >= 72 - 0.01 && box(line).maxX <= 595.276 - 72 + 0.5, "\(line.string) outside the column") }
        #expect(document.warnings.contains { $0.message.contains("too wide for the page") })
    }

    @Test func headersAtA5DoNotGoOneLetterALine() throws {
        let document = try TestSupport.typeset("""
            | Option | Description | Default value | Environment variable | Since version |
            |---|---|---|---|---|
            | `--page-size` | Paper size: a4, a5, letter, legal or WIDTHxHEIGHT | a4 | LETTERPRESS_PAGE_SIZE | 1.0 |
            """, geometry: a5)
        let headers = textLines(document).map(\.line.string).prefix(while: { !$0.hasPrefix("--") })
        #expect(headers.allSatisfy { $0.count >= 4 }, "\(Array(headers))")
    }

    @Test func aLongSubscriptCellKeepsTheOtherCellsAndTheHeaderSmall() throws {
        let long = String(repeating: "This proposal changes how overloads resolve when generic parameters are involved. ", count: 8)
        let rows = (0..<7).map { "<tr><td>SE-\($0)</td><td>Proposal \($0)<br><sub>\(long)</sub><br>Accepted</td><td>Author Name\($0)</td></tr>" }
        let document = try TestSupport.typeset("<table><tr><th>ID</th><th>Proposal</th><th>Author</th></tr>\n\(rows.joined(separator: "\n"))\n</table>")
        #expect(document.pages.count <= 3)
        let lines = textLines(document)
        #expect(overlapping(lines).isEmpty)
        for (_, line) in lines { #expect(box(line).maxY <= 841.89 - 72 + 0.5, "\(line.string) is below the bottom margin") }
        #expect(lines.filter { $0.line.string == "Author" }.count == document.pages.count, "the header repeats, one line high")
    }

    @Test func aHeaderTallerThanAThirdOfThePageIsNotRepeated() throws {
        let tall = Array(repeating: "tall header text", count: 25).joined(separator: "<br>")
        let rows = (1...60).map { "| row \($0) | x |" }.joined(separator: "\n")
        let document = try TestSupport.typeset("| \(tall) | b |\n|---|---|\n\(rows)")
        #expect(document.pages.count >= 2)
        let lines = textLines(document)
        #expect(lines.filter { $0.line.string == "b" }.count == 1)
        for (_, line) in lines { #expect(box(line).maxY <= 841.89 - 72 + 0.5, "\(line.string) is below the bottom margin") }
    }

    @Test func aLeadInLineGoesToTheNextPageWithItsTable() throws {
        let filler = String(repeating: "Words to fill the page, line after line, until little room is left. ", count: 4)
        for count in 10...16 {
            let paragraphs = Array(repeating: filler, count: count).joined(separator: "\n\n")
            let document = try TestSupport.typeset("\(paragraphs)\n\nThe results:\n\n| Name | Value |\n|---|---|\n| a | 1 |\n| b | 2 |")
            let lines = textLines(document)
            let leadIn = try #require(lines.first { $0.line.string == "The results:" })
            let header = try #require(lines.first { $0.line.string == "Name" })
            let first = try #require(lines.first { $0.line.string == "a" })
            #expect(leadIn.page == header.page && header.page == first.page, "\(count) paragraphs")
        }
    }

    @Test func imagesInCellsShareTheTableWidthWithoutOverlap() throws {
        let image = #"<img src="two-tone.png" width="400">"#
        let document = try TestSupport.typeset("| A | B | C |\n|---|---|---|\n| \(image) | \(image) | \(image) |")
        let rects = document.pages[0].items.compactMap { item -> Rect? in
            if case let .image(_, rect) = item { return rect }
            return nil
        }
        #expect(rects.count == 3)
        for (index, rect) in rects.enumerated() {
            #expect(rect.x >= 72 - 0.01 && rect.maxX <= 595.276 - 72 + 0.01, "image \(index) within the margins")
            if index > 0 { #expect(rect.x >= rects[index - 1].maxX, "image \(index) clear of the one before") }
        }
        #expect(!document.warnings.contains { $0.message.contains("too wide") })
    }

    @Test func aHeaderNeverEndsAPageAlone() throws {
        let tall = Array(repeating: "tall header text", count: 25).joined(separator: "<br>")
        let words = (0..<1500).map { "word\($0)" }.joined(separator: " ")
        for count in [2, 6, 10] {
            let filler = Array(repeating: "A paragraph before the table.", count: count).joined(separator: "\n\n")
            let document = try TestSupport.typeset("\(filler)\n\n| \(tall) | b |\n|---|---|\n| \(words) | x |")
            let lines = textLines(document)
            let header = try #require(lines.first { $0.line.string == "b" })
            let first = try #require(lines.first { $0.line.string.hasPrefix("word0 ") })
            #expect(header.page == first.page, "\(count) paragraphs before")
            for (_, line) in lines { #expect(box(line).maxY <= 841.89 - 72 + 0.5, "\(line.string) is below the bottom margin") }
        }
    }

    @Test func spanningCellsStayInsideTheirColumns() throws {
        let document = try TestSupport.typeset("""
            <table>
            <tr><th colspan="2">Grouped header spanning two columns</th><th>Third</th></tr>
            <tr><td>a</td><td>b</td><td>c</td></tr>
            <tr><td colspan="3">A cell across all three columns with a rather long text that wraps inside the table</td></tr>
            </table>
            """, geometry: a5)
        let lines = textLines(document)
        #expect(overlapping(lines).isEmpty)
        #expect(lines.map(\.line.string).contains("Grouped header spanning two columns"))
        for (_, line) in lines { #expect(box(line).maxX <= a5.size.width - 45 + 0.5) }
    }
}
