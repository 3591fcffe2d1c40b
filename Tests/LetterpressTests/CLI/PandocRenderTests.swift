import Foundation
import Testing

/// A note written for pandoc and MkDocs, rendered by `render` itself: the PDF's text holds
/// none of their syntax, and each thing left out is a warning at its line and column.
@Suite struct PandocRenderTests {
    static let note = """
        # Results {#results .unnumbered}

        See [the results](#results) and the notes.[^1]

        Apple
        :   A fruit, [small caps]{.smallcaps}.

        Orange
        ~   A colour [@doe99, p. 3; @roe].

        The index\\index{term} term.

        \\begin{tikzpicture}
        \\draw (0,0) -- (1,1);
        \\end{tikzpicture}

        *[HTML]: Hyper Text Markup Language

        --8<-- "snippet.md"

        [^1]: An inline note.
        """

    @Test func pdftotextShowsNoSyntax() throws {
        let folder = try TestSupport.temporaryFolder()
        try Self.note.write(to: folder.appendingPathComponent("note.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["note.md", "-o", "note.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("note.pdf"))
        for syntax in ["{#", "]{", "^[", "[@", "@doe", "\\index", "\\begin", "\\draw", "*[HTML]", "--8<--", ":   ", "~   "] {
            #expect(!text.contains(syntax), "\(syntax)")
        }
        for shown in ["Results", "See the results and the notes.", "Apple", "A fruit,", "(doe99, p. 3; roe)", "The index term.", "An inline note."] {
            #expect(text.contains(shown), "\(shown)")
        }
        #expect(result.stderr.contains("note.md:9:14: warning: 1 citation"), "\(result.stderr)")
        #expect(result.stderr.contains("note.md:11:10: warning: 1 LaTeX command"), "\(result.stderr)")
        #expect(result.stderr.contains("note.md:13:1: warning: LaTeX environment 'tikzpicture' left out"), "\(result.stderr)")
        #expect(result.stderr.contains("note.md:19:1: warning: MkDocs snippet"), "\(result.stderr)")
    }
}
