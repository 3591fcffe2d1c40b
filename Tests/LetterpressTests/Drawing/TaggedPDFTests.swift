import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport

/// Tagged PDF: the structure tree poppler reads (`pdfinfo -struct-text`), in reading order,
/// each text under the element of its kind, the catalog's language and viewer preferences,
/// and alt texts.
@Suite(.fontWork) struct TaggedPDFTests {
    /// A rendered PDF: its bytes, pdfinfo's summary, and each text of its structure tree with
    /// the path of elements above it (`Document/L/LI/LBody/P`).
    struct Tagged {
        var pdf: Data
        var info: String
        var texts: [(path: String, text: String)]
        var structure: String

        /// The texts under an element whose path ends with `suffix`.
        func texts(under suffix: String) -> [String] {
            texts.filter { $0.path.hasSuffix(suffix) }.map(\.text)
        }
    }

    private func render(_ markdown: String, options: RenderOptions = RenderOptions(), baseURL: URL? = nil,
                        badge: Bool = false) throws -> Tagged {
        var options = options
        options.badge = badge
        let pdf = try Renderer(options: options).render(markdown: markdown, baseURL: baseURL)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tagged.pdf")
        try pdf.write(to: file)
        let structure = try popplerOutput("pdfinfo", ["-struct-text", file.path])
        return Tagged(pdf: pdf, info: try popplerOutput("pdfinfo", [file.path]), texts: Self.texts(of: structure), structure: structure)
    }

    /// Each text of pdfinfo's structure listing (two spaces an indent level; a link's empty
    /// text left out), with the elements above it; texts of one element are joined.
    ///
    /// Poppler 22.12 stops reading an element's text at the first marked content Cairo nests in
    /// it (valid PDF, which pdftotext reads): a ligature's glyph marked with its characters
    /// and the space at a line's end, each `/Span << /ActualText … >> BDC`. So the tests'
    /// texts have no ligature ("fi", "fl", "ff") and their paragraphs one line.
    static func texts(of structure: String) -> [(path: String, text: String)] {
        var path: [(name: String, serial: Int)] = []
        var serial = 0
        var found: [(path: String, text: String, serial: Int)] = []
        for line in structure.split(separator: "\n") {
            let depth = line.prefix { $0 == " " }.count / 2
            let content = line.drop { $0 == " " }
            if content.hasPrefix("\"") {
                let text = String(content.dropFirst().dropLast())
                guard !text.isEmpty, depth > 0, depth <= path.count else { continue }
                let element = path[depth - 1].serial
                if let last = found.last, last.serial == element {
                    found[found.count - 1].text += text
                } else {
                    found.append((path.prefix(depth).map(\.name).joined(separator: "/"), text, element))
                }
            } else if let name = content.split(separator: " ").first {
                serial += 1
                path = Array(path.prefix(depth)) + [(String(name), serial)]
            }
        }
        return found.map { ($0.path, $0.text) }
    }

    /// A text as the tree gives it: words with single spaces, the line ends' spaces dropped.
    private func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func headingsAndParagraphs() throws {
        let tagged = try render("# Title\n\nFirst paragraph.\n\n## Section\n\nSecond *paragraph* here.\n\n###### Deep\n")
        #expect(tagged.info.contains("Tagged:          yes"))
        #expect(tagged.texts.map(\.path) == ["Document/H1", "Document/P", "Document/H2", "Document/P", "Document/H6"], "\(tagged.structure)")
        #expect(tagged.texts.map { words($0.text) } == ["Title", "First paragraph.", "Section", "Second paragraph here.", "Deep"])
    }

