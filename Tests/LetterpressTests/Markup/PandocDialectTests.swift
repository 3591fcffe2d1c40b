import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// pandoc's and MkDocs' constructs inside the text: definition lists, heading and fence
/// attributes, bracketed spans, inline notes, line blocks, citations, raw LaTeX,
/// abbreviations and snippets.
@Suite struct PandocDialectTests {
    private func parse(_ markdown: String, dialect: MarkupDialect = .automatic) -> Document {
        MarkdownParser.parseBody(markdown, file: "note.md", dialect: dialect)
    }

    private func dump(_ markdown: String, dialect: MarkupDialect = .automatic) -> String {
        RunDump.blocks(parse(markdown, dialect: dialect).blocks).joined(separator: "\n")
    }

    private func warnings(_ markdown: String, dialect: MarkupDialect = .automatic) -> [String] {
        parse(markdown, dialect: dialect).warnings.map(\.description)
    }

    // MARK: Definition lists

    @Test func aTermAndItsDefinitions() {
        #expect(dump("Apple\n:   A fruit.\n:   A company.") == """
            DefinitionList
              Item
                Term "Apple"
                Definition
                  Paragraph
                    [0..<8] "A fruit."
                Definition
                  Paragraph
                    [0..<10] "A company."
            """)
    }

    @Test func severalTermsLazyLinesAndTildes() {
        #expect(dump("Orange\nTangerine\n~ Citrus fruits,\nlazily continued.\n\nNext\n~ Its own.") == """
            DefinitionList
              Item
                Term "Orange"
                Term "Tangerine"
                Definition
                  Paragraph
                    [0..<32] "Citrus fruits, lazily continued."
              Item
                Term "Next"
                Definition
                  Paragraph
                    [0..<8] "Its own."
            """)
    }

    @Test func indentedBlocksBelongToTheDefinition() {
        let markdown = """
            Term

            :   First paragraph.

                Second, with $x$.

                - a list
                - in it

                ```
                code in it
                ```

            After the list.
            """
        #expect(dump(markdown) == """
            DefinitionList
              Item loose
                Term "Term"
                Definition
                  Paragraph
                    [0..<16] "First paragraph."
                  Paragraph
                    [0..<13] "Second, with "
                    [13..<14] "x" math="x"
                    [14..<15] "."
                  BulletList tight
                    Item
                      Paragraph
                        [0..<6] "a list"
                    Item
                      Paragraph
                        [0..<5] "in it"
                  Code "code in it"
            Paragraph
              [0..<15] "After the list."
            """)
    }

    @Test func definitionListsInQuotesAndListsOfTheirOwn() {
        #expect(dump("> Term\n> : Meaning.") == """
            BlockQuote
              DefinitionList
                Item
                  Term "Term"
                  Definition
                    Paragraph
                      [0..<8] "Meaning."
            """)
    }

    @Test func colonsThatDefineNothingStayText() {
        // After a heading, a list or a code block, at a paragraph's start, with nothing after.
        for markdown in ["# Title\n: not a definition", ": starts a note", "- item\n\n: after a list", "Term\n:", "Term\n:nospace",
                         "```\nTerm\n: code\n```"] {
            #expect(!dump(markdown).contains("DefinitionList"), "\(markdown)")
        }
        #expect(dump("Term\n: Meaning.", dialect: .gfm) == "Paragraph\n  [0..<15] \"Term : Meaning.\"")
    }

    // MARK: Heading and fence attributes

    @Test func aHeadingsIdIsItsAnchorAndItsBracesGo() {
        let document = parse("# Results {#sec:results .important lang=en}\n\nSee [them](#sec:results).\n\n## Unnumbered {-}\n\nTitle   {#setext}\n=====")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Heading 1
              [0..<7] "Results" anchor=sec:results
            Paragraph
              [0..<4] "See "
              [4..<8] "them" link=#sec:results
              [8..<9] "."
            Heading 2
              [0..<10] "Unnumbered" anchor=unnumbered
            Heading 1
              [0..<5] "Title" anchor=setext
            """)
        #expect(document.warnings.isEmpty)
        #expect(dump("# Title {not attributes}") == "Heading 1\n  [0..<22] \"Title {not attributes}\" anchor=title-not-attributes")
    }

    @Test func aFencesBracesNameItsLanguage() {
        #expect(dump("```{.python .numberLines}\nx = 1\n```") == "Code python linenos \"x = 1\"")
        #expect(dump("```{r setup, include=FALSE}\nx <- 1\n```") == "Code r \"x <- 1\"")
        #expect(dump("```swift {linenos}\nlet x = 1\n```") == "Code swift {linenos} \"let x = 1\"")
    }

    // MARK: Spans and notes

    @Test func bracketedSpansOfKnownClassesAreStyled() {
        #expect(dump("[Small]{.smallcaps} [under]{.underline} [marked]{.mark} [plain]{.other #id} [link](u){.x}") == """
            Paragraph
              [0..<5] "Small" smallCaps=true
              [5..<6] " "
              [6..<11] "under" underline=solid
              [11..<12] " "
              [12..<18] "marked" customStyle=mark
              [18..<25] " plain "
              [25..<29] "link" link=u
              [29..<33] "{.x}"
            """)
        #expect(dump("`[code]{.smallcaps}`") == "Paragraph\n  [0..<18] \"[code]{.smallcaps}\" code")
    }

    @Test func inlineNotesAreFootnotesAndTheAttributeSyntaxStaysItsOwn() {
        let document = parse("Text.^[A note with *stress*.] Then ^[bold](fontWeight: 'bold'), ^[x][label] and `^[code]`.\n\n^[label]: italic: true", dialect: .pandoc)
        #expect(parse("Text.^[A note.]").footnotes.isEmpty, "only pandoc's notes read ^[…] alone as a note")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<5] "Text."
              [5..<6] "1" superscript link=#fn-inline-note-1 footnote=1 anchor=fnref-inline-note-1
              [6..<12] " Then "
              [12..<16] "bold" fontWeight=bold
              [16..<18] ", "
              [18..<19] "x" italic=true
              [19..<24] " and "
              [24..<31] "^[code]" code
              [31..<32] "."
            """)
        #expect(document.footnotes.count == 1)
        #expect(RunDump.blocks(document.footnotes[0].blocks).joined(separator: "\n") == """
            Paragraph
              [0..<12] "A note with "
              [12..<18] "stress" emphasized
              [18..<19] "."
            """)
    }

    // MARK: Line blocks, citations

    @Test func lineBlocksKeepTheirLinesInPandocAlone() throws {
        let document = parse("| The limerick packs laughs\n|    anatomical\n| In space", dialect: .pandoc)
        guard case let .paragraph(text) = try #require(document.blocks.first) else { Issue.record("no paragraph"); return }
        #expect(String(text.characters) == "The limerick packs laughs\u{2028}\u{A0}\u{A0}\u{A0}anatomical\u{2028}In space")
        #expect(dump("| a | b |\n| c") == "Paragraph\n  [0..<13] \"| a | b | | c\"", "a table being written")
    }

    @Test func citationsShowTheirKeysWithOneWarning() {
        let markdown = "As shown [see @doe99, pp. 33-35; also -@smith04, ch. 1], and @roe [@roe].\nMail a@b.org or [@octocat](https://github.com/octocat)."
        #expect(dump(markdown) == """
            Paragraph
              [0..<75] "As shown (see doe99, pp. 33-35; also smith04, ch. 1), and @roe (roe). Mail "
              [75..<82] "a@b.org" link=mailto:a@b.org
              [82..<86] " or "
              [86..<94] "@octocat" link=https://github.com/octocat
              [94..<95] "."
            """)
        #expect(warnings(markdown) == ["note.md:1:10: warning: 2 citations are shown as their keys: render reads no bibliography"])
        #expect(dump("Bare @roe, and (@doe99).", dialect: .pandoc) == "Paragraph\n  [0..<22] \"Bare roe, and (doe99).\"")
    }

    // MARK: Lines left out

    @Test func rawLaTeXIsLeftOutAndAPageBreakKept() {
        let markdown = "Before.\n\n\\begin{tikzpicture}\n\\draw (0,0);\n\\end{tikzpicture}\n\n\\newpage\n\n\\noindent Kept text.\n\n\\vspace{1em}\n\n\\begin{center}\nnever ends"
        #expect(dump(markdown) == #"""
            Paragraph
              [0..<7] "Before."
            PageBreak
            Paragraph
              [0..<10] "Kept text."
            Paragraph
              [0..<25] "\begin{center} never ends"
            """#)
        #expect(warnings(markdown) == [
            "note.md:3:1: warning: LaTeX environment 'tikzpicture' left out: it means something only to LaTeX",
            "note.md:11:1: warning: LaTeX '\\vspace' left out: it means something only to LaTeX",
            "note.md:13:1: warning: LaTeX environment 'center' never ends (no \\end{center}), so it is shown as written",
            "note.md:9:1: warning: 1 LaTeX command in the text left out (\\noindent): it means something only to LaTeX",
        ])
    }

    @Test func abbreviationsAndSnippetsPrintNothing() {
        let markdown = "The HTML spec.\n\n*[HTML]: Hyper Text Markup Language\n\n--8<-- \"includes/abbreviations.md\"\n\n--8<--\na.md\nb.md\n--8<--\n\nEnd."
        #expect(dump(markdown) == "Paragraph\n  [0..<14] \"The HTML spec.\"\nParagraph\n  [0..<4] \"End.\"")
        #expect(warnings(markdown) == [
            "note.md:5:1: warning: MkDocs snippet '--8<--' left out: render does not include other files' text",
            "note.md:7:1: warning: MkDocs snippet '--8<--' left out: render does not include other files' text",
        ])
        #expect(dump("*[HTML]: Hyper", dialect: .gfm).contains("Hyper"))
    }
}
