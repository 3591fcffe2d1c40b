import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Raw HTML in Markdown is read with libxml2's parser and shown with the meaning GitHub gives
/// it: tags and comments never reach the page, text is never lost.
@Suite struct HTMLTests {
    private func dump(_ markdown: String) throws -> String {
        RunDump.blocks(try TestSupport.parse(markdown).blocks).joined(separator: "\n")
    }

    @Test func commentsAreNeverShownAndAPageBreakCommentStillBreaks() throws {
        #expect(try dump("<!-- a comment\nover lines -->\n\n\"Data Types\"<!-- ignore --> mid-sentence\n\n<!-- pagebreak -->\n\nafter") == """
            Paragraph
              [0..<25] "\\"Data Types\\" mid-sentence"
            PageBreak
            Paragraph
              [0..<5] "after"
            """)
    }

    @Test func textLevelElementsInAParagraphFormatTheMarkdownBetweenThem() throws {
        #expect(try dump("x<sup>2</sup> H<sub>2</sub>O <kbd>Ctrl</kbd> <mark>m</mark> <ins>i</ins> <del>d</del> <small>s</small> a<br>b <b>x</b> <b>*y*</b>") == """
            Paragraph
              [0..<1] "x"
              [1..<2] "2" superscript
              [2..<4] " H"
              [4..<5] "2" subscript
              [5..<7] "O "
              [7..<11] "Ctrl" keyboard
              [11..<12] " "
              [12..<13] "m" marked
              [13..<14] " "
              [14..<15] "i" underlined
              [15..<16] " "
              [16..<17] "d" strikethrough
              [17..<18] " "
              [18..<19] "s" small
              [19..<24] " a\\nb "
              [24..<25] "x" strong
              [25..<26] " "
              [26..<27] "y" emphasized strong
            """)
    }

    @Test func anElementLeftOpenEndsWithItsParagraph() throws {
        #expect(try dump("<b>bold\n\nplain, and a stray </i> end tag") == """
            Paragraph
              [0..<4] "bold" strong
            Paragraph
              [0..<27] "plain, and a stray  end tag"
            """)
    }

    @Test func linksAndColoursFromInlineHTML() throws {
        let document = try TestSupport.parse("<a href=\"https://example.com\">site</a> and <font color=\"red\">red</font>")
        guard case let .paragraph(text) = document.blocks.first else { Issue.record("no paragraph"); return }
        let runs = Array(text.runs)
        #expect(runs.first?[LetterpressAttributes.LinkAttribute.self] == "https://example.com")
        #expect(runs.last?[LetterpressAttributes.InlineAttributesAttribute.self]?.foregroundColor == Color(parsing: "red"))
    }

    @Test func inlineHTMLWorksInTableCells() throws {
        #expect(try dump("| a | b |\n|---|---|\n| x<br>y | 10<sup>3</sup> |") == """
            Table none,none
              Header "a" | "b"
              Row "x\u{2028}y" | "103"
            """)
    }

    @Test func aCentredHeadingWithALogoHasTheLogoInItsFirstLine() throws {
        #expect(try dump("<h1 align=\"center\">\n  <img src=\"logo.png\" width=\"200\" alt=\"Logo\"><br>\n  Project\n</h1>") == """
            Division center
              Heading 1
                [0..<1] "\\u{FFFC}" image=logo.png
                [1..<9] "\\nProject"
            """)
        let document = try TestSupport.parse("<p align=\"center\"><a href=\"https://ci\"><img src=\"b.svg\" width=\"80\" height=\"20\" alt=\"ci\"></a></p>")
        guard case let .division(division) = document.blocks.first, case let .image(image) = division.blocks.first else {
            Issue.record("no centred image"); return
        }
        #expect(image.link == "https://ci" && image.width == .points(60) && image.height == 15)
    }

    @Test func markdownInsideDetailsAndDivsStaysInside() throws {
        let markdown = """
            <details>
            <summary>More</summary>

            Hidden **text**.

            </details>

            <div align="right">

            Right *aligned*.

            </div>

            Outside.
            """
        #expect(try dump(markdown) == """
            Paragraph
              [0..<6] "▾\u{00A0}More" strong
            Division none indented
              Paragraph
                [0..<7] "Hidden "
                [7..<11] "text" strong
                [11..<12] "."
            Division right
              Paragraph
                [0..<6] "Right "
                [6..<13] "aligned" emphasized
                [13..<14] "."
            Paragraph
              [0..<8] "Outside."
            """)
    }

    /// `dir` on a block, a list, a table or a quote; `auto` and unknown values leave the
    /// direction to the text, and `align` on a list is not the list's.
    @Test func dirGivesADivisionItsDirection() throws {
        #expect(try dump("""
            <div dir="RTL" align="center">

            نص

            </div>
            <p dir="ltr">نص</p>
            <p dir="auto">auto</p>
            <ul dir="rtl" align="center"><li>one</li></ul>
            <blockquote dir="sideways">quote</blockquote>
            """) == """
            Division center rtl
              Paragraph
                [0..<2] "نص"
            Division none ltr
              Paragraph
                [0..<2] "نص"
            Paragraph
              [0..<4] "auto"
            Division none rtl
              BulletList tight
                Item
                  Paragraph
                    [0..<3] "one"
            BlockQuote
              Paragraph
                [0..<5] "quote"
            """)
    }

    @Test func anUnclosedParagraphEndsAtTheNextMarkdownBlockButAnUnclosedDivHoldsTheRest() throws {
        #expect(try dump("<p align=\"center\">centred\n\nnot centred") == """
            Division center
              Paragraph
                [0..<7] "centred"
            Paragraph
              [0..<11] "not centred"
            """)
        #expect(try dump("<div align=\"center\">\n\ninside\n\n# also inside") == """
            Division center
              Paragraph
                [0..<6] "inside"
              Heading 1
                [0..<11] "also inside" anchor=also-inside
            """)
    }

    @Test func scriptsStylesAndUnknownTags() throws {
        #expect(try dump("<script>alert(1)</script>\n\n<style>p { color: red }</style>\n\n<custom-tag>kept <span class=\"caption\">text</span></custom-tag>") == """
            Paragraph
              [0..<9] "kept text"
            """)
    }

    @Test func tablesWithHeadersSpansAndAlignment() throws {
        let markdown = """
            <table>
              <tr><th>Name</th><th align="right">Value</th><th>Notes</th></tr>
              <tr><td>a</td><td>1</td><td>x<br>y</td></tr>
              <tr><td colspan="2">both</td><td>z</td></tr>
              <tr><td rowspan="2">tall</td><td>2</td><td>w</td></tr>
              <tr><td>3</td><td>v</td></tr>
            </table>
            """
        #expect(try dump(markdown) == """
            Table none,right,none
              Header "Name" | "Value" | "Notes"
              Row "a" | "1" | "x\u{2028}y"
              Row "both" | "" | "z"
              Row "tall" | "2" | "w"
              Row "" | "3" | "v"
            """)
        let document = try TestSupport.parse(markdown)
        guard case let .table(table) = document.blocks.first else { Issue.record("no table"); return }
        #expect(table.spans == [[1, 1, 1], [1, 1, 1], [2, 0, 1], [1, 1, 1], [1, 1, 1]])
        #expect(try JSONDecoder().decode(Block.self, from: JSONEncoder().encode(document.blocks[0])) == document.blocks[0])
        #expect(try dump("<table><tr><td>no</td><td>header</td></tr></table>") == """
            Table none,none
              Header 
              Row "no" | "header"
            """)
    }

    @Test func listsDefinitionsQuotesAndPreformattedText() throws {
        #expect(try dump("<ol start=\"3\"><li>three</li><li><code>four</code></li></ol>\n\n<dl><dt>Term</dt><dd>Meaning</dd></dl>\n\n<blockquote>quoted</blockquote>\n\n<pre>\n  two  spaces\n</pre>") == """
            OrderedList start=3 tight
              Item
                Paragraph
                  [0..<5] "three"
              Item
                Paragraph
                  [0..<4] "four" code
            Paragraph
              [0..<4] "Term" strong
            Division none indented
              Paragraph
                [0..<7] "Meaning"
            BlockQuote
              Paragraph
                [0..<6] "quoted"
            Code "  two  spaces"
            """)
    }

    @Test func aFigureCaptionIsItsImagesCaptionAndQuotesAreQuoted() throws {
        let document = try TestSupport.parse("<figure>\n<img src=\"f.png\">\n<figcaption>Fig. 2: <i>the\n caption</i></figcaption>\n</figure>\n\nHe said <q>hi</q>, <p><q>there</q></p>")
        guard case let .image(image) = document.blocks.first else { Issue.record("no image"); return }
        #expect(image.title == "Fig. 2: the caption")
        #expect(RunDump.blocks(Array(document.blocks.dropFirst())).filter { !$0.hasPrefix("Paragraph") } == ["  [0..<21] \"He said “hi”, “there”\""])
    }

    @Test func aPictureShowsItsImageAndAnImageCanFloat() throws {
        #expect(try dump("<picture><source srcset=\"a.webp\"><img src=\"a.png\" alt=\"A\"></picture>") == """
            Image a.png alt="A" @1:1
            """)
        let document = try TestSupport.parse("<img src=\"f.png\" align=\"right\" style=\"width: 50%\">")
        guard case let .image(image) = document.blocks.first else { Issue.record("no image"); return }
        #expect(image.float == .right && image.width == .fraction(0.5))
    }

    @Test func malformedHTMLKeepsItsTextAndDeepHTMLIsBounded() throws {
        // A stray </p> is an empty paragraph, as in a browser.
        #expect(try dump("<div><b>unclosed <i>tags</b> end</p></div> &amp; &copy;&nbsp;x <3 a < b") == """
            Paragraph
              [0..<9] "unclosed " strong
              [9..<13] "tags" emphasized strong
              [13..<17] " end"
            Paragraph
              [0..<14] "& ©\u{00A0}x <3 a < b"
            """)
        let nested = String(repeating: "<div>", count: 200) + "deep text" + String(repeating: "</div>", count: 200)
        let document = try TestSupport.parse(nested)
        #expect(RunDump.blocks(document.blocks) == ["Paragraph", "  [0..<9] \"deep text\""])
        #expect(document.warnings.map(\.message) == ["HTML elements nested deeper than 64 levels keep their text in the element around them"])
        // Deeper than libxml2 is let go, the rest is text as written, read in linear time.
        let deep = String(repeating: "<div>", count: 5_000) + "deep text" + String(repeating: "</span>", count: 5_000)
        let deepDocument = try TestSupport.parse(deep)
        #expect(RunDump.blocks(deepDocument.blocks).joined().contains("deep text</span>"))
        #expect(deepDocument.warnings.map(\.message).contains("HTML nested deeper than 256 elements: the rest of it is shown as written"))
    }

    @Test func divisionsAndTheNewIntentsRoundTripThroughTheArchive() throws {
        let document = try TestSupport.parse("<div align=\"center\">\n\n<kbd>K</kbd> <mark>m</mark> <sub>s</sub>\n\n</div>\n\n<dl><dd>x</dd></dl>")
        let read = try JSONDecoder().decode([Block].self, from: try JSONEncoder().encode(document.blocks))
        #expect(read == document.blocks)
        #expect(RunDump.blocks(read).contains { $0.contains("keyboard") })
    }

    // MARK: Laid out

    @Test func aDivisionAlignsItsParagraphsAndImages() throws {
        let page = try #require(try TestSupport.typeset("<div align=\"right\">\n\nshort\n\n</div>\n\nshort").pages.first)
        let lines = page.items.compactMap { item -> TextLine? in
            if case let .text(line) = item, line.string == "short" { return line }
            return nil
        }
        #expect(lines.count == 2)
        #expect(lines[0].origin.x > lines[1].origin.x + 300, "the first is set against the right margin")
    }

    @Test func aCellSpanningColumnsIsOneCellWithoutARuleInside() throws {
        func verticalRules(_ markdown: String) throws -> Int {
            let page = try #require(try TestSupport.typeset(markdown).pages.first)
            return page.items.filter { if case let .line(from, to, _, _) = $0 { return from.x == to.x } else { return false } }.count
        }
        let spanning = try verticalRules("<table><tr><th>a</th><th>b</th></tr><tr><td colspan=\"2\">a cell as wide as the two columns</td></tr></table>")
        let plain = try verticalRules("<table><tr><th>a</th><th>b</th></tr><tr><td>a cell</td><td>another</td></tr></table>")
        #expect(plain == 6 && spanning == 5, "three rules a row, two for the spanning one")
    }

    @Test func aLinkedImageIsClickableAndATableWithoutHeaderHasNoHeaderRow() throws {
        let page = try #require(try TestSupport.typeset("<a href=\"https://example.com\"><img src=\"two-tone.png\" width=\"40\"></a>").pages.first)
        let image = page.items.compactMap { item -> Rect? in if case let .image(_, rect) = item { return rect } else { return nil } }
        let links = page.items.compactMap { item -> [Rect]? in if case let .link(url, rects) = item, url == .uri("https://example.com") { return rects } else { return nil } }
        #expect(image.count == 1 && links == [image])
        let table = try #require(try TestSupport.typeset("<table><tr><td>a</td></tr><tr><td>b</td></tr></table>").pages.first)
        func fills(_ page: Page) -> Int { page.items.filter { if case .fill = $0 { return true } else { return false } }.count }
        let markdownTable = try #require(try TestSupport.typeset("| a |\n|---|\n| b |").pages.first)
        #expect(fills(table) == 0 && fills(markdownTable) == 1, "no header row, so no header background")
    }
}

/// Images set in the line: a badge row stays one row, an icon in text takes the text's height,
/// a linked one is clickable, one in a table cell is drawn there.
@Suite struct ImagesInTheLineTests {
    private func images(_ page: Page) -> [Rect] {
        page.items.compactMap { item -> Rect? in if case let .image(_, rect) = item { return rect } else { return nil } }
    }

    @Test func aBadgeRowStaysOneRow() throws {
        let page = try #require(try TestSupport.typeset("![a](two-tone.png) [![b](two-tone.png)](https://b.example) <img src=\"two-tone.png\">").pages.first)
        let rects = images(page)
        #expect(rects.count == 3)
        #expect(Set(rects.map(\.maxY)).count == 1, "on one baseline")
        #expect(rects[0].maxX < rects[1].x && rects[1].maxX < rects[2].x)
        let links = page.items.compactMap { item -> [Rect]? in if case let .link(url, rects) = item, url == .uri("https://b.example") { return rects } else { return nil } }
        #expect(links.count == 1 && abs(links[0][0].x - rects[1].x) < 0.5)
    }

    @Test func anIconInTextTakesTheTextsHeightAndAMissingOneIsItsAltText() throws {
        let typeset = try TestSupport.typeset("Press <img src=\"two-tone.png\" height=\"40\"> or ![icon](icon-32.png) or ![gone](nowhere.png) now.")
        let page = try #require(typeset.pages.first)
        let rects = images(page)
        #expect(rects.count == 2)
        #expect(abs(rects[0].height - 30) < 0.01, "asked for 40 CSS pixels")
        #expect(rects[1].height <= TestSupport.defaultTheme.body.text.size * 1.2 + 0.01)
        let text = page.items.compactMap { item -> String? in if case let .text(line) = item { return line.string } else { return nil } }.joined()
        #expect(text.contains("or gone now."))
        #expect(typeset.warnings.map(\.description) == ["test.md:1:71: warning: image 'nowhere.png' not found; its alt text is shown"])
    }

    @Test func imagesInTableCellsAreDrawnInTheirCells() throws {
        let page = try #require(try TestSupport.typeset("| logo | name |\n|---|---|\n| ![l](two-tone.png) | two |\n\n<table><tr><td><img src=\"two-tone.png\" width=\"20\"></td></tr></table>").pages.first)
        let rects = images(page)
        #expect(rects.count == 2)
        #expect(abs(rects[1].width - 15) < 0.01)
    }
}

/// `<a name>` and `id` are anchors that links inside the document go to, as on GitHub.
@Suite struct HTMLAnchorTests {
    @Test func namedAndIdentifiedPlacesAreDestinationsLinksReach() throws {
        let markdown = """
            [a](#install) [b](#usage-notes) [c](#legacy) [d](#mid)

            <a name="install"></a>

            ## Install

            <h2 id="usage-notes">Usage</h2>

            Text with <a id="mid"></a>an inline anchor.

            <div id="legacy">

            Legacy section.

            </div>
            """
        let document = try TestSupport.parse(markdown)
        #expect(document.warnings.isEmpty, "every link finds its anchor: \(document.warnings)")
        let dump = RunDump.blocks(document.blocks)
        for anchor in ["install", "usage-notes", "mid", "legacy"] {
            #expect(dump.contains { $0.contains("anchor=\(anchor)") }, "\(anchor)")
        }
        let page = try #require(try TestSupport.typeset(markdown).pages.first)
        let names = page.items.compactMap { item -> String? in if case let .destination(name, _) = item { return name } else { return nil } }
        #expect(Set(["install", "usage-notes", "mid", "legacy"]).isSubset(of: Set(names)))
    }

    @Test func anchorsInTableCellsListsAndQuotesAreReached() throws {
        let markdown = """
            [a](#cell) [b](#item) [c](#quoted) [d](#header)

            | <a name="header"></a>Field | Type |
            |---|---|
            | <a name="cell"></a>name | `string` |

            - <a name="item"></a>an item

            > <a id="quoted">quoted</a>
            """
        let document = try TestSupport.parse(markdown)
        #expect(document.warnings.isEmpty, "every link finds its anchor: \(document.warnings)")
        guard case let .paragraph(text) = document.blocks[0] else { Issue.record("no paragraph"); return }
        #expect(text.runs.compactMap { $0[LetterpressAttributes.LinkAttribute.self] } == ["#cell", "#item", "#quoted", "#header"])
        let page = try #require(try TestSupport.typeset(markdown).pages.first)
        let names = page.items.compactMap { item -> String? in if case let .destination(name, _) = item { return name } else { return nil } }
        #expect(Set(["cell", "item", "quoted", "header"]).isSubset(of: Set(names)))
    }

    @Test func aLinkToAnAnchorNoHTMLNamesStillWarns() throws {
        let document = try TestSupport.parse("[x](#nowhere)\n\n<a name=\"somewhere\"></a>")
        #expect(document.warnings.count == 1 && document.warnings[0].message.contains("nowhere"))
    }
}

/// An image alone that does not fit what is left of a page shrinks to fit, down to half its
/// height, rather than leave the page's end blank.
@Suite struct ImageShrinkTests {
    private func imageRects(_ markdown: String) throws -> [(page: Int, rect: Rect)] {
        let pages = try TestSupport.typeset(markdown, geometry: PageGeometry(size: PageSize(width: 400, height: 400),
                                                                             margins: Margins(top: 40, right: 40, bottom: 40, left: 40))).pages
        return pages.enumerated().flatMap { number, page in
            page.items.compactMap { item -> (Int, Rect)? in if case let .image(_, rect) = item { return (number, rect) } else { return nil } }
        }
    }

    @Test func anImageShrinksToEndThePageWithinHalfItsHeight() throws {
        let text = Array(repeating: "A line of text.", count: 6).joined(separator: "\n\n")
        // 320 × 160 points asked; some 220 left on the page: it shrinks.
        let shrunk = try imageRects(text + "\n\n<img src=\"two-tone.png\" width=\"426\">")
        #expect(shrunk.count == 1 && shrunk[0].page == 0)
        #expect(shrunk[0].rect.height < 160 && shrunk[0].rect.height >= 80)
        #expect(abs(shrunk[0].rect.width / shrunk[0].rect.height - 2) < 0.01, "keeps its proportions")
        // However much text comes first, the image keeps at least half its height: where less is
        // left, it goes to the next page; both happen.
        var pages: Set<Int> = []
        for count in 6...22 {
            let rects = try imageRects(Array(repeating: "A line of text.", count: count).joined(separator: "\n\n") + "\n\n<img src=\"two-tone.png\" width=\"426\">")
            let image = try #require(rects.first)
            #expect(rects.count == 1)
            if image.rect.height < 159.99 {
                #expect(image.rect.height >= 80 - 0.01, "\(count) lines: \(image)")
            } else {
                #expect(abs(image.rect.height - 160) < 0.01)
            }
            pages.insert(image.page)
        }
        #expect(pages.contains(0) && pages.contains(1))
    }

    @Test func withoutLibxml2HTMLIsShownAsWrittenAndSaysWhy() {
        let parser = HTMLParser(library: .failure(XMLLibrary.Unavailable(reason: "libxml2 cannot be loaded (test; install libxml2)")))
        #expect(parser.unavailable == "libxml2 cannot be loaded (test; install libxml2)")
        #expect(parser.feed("<div align=\"center\"><b>Bold</b></div>") == [.text("<div align=\"center\"><b>Bold</b></div>")])
        #expect(parser.feed("<br>") == [.text("<br>")])
        #expect(parser.finish().isEmpty)
    }

    @Test func libxml2OpensOnceAndReadsHTML() throws {
        let library = try XMLLibrary.shared.get()
        let parser = HTMLParser(library: .success(library))
        #expect(parser.unavailable == nil)
        #expect(parser.feed("<b>Bold</b>") == [.start(name: "b", attributes: [:], line: 1), .text("Bold"), .end(name: "b")])
    }
}
