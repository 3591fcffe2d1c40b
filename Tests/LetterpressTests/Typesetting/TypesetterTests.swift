import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A text line as placed on a page.
private struct PlacedLine {
    var page: Int
    var line: LineMetrics
    var origin: Point
    var text: String
}

private func placedLines(_ document: TypesetDocument) -> [PlacedLine] {
    document.pages.enumerated().flatMap { number, page in
        page.items.compactMap { item -> PlacedLine? in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
            return PlacedLine(page: number, line: line.metrics, origin: line.origin, text: line.string)
        }
    }
}

private let margins = Margins(top: 72, right: 72, bottom: 72, left: 72)
private let geometry = PageGeometry(size: .a4, margins: margins)
private let paragraph = "Pagination moves whole lines between pages and never splits a line of text in two, "
    + "so every line on a page sits between the top and bottom margins of that page."

@Suite(.fontWork) struct TypesetterTests {
    @Test func linesStayInsideTheColumnAndWrapLongWordsAndCode() throws {
        let longWord = String(repeating: "Supercalifragilistic", count: 12)
        let codeLine = String(repeating: "let value = compute(width, height) + ", count: 6)
        let document = try TestSupport.typeset("\(paragraph)\n\n\(longWord)\n\n```\n\(codeLine)\n```\n\n| a | b |\n|---|---|\n| \(longWord) | x |")
        let lines = placedLines(document)
        #expect(lines.count > 10)
        for line in lines {
            #expect(line.origin.x >= margins.left - 0.01, "\(line.text) starts left of the margin")
            #expect(line.origin.x + line.line.width <= geometry.size.width - margins.right + 0.5,
                    "\(line.text) runs into the right margin")
        }
        let codeLines = lines.filter { $0.text.hasPrefix("let") || $0.text.hasPrefix("height") || $0.text.contains("compute") }
        #expect(codeLines.count >= 2, "the long code line wraps")
    }

    @Test func everyLineIsPlacedExactlyOnceAndInsideTheMargins() throws {
        let markdown = (1...60).map { "## Section \($0)\n\n\(paragraph) \(paragraph)" }.joined(separator: "\n\n")
        let document = try TestSupport.typeset(markdown)
        #expect(document.pages.count > 5)
        let lines = placedLines(document).filter { $0.origin.y > margins.top / 2 + 12 && $0.origin.y < geometry.size.height - margins.bottom / 2 - 12 }
        #expect(lines.map(\.text).joined() == (1...60).map { "Section \($0)\(paragraph) \(paragraph)" }.joined(),
                "each line is drawn once, in order")
        for line in lines {
            #expect(line.origin.y - (line.line.baseline - line.line.top) >= margins.top - 0.01)
            #expect(line.origin.y <= geometry.size.height - margins.bottom)
        }
    }

    @Test func headingsAreNeverLastOnAPage() throws {
        // Vary the paragraph lengths so that headings land at many different heights.
        let markdown = (1...80).map { index in
            "### Heading \(index)\n\n" + String(repeating: "Words to fill a line or two. ", count: index % 7 + 1)
        }.joined(separator: "\n\n")
        let document = try TestSupport.typeset(markdown)
        for (number, page) in document.pages.enumerated() {
            let body = page.items.compactMap { item -> TextLine? in
                guard case let .text(line) = item, line.origin.y < geometry.size.height - margins.bottom else { return nil }
                return line
            }
            guard let last = body.max(by: { $0.origin.y < $1.origin.y }) else { continue }
            #expect(!last.string.hasPrefix("Heading"), "page \(number + 1) ends with \(last.string)")
        }
    }

    @Test func tablesRepeatTheirHeaderRowOnEachPage() throws {
        let rows = (1...120).map { "| row \($0) | value \($0) |" }.joined(separator: "\n")
        let document = try TestSupport.typeset("| Name | Value |\n|:--|--:|\n\(rows)")
        #expect(document.pages.count >= 3)
        for page in document.pages {
            let first = page.items.compactMap { item -> TextLine? in
                if case let .text(line) = item { return line }
                return nil
            }.first
            #expect(first?.string == "Name")
        }
        let lines = placedLines(document).filter { $0.text.hasPrefix("row ") }
        #expect(lines.map(\.text) == (1...120).map { "row \($0)" })
    }

    @Test func pageBreaksStartNewPages() throws {
        let document = try TestSupport.typeset("one\n\n\\pagebreak\n\ntwo\n\n<!-- pagebreak -->\n\nthree")
        #expect(document.pages.count == 3)
        #expect(placedLines(document).map { "\($0.page):\($0.text)" } == ["0:one", "1:two", "2:three"])
    }

    @Test func codeBlocksAndQuotesGetBandsOnEveryPageTheySpan() throws {
        let code = (1...120).map { "line \($0)" }.joined(separator: "\n")
        let document = try TestSupport.typeset("```\n\(code)\n```")
        #expect(document.pages.count >= 2)
        for page in document.pages {
            let fills = page.items.compactMap { item -> Rect? in
                if case let .fill(rect, _) = item { return rect }
                return nil
            }
            #expect(fills.count == 1)
            let lines = page.items.compactMap { item -> Double? in
                if case let .text(line) = item, line.string.hasPrefix("line") { return line.origin.y }
                return nil
            }
            #expect(fills[0].y <= lines.min()! - 5 && fills[0].maxY >= lines.max()!)
        }
    }

    @Test func listMarkersHangLeftOfTheirItems() throws {
        let document = try TestSupport.typeset("- first\n- second\n  1. inner\n\n- [x] done")
        let lines = placedLines(document)
        func line(_ text: String) -> PlacedLine { lines.first { $0.text == text }! }
        #expect(line("•").origin.x < line("first").origin.x)
        #expect(line("•").origin.y == line("first").origin.y)
        #expect(line("1.").origin.x > line("•").origin.x)
        #expect(line("inner").origin.x > line("second").origin.x)
        let checkboxes = document.pages[0].items.compactMap { item -> Bool? in
            if case let .checkbox(_, checked, _) = item { return checked }
            return nil
        }
        #expect(checkboxes == [true])
    }

    /// Nested lists and quotes move right until their text has a third of the column, then
    /// stay: thirty levels once squeezed items to a letter a line, past the right margin, and
    /// lost the deepest.
    @Test func deepNestingKeepsATextColumnWithinTheMargins() throws {
        let list = (1...31).map { String(repeating: "  ", count: $0 - 1) + "- item \($0) of the list" }.joined(separator: "\n")
        let quotes = (1...31).map { String(repeating: "> ", count: $0) + "quote \($0) of the quotes" }.joined(separator: "\n>\n")
        for (markdown, name) in [(list, "list"), (quotes, "quotes")] {
            let lines = placedLines(try TestSupport.typeset(markdown))
            let texts = Set(lines.map(\.text))
            for level in 1...31 {
                let text = (name == "list" ? "item" : "quote") + " \(level) of the \(name)"
                #expect(texts.contains(text), "'\(text)' is one line on a page")
            }
            let right = PageSize.a4.width - margins.right
            #expect(lines.allSatisfy { $0.origin.x + $0.line.x + $0.line.width <= right + 0.5 })
        }
    }

    @Test func imagesScaleToTheColumnAndMissingOnesBecomePlaceholders() throws {
        let natural = try TestSupport.typeset("![wide](two-tone.png)", geometry: PageGeometry(
            size: PageSize(width: 200, height: 300), margins: Margins(top: 20, right: 20, bottom: 20, left: 20)))
        let rects = natural.pages[0].items.compactMap { item -> Rect? in
            if case let .image(_, rect) = item { return rect }
            return nil
        }
        #expect(rects.count == 1)
        // 160 × 80 pixels at 96 per inch are 120 × 60 points: small enough to keep their size.
        #expect(abs(rects[0].width - 120) < 0.01 && abs(rects[0].height - 60) < 0.01)
        #expect(natural.warnings.isEmpty)
        let narrow = try TestSupport.typeset("![wide](two-tone.png)", geometry: PageGeometry(
            size: PageSize(width: 100, height: 300), margins: Margins(top: 20, right: 20, bottom: 20, left: 20)))
        let scaled = narrow.pages[0].items.compactMap { item -> Rect? in
            if case let .image(_, rect) = item { return rect }
            return nil
        }
        #expect(abs(scaled[0].width - 60) < 0.01 && abs(scaled[0].height - 30) < 0.01)

        let missing = try TestSupport.typeset("Text\n\n![A chart](nowhere.png)\n\n![Broken](truncated.png)")
        #expect(missing.warnings.count == 2)
        #expect(missing.warnings.first?.description == "test.md:3:1: warning: image 'nowhere.png' not found; drawing a placeholder")
        #expect(missing.warnings.last?.description.hasPrefix("test.md:5:1: warning: image 'truncated.png' cannot be read") == true)
        #expect(placedLines(missing).contains { $0.text.contains("A chart") })
    }

    /// A link has a rectangle for each line it is drawn on: an item a line, or one item for
    /// them all past `Page.linkLinesApart` lines, since the PDF repeats the URL in each item.
    @Test func linksGetOneRectanglePerLine() throws {
        func links(words: Int) throws -> [[Rect]] {
            let text = String(repeating: "linked words ", count: words)
            return try TestSupport.typeset("Before [\(text)](https://example.com/a) after").pages[0].items.compactMap { item in
                if case let .link(target, rects) = item, target == .uri("https://example.com/a") { return rects }
                return nil
            }
        }
        let short = try links(words: 8)
        #expect(short.map(\.count) == [1, 1], "one link item per line")
        let long = try links(words: 60)
        #expect(long.count == 1 && long[0].count > Page.linkLinesApart, "one item, a rectangle per line")
        for rect in (short + long).joined() {
            #expect(rect.width > 0 && rect.width <= geometry.column.width + 0.5)
        }
    }

    @Test func footnotesFollowTheText() throws {
        let document = try TestSupport.typeset("Claim[^1].\n\n[^1]: Source of the claim.")
        let texts = placedLines(document).map(\.text)
        #expect(texts.firstIndex(of: "Source of the claim.")! > texts.firstIndex(of: "Claim1.")!)
        #expect(texts.contains("1."))
    }
}

