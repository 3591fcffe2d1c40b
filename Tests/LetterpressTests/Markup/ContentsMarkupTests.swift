import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The table of contents as Markup makes it: where `toc:` and `[TOC]` put it, what it lists,
/// `{.unlisted}`, and `{page:#anchor}` before and after a layout has found the pages.
@Suite struct ContentsMarkupTests {
    private func dump(_ markdown: String, pageNumbers: PageNumbers? = nil) throws -> [String] {
        let (frontMatter, body) = try FrontMatterReader.split(markdown, file: "test.md")
        let document = MarkdownParser.parseBody(body, file: "test.md", contents: frontMatter.toc, pageNumbers: pageNumbers)
        return RunDump.blocks(document.blocks)
    }

    private static let sections = """
        # Title

        Intro.

        ## One

        ### One point one

        #### Deep

        ## Two {.unlisted}

        ## Three
        """

    @Test func tocTrueListsTheHeadingsAfterTheTitleAndLeavesTheTitleOut() throws {
        let lines = try dump("---\ntoc: true\n---\n" + Self.sections)
        #expect(Array(lines.prefix(6)) == [
            "Heading 1", "  [0..<5] \"Title\" anchor=title",
            "Contents \"Contents\"",
            "  Entry \"One\" #one page ?",
            "  Entry   \"One point one\" #one-point-one page ?",
            "  Entry \"Three\" #three page ?",
        ])
    }

    @Test func unlistedIsTakenOffTheHeadingAndItsAnchor() throws {
        let lines = try dump("---\ntoc: true\n---\n" + Self.sections)
        #expect(lines.contains("  [0..<3] \"Two\" anchor=two"))
        #expect(!lines.contains { $0.contains("unlisted") })
    }

    /// A page reference in a heading is shown in the heading, but its anchor and contents
    /// entry are the heading's words: they held the reference's index (`intro-0`), which moved
    /// with every reference before it.
    @Test func aPageReferenceInAHeadingStaysOutOfItsAnchorAndEntry() throws {
        let lines = try dump("---\ntoc: true\n---\nSee {page:#method}.\n\n## Intro {page:#method}\n\n## Method\n")
        #expect(lines.contains("  Entry \"Intro\" #intro page ?"), "\(lines)")
        #expect(lines.contains { $0.contains("anchor=intro") && !$0.contains("anchor=intro-") }, "\(lines)")
    }

    /// An image's alt text holds no page reference's marks, which no font draws.
    @Test func aPageReferenceInAltTextIsLeftOut() throws {
        let lines = try dump("# Method\n\n![a plan {page:#method}](nope.png)\n")
        #expect(lines.contains { $0.hasPrefix("Image nope.png alt=\"a plan\"") }, "\(lines)")
        #expect(!lines.joined().unicodeScalars.contains(PageReference.openMark))
    }

    @Test func depthAndTitleComeFromTheFrontMatter() throws {
        let lines = try dump("---\ntoc: {depth: 4, title: ''}\n---\n" + Self.sections)
        #expect(lines[2] == "Contents")
        #expect(lines.contains("  Entry     \"Deep\" #deep page ?"))
        let shallow = try dump("---\ntoc: {depth: 2, title: Inhalt}\n---\n" + Self.sections)
        #expect(shallow[2] == "Contents \"Inhalt\"")
        #expect(!shallow.contains { $0.contains("One point one\" #") })
    }

    @Test func aNoteWithoutATitleHeadingHasItsContentsFirst() throws {
        let lines = try dump("---\ntoc: true\n---\nIntro.\n\n# A\n\n# B\n")
        #expect(lines[0] == "Contents \"Contents\"")
        #expect(lines[1] == "  Entry \"A\" #a page ?")
        #expect(lines[2] == "  Entry \"B\" #b page ?", "several first-level headings: none is the title")
    }

    @Test(arguments: ["[TOC]", "[[_TOC_]]", "  [toc]  "])
    func aContentsLinePutsTheContentsThere(_ marker: String) throws {
        let lines = try dump("# Title\n\nIntro.\n\n\(marker)\n\n## One\n")
        #expect(lines[2] == "Paragraph" && lines[4] == "Contents \"Contents\"")
        #expect(lines[5] == "  Entry \"One\" #one page ?")
    }

    @Test func onlyTheFirstContentsLineListsTheContents() throws {
        let markdown = "## One\n\n" + String(repeating: "[TOC]\n\n", count: 5_000)
        let document = try TestSupport.parse(markdown)
        #expect(document.blocks.filter { if case .contents = $0 { true } else { false } }.count == 1)
        #expect(document.blocks.count == 2)
        #expect(document.warnings.map(\.description) == [
            "test.md:5:1: warning: only the first [TOC] line lists the contents; this one and any after it are left out",
        ])
    }

    @Test func contentsStayWhenTheNoteStartsWithAnHTMLElementLeftOpen() throws {
        let top = try dump("---\ntoc: true\n---\n<div align=\"center\">\n\nLogo\n\n</div>\n\n## One\n")
        #expect(top.first == "Contents \"Contents\"")
        let inside = try dump("<div align=\"center\">\n\n[TOC]\n\n</div>\n\n## One\n")
        #expect(inside.first == "Division center" && inside[1] == "  Contents \"Contents\"")
    }

    @Test func aContentsLineInsideAQuoteListOrTableIsText() throws {
        let lines = try dump("> [TOC]\n\n- [TOC]\n\n| a |\n|---|\n| [TOC] |\n\n## One\n")
        #expect(!lines.contains { $0.hasPrefix("Contents") })
        #expect(lines.filter { $0.contains("[TOC]") }.count == 3)
    }

    @Test func headingsOfOnlyMarkupOrInsideQuotesAreNotListed() throws {
        let lines = try dump("---\ntoc: true\n---\n## ![](x.png)\n\n## <img src=x.png>\n\n> ## Quoted\n\n## **Bold** `code`[^1]\n\n## مرحبا\n\n[^1]: A note.\n")
        #expect(lines.filter { $0.contains("Entry") } == [
            "  Entry \"Bold code\" #bold-code1 page ?",
            "  Entry \"مرحبا\" #مرحبا page ?",
        ])
    }

    @Test func pageNumbersAreInTheContentsOnceKnown() throws {
        let lines = try dump("---\ntoc: true\n---\n" + Self.sections, pageNumbers: PageNumbers(["one": 2, "three": 4]))
        #expect(lines[3] == "  Entry \"One\" #one page 2")
        #expect(lines[4] == "  Entry   \"One point one\" #one-point-one page ?", "an anchor no layout found")
        #expect(lines[5] == "  Entry \"Three\" #three page 4")
    }

    @Test func pageReferencesPrintThePageAndLinkToTheAnchor() throws {
        let markdown = "See page {page:#two}, {page:#top} and `{page:#two}`.\n\n## Two\n"
        #expect(try dump(markdown).prefix(4) == [
            "Paragraph", "  [0..<9] \"See page \"", "  [9..<11] \"00\" link=#two", "  [11..<13] \", \"",
        ], "before a layout: a placeholder as wide as two digits")
        let laidOut = try dump(markdown, pageNumbers: PageNumbers(["two": 12]))
        #expect(laidOut[2] == "  [9..<11] \"12\" link=#two")
        #expect(laidOut[4] == "  [13..<14] \"1\" link=#", "the top of the document is page 1")
        #expect(laidOut.contains { $0.contains("\"{page:#two}\" code") }, "a code span keeps it as written")
    }

    @Test func aReferenceToNoAnchorWarnsWhereItIsWritten() throws {
        let document = try TestSupport.parse("## Results\n\nSee page {page:#result}.\n")
        #expect(document.warnings.map(\.description) == [
            "test.md:3:10: warning: {page:#result}: no heading or anchor is named 'result' (did you mean 'results'?); '??' is shown",
        ])
        #expect(RunDump.blocks(document.blocks).contains("  [0..<12] \"See page ??.\""))
    }

    @Test func tocFalseAndBadDepths() throws {
        #expect(try FrontMatterReader.split("---\ntoc: false\n---\nx", file: "t.md").0.toc == nil)
        #expect(try FrontMatterReader.split("---\ntoc: true\n---\nx", file: "t.md").0.toc == ContentsSetting())
        #expect(throws: LetterpressError.self) { try FrontMatterReader.split("---\ntoc: {depth: 9}\n---\nx", file: "t.md") }
        // A key toc: does not take fails the note at the key, rather than passing over a typo.
        #expect {
            try FrontMatterReader.split("---\ntitle: T\ntoc: {deep: 2}\n---\nx", file: "t.md")
        } throws: { error in
            guard case let .invalidFrontMatter(_, location, message) = error as? LetterpressError else { return false }
            return location?.line == 3 && message.contains("'deep' is not a contents setting")
        }
    }

    @Test func theContentsRoundTripThroughTheArchive() throws {
        let (frontMatter, body) = try FrontMatterReader.split("---\ntoc: true\n---\n" + Self.sections, file: "test.md")
        let document = MarkdownParser.parseBody(body, file: "test.md", contents: frontMatter.toc, pageNumbers: PageNumbers(["one": 3]))
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.document.blocks == document.blocks)
    }
}