    @Test func listsHaveLabelsAndBodies() throws {
        let tagged = try render("- one\n- two\n  - inner\n\n1. alpha\n2. second\n")
        #expect(tagged.texts.map(\.path) == [
            "Document/L/LI/Lbl", "Document/L/LI/LBody/P", "Document/L/LI/Lbl", "Document/L/LI/LBody/P",
            "Document/L/LI/LBody/L/LI/Lbl", "Document/L/LI/LBody/L/LI/LBody/P",
            "Document/L/LI/Lbl", "Document/L/LI/LBody/P", "Document/L/LI/Lbl", "Document/L/LI/LBody/P",
        ], "\(tagged.structure)")
        #expect(tagged.texts(under: "LBody/P").map(words) == ["one", "two", "inner", "alpha", "second"])
        #expect(tagged.texts(under: "Lbl").suffix(2).map(words) == ["1.", "2."])
    }

    @Test func tableCellsAreInRowsOfHeadAndBody() throws {
        let tagged = try render("| Name | Count |\n|---|--:|\n| apples | 3 |\n| pears | 12 |\n")
        #expect(tagged.texts(under: "Table/THead/TR/TH").map(words) == ["Name", "Count"], "\(tagged.structure)")
        #expect(tagged.texts(under: "Table/TBody/TR/TD").map(words) == ["apples", "3", "pears", "12"])
        #expect(tagged.structure.components(separatedBy: "  TR").count - 1 == 3)
    }

    @Test func figuresHaveTheirAltText() throws {
        let tagged = try render("Before.\n\n![A two-tone square](two-tone.png)\n\nAfter.\n", baseURL: TestSupport.fixtures)
        #expect(tagged.structure.contains("Figure"), "\(tagged.structure)")
        #expect(tagged.texts.map(\.path) == ["Document/P", "Document/P"])
        let alt = PDFAccessibility.textString("A two-tone square")
        #expect(String(decoding: tagged.pdf, as: UTF8.self).contains("/S /Figure\n   /P ") && String(decoding: tagged.pdf, as: UTF8.self).contains("/Alt \(alt)"))
    }

    @Test func formulasHaveTheirSourceAsAltText() throws {
        let tagged = try render("$$\\frac{a}{b} = c$$\n")
        #expect(tagged.structure.contains("Formula"), "\(tagged.structure)")
        #expect(String(decoding: tagged.pdf, as: UTF8.self).contains("/Alt \(PDFAccessibility.textString("\\frac{a}{b} = c"))"))
    }

    @Test func aTableAcrossPagesIsOneTableWithOneHead() throws {
        let rows = (1...60).map { "| row \($0) | \($0 * 2) |" }
        let tagged = try render("| Name | Double |\n|---|---|\n" + rows.joined(separator: "\n") + "\n")
        #expect(!tagged.info.contains("Pages:           1\n"))
        // The header row repeated at the top of the next page is no part of the structure.
        #expect(tagged.texts(under: "Document/Table/THead/TR/TH").map(words) == ["Name", "Double"], "\(tagged.structure)")
        #expect(tagged.texts(under: "Document/Table/TBody/TR/TD").map(words) == (1...60).flatMap { ["row \($0)", "\($0 * 2)"] })
        #expect(tagged.structure.components(separatedBy: "\n  Table").count == 2)
    }

    @Test func codeQuotesAndFootnotes() throws {
        let tagged = try render("```\nlet x = 1\n```\n\n> Quoted words.\n\nA claim.[^1]\n\n[^1]: The source.\n")
        #expect(tagged.texts(under: "Document/Code").map(words) == ["let x = 1"], "\(tagged.structure)")
        #expect(tagged.texts(under: "Document/BlockQuote/P").map(words) == ["Quoted words."])
        #expect(tagged.texts(under: "Document/Note/P").map(words) == ["The source."])
        #expect(tagged.texts(under: "Document/Note/Lbl/Span").map(words) == ["1."])
    }

    @Test func linksKeepTheirParagraphsText() throws {
        let tagged = try render("Read [the guide](https://example.com/guide) now, then the rest.\n")
        // Cairo 1.16 gives an element text or children: the paragraph's text goes in spans beside the link.
        #expect(tagged.texts.map(\.path).allSatisfy { $0.hasPrefix("Document/P") }, "\(tagged.structure)")
        #expect(words(tagged.texts.map(\.text).joined()) == "Read the guide now, then the rest.")
        #expect(tagged.structure.contains("    Link"))
    }

    @Test func rightToLeftParagraphsAreTagged() throws {
        let tagged = try render("שלום עולם, זו פסקה.\n\nمرحبا بالعالم.\n")
        #expect(tagged.texts.map(\.path) == ["Document/P", "Document/P"], "\(tagged.structure)")
        #expect(tagged.texts.allSatisfy { !words($0.text).isEmpty })
    }

    @Test func paragraphsStayInReadingOrderAcrossPages() throws {
        // Paragraphs of one line: see `texts(of:)` on poppler and line ends.
        let paragraphs = (1...90).map { "Paragraph \($0) of the note." }
        let tagged = try render("# Long\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
        #expect(!tagged.info.contains("Pages:           1\n"))
        #expect(tagged.texts(under: "Document/P").map(words) == paragraphs)
    }

    @Test func headersFootersAndTheBadgeAreNotInTheTree() throws {
        var options = RenderOptions()
        options.theme = "report"
        let markdown = "---\ntitle: Running Title\nauthor: Ann Author\ndate: 2024-03-14\n---\n\nBody text.\n\n\\pagebreak\n\nMore text.\n"
        let tagged = try render(markdown, options: options, badge: true)
        #expect(tagged.info.contains("Pages:           2"))
        #expect(tagged.texts.map { words($0.text) } == ["Body text.", "More text."], "\(tagged.structure)")
    }

    @Test func languageAndTitleAreInTheCatalog() throws {
        let fromFrontMatter = try render("---\ntitle: Notes\nlang: fr-CA\n---\n\nBonjour.\n")
        let text = String(decoding: fromFrontMatter.pdf, as: UTF8.self)
        #expect(text.contains("/Lang (fr-CA)"))
        #expect(text.contains("/ViewerPreferences << /DisplayDocTitle true >>"))
        #expect(text.contains("/MarkInfo << /Marked true >>"))
        var options = RenderOptions()
        options.language = LanguageTag(parsing: "de")
        #expect(String(decoding: try render("Hallo.\n", options: options).pdf, as: UTF8.self).contains("/Lang (de)"))
    }

    @Test func untaggedPDFHasNoStructure() throws {
        var options = RenderOptions()
        options.tagged = false
        let untagged = try render("# Title\n\nText with [a link](https://example.com).\n", options: options)
        #expect(untagged.info.contains("Tagged:          no"))
        #expect(!String(decoding: untagged.pdf, as: UTF8.self).contains("/Lang"))
    }

    @Test func mergedNotesKeepTheirListsApart() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Both notes number their elements alike: the second's list is not the first's going on.
        try "- a\n- b\n".write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try "- c\n".write(to: folder.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["a.md", "b.md", "-o", "both.pdf", "--no-badge"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let structure = try popplerOutput("pdfinfo", ["-struct-text", folder.appendingPathComponent("both.pdf").path])
        #expect(structure.components(separatedBy: "\n  L (block)").count - 1 == 2, "\(structure)")
        #expect(Self.texts(of: structure).filter { $0.path.hasSuffix("LBody/P") }.map(\.text) == ["a", "b", "c"])
    }

    @Test func textStringsAreUTF16WithAByteOrderMark() {
        #expect(PDFAccessibility.textString("Aé") == "<FEFF004100E9>")
        #expect(PDFAccessibility.textString("😀") == "<FEFFD83DDE00>")
    }
}
