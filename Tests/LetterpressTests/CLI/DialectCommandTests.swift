import Foundation
import Testing
import Letterpress

/// Notes written for other tools, through `render`: their block containers and title leave no
/// syntax in the PDF's text, and `--from` and a theme's `titleBlock` choose.
@Suite struct DialectCommandTests {
    static let note = """
        ---
        layout: post
        title: Field guide
        author: Ada
        ---
        import Tabs from '@theme/Tabs';

        > [!faq]- Why print it?
        > Paper lasts.

        !!! tip "Before you start"
            - one
            - two

        === "Python"

            print(1)

        :::warning[Careful]
        Hot.
        :::

        ::: {.columns}
        Plain.
        :::
        """

    private func render(_ arguments: [String], theme: String? = nil) throws -> (CommandResult, String) {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.note.write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        if let theme { try theme.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8) }
        let result = try runRender(["n.md", "-o", "n.pdf"] + arguments, in: folder)
        let pdf = folder.appendingPathComponent("n.pdf")
        return (result, FileManager.default.fileExists(atPath: pdf.path) ? try pdfText(pdf) : "")
    }

    @Test func noSyntaxIsLeft() throws {
        let (result, text) = try render([])
        #expect(result.status == 0)
        for syntax in ["[!", "!!!", "===", ":::", "import", "{.", "---"] {
            #expect(!text.contains(syntax), "\(syntax) in \(text)")
        }
        for shown in ["Field guide", "Ada", "Why print it?", "Before you start", "Python", "Careful", "Plain."] {
            #expect(text.contains(shown), "\(shown) missing from \(text)")
        }
        #expect(result.stderr.contains("n.md:6:1: warning: 1 line of MDX import and export statements dropped"), "\(result.stderr)")
    }

    @Test func fromNamesTheDialect() throws {
        let (gfm, text) = try render(["--from", "gfm"])
        #expect(gfm.status == 0 && text.contains(":::warning[Careful]") && text.contains("!!! tip") && !text.contains("Ada"))
        let (wrong, _) = try render(["--from", "rst"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--from 'rst' is no dialect (use automatic, gfm, obsidian"), "\(wrong.stderr)")
    }

    @Test func aThemeTurnsTheTitleBlockOff() throws {
        let (result, text) = try render(["--theme", "t.yaml"], theme: "extends: default\ntitleBlock: false\n")
        #expect(result.status == 0 && !text.contains("Field guide") && text.contains("Before you start"))
    }
}
