import Foundation
import Testing
@testable import Letterpress

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
                                                            message: "markup: 'rst' is neither 'markdown' nor 'plain'")) {
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
