import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Plain-text notes (`markup: plain`, a `.txt` file, a theme that reads notes so): paragraphs
/// at blank lines, lines kept, nothing read as Markdown.
@Suite struct PlainTextTests {
    @Test func paragraphsSplitAtBlankLinesAndKeepTheirLines() {
        let body = "\n\nFirst *line* of # one\r\n  second _line_\n \t\n\n- [ ] not a list\n^[not](size: 30) {{name}} <b>raw</b>\n"
        #expect(RunDump.blocks(PlainTextParser.parseBody(body, title: "Saturday").blocks) == [
            "Heading 1",
            #"  [0..<8] "Saturday""#,
            "Paragraph",
            ##"  [0..<37] "First *line* of # one\n  second _line_""##,
            "Paragraph",
            #"  [0..<53] "- [ ] not a list\n^[not](size: 30) {{name}} <b>raw</b>""#,
        ])
        #expect(PlainTextParser.parseBody("", title: nil).blocks.isEmpty)
    }

    /// The front matter's `markup`, then the theme's, then the file's name.
    @Test func theFrontMatterThenTheThemeThenTheFileNameDecide() throws {
        var plain = FrontMatter()
        plain.markup = .plain
        var markdown = FrontMatter()
        markdown.markup = .markdown
        #expect(NoteMarkup.of(file: "a.md", frontMatter: plain, theme: .markdown) == .plain)
        #expect(NoteMarkup.of(file: "a.txt", frontMatter: markdown, theme: .plain) == .markdown)
        #expect(NoteMarkup.of(file: "a.md", frontMatter: FrontMatter(), theme: .plain) == .plain)
        #expect(NoteMarkup.of(file: "a.TXT", frontMatter: FrontMatter(), theme: .markdown) == .markdown)
        #expect(NoteMarkup.of(file: "a.TXT", frontMatter: FrontMatter(), theme: nil) == .plain)
        #expect(NoteMarkup.of(file: "-", frontMatter: FrontMatter(), theme: nil) == .markdown)
        #expect(try MarkdownParser.parse("---\nmarkup: plain\n---\n", file: "a.md").frontMatter.markup == .plain)
    }

    @Test func anUnknownMarkupNamesItsLineAndColumn() {
        #expect(throws: LetterpressError.invalidFrontMatter(file: "a.md", location: SourceLocation(line: 3, column: 9),
                                                            message: "markup: 'rst' is none of markdown, plain, automatic, gfm, obsidian, pandoc, mkdocs, docusaurus, jekyll, hugo")) {
            try MarkdownParser.parse("---\ntitle: x\nmarkup: rst\n---\n", file: "a.md")
        }
    }

    /// `render inspect` (through `Renderer.document`) reads a `.txt` note as plain text.
    @Test func aTextFileIsReadAsPlainText() throws {
        let document = try Renderer.document(from: Data("---\ntitle: T\n---\n# not a heading\n".utf8), file: "n.txt")
        #expect(document.frontMatter.title == "T")
        #expect(RunDump.blocks(document.blocks) == ["Heading 1", #"  [0..<1] "T""#, "Paragraph", ##"  [0..<15] "# not a heading""##])
    }
}

extension PlainTextTests {
    /// A theme's `markup` takes the same values, and says so where it is wrong.
    @Test func aThemesMarkupIsOneOfItsValues() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "extends: notepad\nmarkup: rst\n".write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        try "extends: notepad\nmarkup: markdown\n".write(to: folder.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
        #expect(try ThemeLoader(searchPaths: [folder]).load("m").markup == .markdown)
        #expect(try ThemeLoader().load("notepad").markup == .plain)
        #expect(try ThemeLoader().load("menlo").markup == nil)
        do {
            _ = try ThemeLoader(searchPaths: [folder]).load("t")
            Issue.record("loaded")
        } catch {
            #expect("\(error)".hasSuffix("t.yaml:2:9: markup: 'rst' is none of markdown, plain, automatic, gfm, obsidian, pandoc, mkdocs, docusaurus, jekyll, hugo"), "\(error)")
        }
    }
}
