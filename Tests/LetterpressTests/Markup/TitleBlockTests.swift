import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup
@testable import LetterpressStyling

/// The title block a note's front matter, or pandoc's `%` lines, make at its top.
@Suite struct TitleBlockTests {
    private func dump(_ note: String) throws -> String {
        RunDump.blocks(try MarkdownParser.parse(note, file: "n.md").blocks).joined(separator: "\n")
    }

    private func titleParts(_ note: String) throws -> [TitlePart]? {
        guard case let .division(division)? = try MarkdownParser.parse(note, file: "n.md").blocks.first else { return nil }
        return division.titleParts
    }

    @Test func aSiteGeneratorsFrontMatterMakesOne() throws {
        let note = "---\nlayout: post\ntitle: Notes\nsubtitle: On things\nauthor: Ada\ndate: 2014-07-03 17:29:00 +0800\n---\nText."
        #expect(try titleParts(note) == [.title, .subtitle, .author, .date])
        #expect(try dump(note) == """
            Division none title block: title subtitle author date
              Paragraph
                [0..<5] "Notes"
              Paragraph
                [0..<9] "On things"
              Paragraph
                [0..<3] "Ada"
              Paragraph
                [0..<12] "July 3, 2014"
            Paragraph
              [0..<5] "Text."
            """)
    }

    @Test func aNamedDialectShowsItAndGitHubNever() throws {
        let body = "title: Notes\nauthor: Ada\n---\nText."
        #expect(try titleParts("---\n" + body) == nil, "a GitHub note's front matter is metadata")
        #expect(try titleParts("---\nmarkup: pandoc\n" + body) == [.title, .author])
        #expect(try titleParts("---\nmarkup: gfm\nlayout: post\n" + body) == nil)
        #expect(try titleParts("---\nlayout: post\nauthor: Ada\n---\nNo title.") == nil, "no title, no block")
    }

    @Test func aNoteThatStartsWithItsOwnTitleHasNone() throws {
        #expect(try titleParts("---\nlayout: post\ntitle: Notes\n---\n# Notes\n\nText.") == nil)
        #expect(try titleParts("---\nlayout: post\ntitle: Notes\n---\n## Part one\n\nText.") == [.title])
    }

    @Test func pandocsPercentLines() throws {
        let note = "% The title\n% Ada Lovelace\n% 2024-03-14\n\nSee [x](#nowhere)."
        let document = try MarkdownParser.parse(note, file: "n.md")
        #expect(try titleParts(note) == [.title, .author, .date])
        #expect(try dump(note).contains("\"March 14, 2024\""))
        #expect(!(try dump(note).contains("%")))
        #expect(document.warnings.map(\.description) == ["n.md:5:5: warning: link '#nowhere': no heading or anchor is named 'nowhere'; its text is shown as plain text"])
        #expect(try titleParts("---\nmarkup: gfm\n---\n% Not a title\n\nText.") == nil)
        #expect(try dump("100% sure\n").hasPrefix("Paragraph"))
    }

    @Test func aThemeTurnsItOffOrOn() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "extends: default\ntitleBlock: false\n".write(to: folder.appendingPathComponent("off.yaml"), atomically: true, encoding: .utf8)
        try "extends: default\ntitleBlock: {title: {size: 30, align: center}}\n".write(to: folder.appendingPathComponent("big.yaml"),
                                                                                      atomically: true, encoding: .utf8)
        let loader = ThemeLoader(searchPaths: [folder])
        #expect(try loader.load("off").titleBlock.enabled == false)
        let big = try loader.load("big").titleBlock
        #expect(big.enabled == nil && big.title.text.size == 30 && big.title.align == .center)
        #expect(try ThemeLoader().load("default").titleBlock.title.text.size == TestSupport.defaultTheme.heading(1).text.size)
    }
}