@Suite(.fontWork) struct DecorationTests {
    private func decorations(_ document: TypesetDocument) -> [Decoration] {
        document.pages.flatMap { page in
            page.items.compactMap { item -> Decoration? in
                if case let .decoration(decoration) = item { return decoration }
                return nil
            }
        }
    }

    /// Consecutive segments of one dashed underline, in reading order, each starting its
    /// pattern where the one before left off.
    private func expectContinuousPhases(_ segments: [Decoration], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(segments.first?.phase == 0, sourceLocation: sourceLocation)
        let restarts = zip(segments, segments.dropFirst()).count { abs($1.phase - ($0.phase + $0.length)) > 0.001 }
        #expect(restarts == 0, "of \(segments.count) segments", sourceLocation: sourceLocation)
    }

    @Test func dashedUnderlinesContinueAroundShapesAndBelowThem() throws {
        let words = String(repeating: "dashes run on ", count: 60)
        let document = try TestSupport.typeset("""
            ---
            exclusions:
              - {shape: circle, page: 1, center: [297, 110], radius: 30}
            ---
            ^[\(words)](underline: {pattern: 'dash'})
            """)
        let segments = decorations(document)
        #expect(segments.count(where: { $0.start.y < 150 }) > segments.count(where: { $0.start.y < 150 && $0.start.x < 290 }),
                "lines beside the circle are split into two segments")
        #expect(segments.contains { $0.start.y > 160 }, "lines below the circle are set at full width")
        expectContinuousPhases(segments)
    }

    @Test func lineLimitsCutTheParagraphWithAnEllipsis() throws {
        let words = String(repeating: "limited words ", count: 60)
        /// Each line's text, and where its ellipsis is among its glyph runs counted from the
        /// end (0: the last run): the run of one glyph that stands for the text left out.
        func lines(_ markdown: String) throws -> [(text: String, ellipsis: Int?, fromEnd: Int?, width: Double)] {
            try TestSupport.typeset(markdown).pages[0].items.compactMap { item in
                guard case let .text(line) = item, !line.string.allSatisfy(\.isNumber) else { return nil }
                let ellipsis = line.runs.firstIndex { $0.glyphs.count == 1 && $0.utf8.count > 20 }
                return (line.string, ellipsis.map { $0 - line.runs.startIndex }, ellipsis.map { line.runs.endIndex - 1 - $0 },
                        line.metrics.width)
            }
        }
        let column = PageSize.a4.width - 144
        let tail = try lines("Start ^[x](lineLimit: 2) \(words)end\n\nNext paragraph")
        #expect(tail.map(\.text.first) == ["S", "w", "N"] && tail.map(\.fromEnd) == [nil, 0, nil])
        #expect(tail[1].text.hasSuffix("end") && tail[1].width <= column, "the ellipsis stands for the rest")
        let head = try lines("^[Start](lineLimit: 1, truncation: 'head') \(words)end")
        #expect(head.count == 1 && head[0].ellipsis == 0 && head[0].width <= column)
        let middle = try lines("^[Start](lineLimit: 1, truncation: 'middle') \(words)end")
        #expect(middle.count == 1 && (middle[0].ellipsis ?? 0) > 0 && (middle[0].fromEnd ?? 0) > 0 && middle[0].width <= column)
        let long = String(repeating: "many words ", count: LineItems.layoutPiece / 11 + 100)
        #expect(try lines("^[\(long)](lineLimit: 3)").count == 3, "pieces of a long paragraph share the limit")
        let beside = try lines("""
            ---
            exclusions:
              - {shape: circle, page: 1, center: [297, 110], radius: 30}
            ---
            ^[\(words)](lineLimit: 4)
            """)
        #expect(beside.count(where: { $0.ellipsis != nil }) == 1 && beside.last?.ellipsis != nil)
        #expect(beside.count > 4 && beside.count <= 8, "four lines, beside the circle in two spans")
        #expect(try lines("| a |\n|---|\n| ^[\(words)](lineLimit: 1) |").map(\.fromEnd) == [nil, 0])
    }

    @Test func dashedUnderlinesContinueAcrossTheLayoutPiecesOfALongParagraph() throws {
        let words = String(repeating: "dashes run on ", count: LineItems.layoutPiece / 14 + 200)
        let document = try TestSupport.typeset("^[\(words)](underline: {pattern: 'dash'})")
        let segments = decorations(document)
        #expect(words.utf8.count > LineItems.layoutPiece, "the paragraph is laid out in pieces")
        expectContinuousPhases(segments)
    }

    /// A paragraph of many runs is laid out a few at a time (Pango's cost grows as the square of
    /// a layout's runs), with the lines one layout makes.
    @Test func paragraphsOfManyRunsAreLaidOutInPiecesWithTheSameLines() {
        let style = TestSupport.defaultTheme.body.text
        var tracked = style
        tracked.tracking = 1
        var string = ""
        var runs: [StyledRun] = []
        for index in 0..<(LineItems.layoutPieceRuns * 3) {
            let word = index % 7 == 0 ? "word\(index) " : "w "
            let start = string.utf8.count
            string += word
            runs.append(StyledRun(range: start..<string.utf8.count, style: index % 2 == 0 ? style : tracked, id: index))
        }
        let text = StyledText(string: string, runs: runs, base: style)
        #expect(string.utf8.count < LineItems.layoutPiece)
        let source = ParagraphSource(text: text, align: .justify, lineHeight: 1.2, column: Column(x: 72, width: 450), keepTogether: false)
        #expect(LineItems.pieceEnd(of: source, from: 0) == runs[LineItems.layoutPieceRuns].range.lowerBound, "pieces are cut by runs")
        let lines = LineItems(fonts: FontContext()).lines(of: source)
        let whole = TextLayout(text, width: 450, align: .justify, lineHeight: 1.2, context: FontContext())
        #expect(lines.map(\.byteStart) == whole.lines.map(\.byteRange.lowerBound))
    }

    @Test func dashedUnderlinesContinueTheirPatternAcrossLineBreaks() throws {
        let words = String(repeating: "dashes run on ", count: 20)
        let document = try TestSupport.typeset("Start ^[\(words)](underline: {pattern: 'dash', color: 'red'}) end")
        let segments = decorations(document)
        #expect(segments.count >= 3, "one segment per line")
        #expect(segments[0].phase == 0)
        for (previous, next) in zip(segments, segments.dropFirst()) {
            #expect(abs(next.phase - (previous.phase + previous.length)) < 0.001, "the dash phase carries over")
            #expect(next.start.y > previous.start.y, "each segment sits on the next line")
        }
        #expect(segments.allSatisfy { $0.pattern == .dash && $0.color == Color(parsing: "red") })
        // The first segment starts where the attributed text does, after "Start ".
        let lines = document.pages[0].items.compactMap { item -> TextLine? in
            if case let .text(line) = item, line.metrics.index == 0 { return line }
            return nil
        }
        #expect(segments[0].start.x > lines[0].origin.x + 20)
    }

    @Test func underlinesSitBelowTheBaselineAndStrikethroughsAbove() throws {
        let document = try TestSupport.typeset("^[under](underline: true) ^[struck](strikethrough: true) ~~gfm~~")
        let baseline = document.pages[0].items.compactMap { item -> Double? in
            if case let .text(line) = item { return line.origin.y }
            return nil
        }[0]
        let segments = decorations(document)
        #expect(segments.count == 3)
        #expect(segments[0].start.y > baseline && segments[0].start.y < baseline + 3)
        #expect(segments[1].start.y < baseline - 2 && segments[2].start.y == segments[1].start.y)
        #expect(segments.allSatisfy { $0.pattern == .solid && $0.thickness > 0.4 })
    }

    @Test func backgroundsOfAdjacentRunsMergeIntoOneBand() throws {
        let document = try TestSupport.typeset("x ^[**very** important](customColor: 'danger') y")
        let fills = document.pages[0].items.compactMap { item -> Rect? in
            if case let .fill(rect, color) = item, color == Color(parsing: "#d7263d") { return rect }
            return nil
        }
        #expect(fills.count == 1)
    }

    @Test func letterpressDrawsAnEmbossOverItsRunOnly() throws {
        let document = try TestSupport.typeset("plain ^[pressed](effect: 'letterpress') plain")
        let items = document.pages[0].items
        let emboss = items.firstIndex { if case .embossed = $0 { return true }; return false }
        let text = items.firstIndex { if case .text = $0 { return true }; return false }
        #expect(emboss != nil && text != nil && emboss! > text!, "the effect is drawn over the text")
        if case let .embossed(_, clip)? = emboss.map({ items[$0] }) {
            #expect(clip.count == 1 && clip[0].x > 72 + 20 && clip[0].width < 60)
        }
    }
}

