import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite struct MarkdownParserTests {
    private func dump(_ markdown: String) throws -> String {
        RunDump.blocks(try TestSupport.parse(markdown).blocks).joined(separator: "\n")
    }

    @Test func inlineIntentsBecomeRuns() throws {
        #expect(try dump("Plain *em* **strong** `code` ~~gone~~ [link](https://example.com) end") == """
            Paragraph
              [0..<6] "Plain "
              [6..<8] "em" emphasized
              [8..<9] " "
              [9..<15] "strong" strong
              [15..<16] " "
              [16..<20] "code" code
              [20..<21] " "
              [21..<25] "gone" strikethrough
              [25..<26] " "
              [26..<30] "link" link=https://example.com
              [30..<34] " end"
            """)
    }

    @Test func nestedEmphasisAndBreaks() throws {
        #expect(try dump("***both*** and *a **b** c*  \nnext\nsoft") == """
            Paragraph
              [0..<4] "both" emphasized strong
              [4..<9] " and "
              [9..<11] "a " emphasized
              [11..<12] "b" emphasized strong
              [12..<14] " c" emphasized
              [14..<24] "\\nnext soft"
            """)
    }

    @Test func headingsListsAndQuotes() throws {
        let markdown = """
            # Title
            ###### Six

            3. three
            4. four
               - nested

            - [x] done
            - [ ] open

            > quote
            > > inner
            """
        #expect(try dump(markdown) == """
            Heading 1
              [0..<5] "Title" anchor=title
            Heading 6
              [0..<3] "Six" anchor=six
            OrderedList start=3 tight
              Item
                Paragraph
                  [0..<5] "three"
              Item
                Paragraph
                  [0..<4] "four"
                BulletList tight
                  Item
                    Paragraph
                      [0..<6] "nested"
            BulletList tight
              Item [x]
                Paragraph
                  [0..<4] "done"
              Item [ ]
                Paragraph
                  [0..<4] "open"
            BlockQuote
              Paragraph
                [0..<5] "quote"
              BlockQuote
                Paragraph
                  [0..<5] "inner"
            """)
    }

    @Test func codeRulesTablesAndPageBreaks() throws {
        let markdown = """
            ```swift
            let x = 1
            ```

                indented

            ***

            | Left | Centre | Right |
            |:-----|:------:|------:|
            | a    | **b**  | `c`   |

            \\pagebreak

            <!-- pagebreak -->
            """
        #expect(try dump(markdown) == """
            Code swift "let x = 1"
            Code "indented"
            ThematicBreak
            Table left,center,right
              Header "Left" | "Centre" | "Right"
              Row "a" | "b" | "c"
            PageBreak
            PageBreak
            """)
    }

    @Test func anImageAloneIsABlockAndAmongTextSitsInTheLine() throws {
        #expect(try dump("Before ![a *cat*](cat.png \"Cat\") after") == """
            Paragraph
              [0..<7] "Before "
              [7..<8] "\\u{FFFC}" image=cat.png
              [8..<14] " after"
            """)
        #expect(try dump("![a *cat*](cat.png \"Cat\")") == """
            Image cat.png alt="a cat" @1:1
            """)
        #expect(try dump("![a](a.png) ![b](b.png)\n![c](c.png)") == """
            Paragraph
              [0..<1] "\\u{FFFC}" image=a.png
              [1..<2] " "
              [2..<3] "\\u{FFFC}" image=b.png
              [3..<4] " "
              [4..<5] "\\u{FFFC}" image=c.png
            """)
        #expect(try dump("Text ![f](f.png \"float: right\") more") == """
            Paragraph
              [0..<4] "Text"
            Image f.png alt="f" @1:6
            Paragraph
              [0..<4] "more"
            """)
    }

    @Test func aLinkedImageCarriesItsLinkAndRemoteImagesAreTheirAltText() throws {
        let document = try TestSupport.parse("[![ci](ci.png)](https://ci.example)\n\nSee ![remote](https://x.io/a.svg) and [![r2](http://x.io/b.png)](https://x.io).")
        guard case let .image(image) = document.blocks.first else { Issue.record("no image"); return }
        #expect(image.link == "https://ci.example")
        #expect(RunDump.blocks(Array(document.blocks.dropFirst())) == [
            "Paragraph", "  [0..<15] \"See remote and \"", "  [15..<17] \"r2\" link=https://x.io", "  [17..<18] \".\"",
        ])
        #expect(document.warnings.map(\.description) == ["test.md:3:5: warning: 2 remote images shown as their alt text (render never reads the network)"])
    }

    @Test func htmlIsReadNotPrintedAndEntitiesAreDecoded() throws {
        #expect(try dump("<div>\nhi\n</div>\n\nA &amp; B &copy; <span>x</span>") == """
            Paragraph
              [0..<2] "hi"
            Paragraph
              [0..<9] "A & B © x"
            """)
    }

    @Test func footnotesAreNumberedByFirstReference() throws {
        let document = try TestSupport.parse(
            "B[^b] then A[^a] and B again[^b].\n\n[^a]: Note A.\n[^unused]: Never shown.\n[^b]: Note B.")
        #expect(document.footnotes.map(\.number) == [1, 2])
        #expect(RunDump.runs(document.footnotes[0].blocks.first.map { block -> AttributedString in
            if case let .paragraph(text) = block { return text }
            return AttributedString()
        } ?? AttributedString()) == ["[0..<7] \"Note B.\""])
        #expect(document.footnotes.map(\.label) == ["b", "a"])
        let dump = RunDump.blocks(document.blocks)
        #expect(dump.contains("  [1..<2] \"1\" superscript link=#fn-b footnote=1 anchor=fnref-b"))
        #expect(dump.contains("  [9..<10] \"2\" superscript link=#fn-a footnote=2 anchor=fnref-a"))
        #expect(dump.contains("  [22..<23] \"1\" superscript link=#fn-b footnote=1 anchor=fnref-b-2"), "a second reference has an anchor of its own")
    }

    @Test func frontMatterIsReadAndRemovedKeepingLineNumbers() throws {
        let document = try TestSupport.parse("---\ntitle: Notes\nauthor: Ada\ndate: 2024-03-05\nproject: Apollo\n---\n![x](missing.png)")
        #expect(document.frontMatter.title == "Notes")
        #expect(document.frontMatter.author == "Ada")
        #expect(document.frontMatter.date == "2024-03-05")
        #expect(document.frontMatter.variables["project"] == "Apollo")
        #expect(RunDump.blocks(document.blocks) == ["Image missing.png alt=\"x\" @7:1"])
    }

    @Test func frontMatterScalarsKeepTheirTypes() throws {
        let document = try TestSupport.parse("---\ntitle: yes\nauthor: 1e3\nbadge: off\n---\nBody")
        #expect(document.frontMatter.title == "yes")
        #expect(document.frontMatter.author == "1e3")
        #expect(document.frontMatter.badge.enabled == false)
        let merged = try TestSupport.parse("---\nshared: &s {diameter: 40}\nbadge: {<<: *s, center: [100, 100]}\n---\nBody")
        #expect(merged.frontMatter.badge.diameter == 40)
        #expect(merged.frontMatter.badge.center == [100, 100])
    }

    /// MkDocs Material's blog posts: `date:` holds `created:` and `updated:`.
    @Test func aDateMappingGivesItsCreationDate() throws {
        let post = try MarkdownParser.parse("---\ndate:\n  created: 2023-12-31\n  updated: 2024-01-02\n---\nBody", file: "post.md")
        #expect(post.frontMatter.date == "2023-12-31")
        #expect(post.frontMatter.variables["date"] == "2023-12-31")
        #expect(post.frontMatter.variables["date.updated"] == "2024-01-02")
        #expect(throws: LetterpressError.invalidFrontMatter(file: "odd.md", location: SourceLocation(line: 3, column: 3), message:
            "date is one value (or, as in MkDocs' blog posts, a mapping with created:), not a mapping")) {
            try MarkdownParser.parse("---\ndate:\n  updated: 2024-01-02\n---\nBody", file: "odd.md")
        }
    }

    @Test func invalidFrontMatterNamesFileLineAndColumn() throws {
        #expect {
            try MarkdownParser.parse("---\ntitle: [unclosed\n---\nbody", file: "notes.md")
        } throws: { error in
            guard let error = error as? LetterpressError, case let .invalidFrontMatter(file, location, _) = error else { return false }
            return file == "notes.md" && location?.line == 3
        }
    }

    /// Each level merges the one below ten times: five levels are 400 000 keys once merged, the
    /// decoder's to copy; three levels are 4 000 and load.
    static func mergeBomb(levels: Int, under key: String) -> String {
        let lines = (1...levels).map { level in
            "l\(level): &l\(level) {<<: [\(Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", "))]}"
        }
        return (["l0: &l0 {a: 1, b: 2, c: 3, d: 4}"] + lines + ["\(key): *l\(levels)"]).joined(separator: "\n") + "\n"
    }

    @Test func frontMatterThatExpandsPastTheLimitIsRefused() throws {
        #expect(throws: LetterpressError.invalidFrontMatter(file: "bomb.md", location: nil, message:
            "expands to more than 100000 YAML nodes through aliases and merge keys, the most allowed")) {
            try MarkdownParser.parse("---\n" + Self.mergeBomb(levels: 5, under: "badge") + "---\nbody", file: "bomb.md")
        }
        #expect(try MarkdownParser.parse("---\n" + Self.mergeBomb(levels: 3, under: "badge") + "---\nbody", file: "fine.md")
            .frontMatter.badge.enabled)
    }

    @Test func aDashedBlockThatIsNotAMappingIsMarkdown() throws {
        // A rule, then a setext heading: CommonMark's reading, and GitHub's.
        #expect(try dump("---\nSome heading text\n---\nBody") == """
            ThematicBreak
            Heading 2
              [0..<17] "Some heading text" anchor=some-heading-text
            Paragraph
              [0..<4] "Body"
            """)
        #expect(try dump("---\n- one\n- two\n---\n").hasPrefix("ThematicBreak\nBulletList"))
        #expect(try dump("---\n[link](x) `code: here`\n---\n").hasPrefix("ThematicBreak\nHeading 2"))
        #expect(try TestSupport.parse("---\n---\nBody").blocks.count == 1, "an empty block is empty front matter")
    }

    @Test func tomlFrontMatterBetweenPlusLinesIsRead() throws {
        let document = try MarkdownParser.parse("""
            +++
            title = "Notes"
            date = 2024-03-05
            count = 3
            draft = false
            [badge]
            diameter = 40.5
            center = [100, 120]
            +++
            ![x](missing.png)
            """, file: "notes.md")
        #expect(document.frontMatter.title == "Notes")
        #expect(document.frontMatter.date == "2024-03-05")
        #expect(document.frontMatter.variables["count"] == "3")
        #expect(document.frontMatter.variables["draft"] == "false")
        #expect(document.frontMatter.badge.diameter == 40.5)
        #expect(document.frontMatter.badge.center == [100, 120])
        #expect(document.frontMatter.locations["date"] == SourceLocation(line: 3, column: 1))
        #expect(RunDump.blocks(document.blocks).last == "Image missing.png alt=\"x\" @10:1", "line numbers stay the file's")
    }

    @Test func badTOMLFrontMatterNamesFileLineAndColumn() throws {
        #expect(throws: LetterpressError.self) { try MarkdownParser.parse("+++\ntitle = \"x\"\ntitle = \"y\"\n+++\nbody", file: "t.md") }
        #expect {
            try MarkdownParser.parse("+++\nok = 1\ntitle = [unclosed\n+++\nbody", file: "t.md")
        } throws: { error in
            guard let error = error as? LetterpressError, case let .invalidFrontMatter(file, location, _) = error else { return false }
            return file == "t.md" && location?.line == 3
        }
        #expect {
            try MarkdownParser.parse("+++\nbadge = {diameter = \"big\"}\n+++\nbody", file: "t.md")
        } throws: { error in
            guard let error = error as? LetterpressError, case let .invalidFrontMatter(_, location, _) = error else { return false }
            return location?.line == 2
        }
    }

    @Test func unterminatedFrontMatterIsBody() throws {
        #expect(try dump("---\nnot front matter") == "ThematicBreak\nParagraph\n  [0..<16] \"not front matter\"")
    }
}