@Suite(.fontWork) struct TallTableRowTests {
    @Test func aRowTallerThanAPageIsCutBetweenLinesAndLosesNoText() throws {
        let words = (0..<1500).map { "word\($0)" }
        let document = try TestSupport.typeset("| a | b |\n|---|---|\n| short | \(words.joined(separator: " ")) |\n| after | row |")
        #expect(document.pages.count >= 3)
        var found: [String] = []
        for page in document.pages {
            for item in page.items {
                // The footer sits in the margin on purpose.
                guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { continue }
                found += line.string.split(separator: " ").map(String.init)
                #expect(line.origin.y <= page.size.height - 72 + 1, "no line below the bottom margin")
            }
        }
        #expect(words.allSatisfy(Set(found).contains), "every word of the tall cell is drawn")
        #expect(found.contains("after"))
    }
}

/// Rendering and `--watch` find a note's images through this one resolver.
@Suite(.fontWork) struct ImagePathTests {
    @Test func resolvesRelativeAbsoluteEncodedAndFileURLSources() {
        let folder = URL(fileURLWithPath: "/notes", isDirectory: true)
        #expect(ImagePath.fileURL("pics/a b.png", relativeTo: folder)?.path == "/notes/pics/a b.png")
        #expect(ImagePath.fileURL("pics/a%20b.png", relativeTo: folder)?.path == "/notes/pics/a b.png")
        #expect(ImagePath.fileURL("file:///srv/a%20b.png", relativeTo: folder)?.path == "/srv/a b.png")
        #expect(ImagePath.fileURL("/srv/c.png", relativeTo: folder)?.path == "/srv/c.png")
        #expect(ImagePath.fileURL("50%.png", relativeTo: folder)?.path == "/notes/50%.png")
        #expect(ImagePath.fileURL("HTTPS://example.com/x.png", relativeTo: folder) == nil)
    }
}

@Suite(.fontWork) struct KeepTests {
    private func collected(_ markdown: String) throws -> [Slice] {
        let theme = TestSupport.defaultTheme
        var warnings: [Warning] = []
        let blocks = Styler(theme: theme).style(try TestSupport.parse(markdown).blocks, paragraph: theme.body.text, warnings: &warnings)
        var collector = Collector(styles: theme.layout, fonts: FontContext(), contentHeight: 700,
                                  resources: Resources(file: "test.md", folder: nil))
        collector.collect(blocks, column: Column(x: 72, width: 450))
        return collector.takeSlices().filter { $0.height > 0 }
    }

    @Test func longCodeBlocksAndParagraphsKeepOnlyTheirOwnEnds() throws {
        let lineCount = Collector.codeLinesPerLayout * 2 + 5
        let code = try collected("```\n" + (1...lineCount).map { "line \($0)" }.joined(separator: "\n") + "\n```")
        #expect(code.count == lineCount)
        #expect(code.indices.filter { code[$0].keepWithNext } == [0, lineCount - 2], "no keeps at the layout seams")
        let paragraph = try collected(String(repeating: "words of a long paragraph ", count: LineItems.layoutPiece / 26 + 100))
        #expect(paragraph.count > 100)
        #expect(paragraph.indices.filter { paragraph[$0].keepWithNext } == [0, paragraph.count - 2])
    }
}
