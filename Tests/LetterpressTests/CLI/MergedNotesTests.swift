import Foundation
import Testing

/// `render a.md b.md -o one.pdf`: several notes made one PDF.
@Suite(.serialized) struct MergedNotesTests {
    /// A folder with `a.md` (linking to `b.md`'s Setup), `b.md` (its own theme and page size,
    /// an `#intro` as `a.md` has), and `sub/c.md`.
    private func notes() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let files = [
            "a.md": "---\ntitle: The Book\n---\n# Intro\n\nAlpha text, see [setup](b.md#setup) and [the top](#intro).\n",
            "b.md": "---\npageSize: a5\ntheme: menlo\n---\n# Intro\n\nBeta text.\n\n## Setup\n\nBeta setup.\n",
            "sub/c.md": "# Gamma\n\nGamma text, back to [alpha](../a.md).\n",
        ]
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func severalNotesIntoOneNamedPDFAreOneDocumentInTheirOrder() throws {
        let folder = try notes()
        let result = try runRender(["b.md", "a.md", "sub/c.md", "-o", "book.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.appendingPathComponent("book.pdf")
        let info = try popplerOutput("pdfinfo", ["-f", "1", "-l", "3", pdf.path])
        #expect(info.contains("Pages:           3"), "\(info)")
        #expect(info.contains("Page    1 size:  419.528 x 595.276"), "b.md keeps its own A5")
        #expect(info.contains("Page    2 size:  595.276 x 841.89"))
        let text = try pdfText(pdf)
        let order = ["Beta text", "Alpha text", "Gamma text"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "pages in argument order")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.pdf").path))
    }

    @Test func eachNoteHasAnOutlineEntryAndItsAnchorsAndLinksStayItsOwn() throws {
        let folder = try notes()
        let result = try runRender(["a.md", "b.md", "sub/c.md", "-o", "book.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.appendingPathComponent("book.pdf")
        let bytes = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        // One top entry per note: the front matter's title, else the first heading.
        for title in ["/Title (The Book)", "/Title (Intro)", "/Title (Gamma)", "/Title (Setup)"] {
            #expect(bytes.contains(title), "outline entry \(title)")
        }
        let dests = try popplerOutput("pdfinfo", ["-dests", pdf.path])
        for name in ["note1-intro", "note2-intro", "note2-setup", "note1-top", "note3-top"] {
            #expect(dests.contains("\"\(name)\""), "destination \(name)")
        }
        // The links between notes lead inside the document, not to the .md files.
        #expect(bytes.contains("/Dest (note2-setup)"))
        #expect(bytes.contains("/Dest (note1-intro)"))
        #expect(bytes.contains("/Dest (note1-top)"), "c.md's ../a.md")
        #expect(!bytes.contains("b.md#setup"))
        // The document's title is the first note's.
        #expect(try popplerOutput("pdfinfo", [pdf.path]).contains("Title:           The Book"))
    }

    @Test func aFolderIntoOnePDFTakesItsNotesSorted() throws {
        let folder = try notes()
        let result = try runRender([".", "-o", "all.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("all.pdf"))
        let order = ["Alpha text", "Beta text", "Gamma text"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }

    @Test func aBadNoteLeavesNoMergedFile() throws {
        let folder = try notes()
        try "---\ntitle: [\n---\nx".write(to: folder.appendingPathComponent("bad.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["a.md", "bad.md", "-o", "book.pdf"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.md:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("book.pdf").path))
    }

    @Test func pageNumbersRunOnAcrossTheNotes() throws {
        let folder = try TestSupport.temporaryFolder()
        let themes = [
            "count.yaml": "extends: default\npage:\n  footer: {center: \"p{page}/{pages}\", firstPage: true}\n",
            "plain.yaml": "extends: default\npage:\n  footer: {center: \"n{page}\", firstPage: true}\n",
        ]
        for (name, text) in themes { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        // Two pages each; the second note shows where the first note's section lies.
        func note(_ theme: String, _ word: String, reference: String = "") -> String {
            "---\ntheme: ./\(theme)\n---\n# \(word)\n\n\(reference)"
                + (1...12).map { "\(word) paragraph \($0). " + String(repeating: "\(word) words go on. ", count: 25) }.joined(separator: "\n\n") + "\n"
        }
        try note("count.yaml", "Alpha").write(to: folder.appendingPathComponent("a.md"), atomically: true, encoding: .utf8)
        try note("plain.yaml", "Beta", reference: "Beta ends on page {page:#beta-end}.\n\n").appending("\n## Beta end\n\nDone.\n")
            .write(to: folder.appendingPathComponent("b.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["a.md", "b.md", "-o", "book.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try pdfText(folder.appendingPathComponent("book.pdf"))
        let footers = text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("p") || $0.hasPrefix("n") }.filter { $0.allSatisfy { !$0.isWhitespace } }
        #expect(footers == ["p1/4", "p2/4", "n3", "n4"], "\(footers)")
        #expect(text.contains("Beta ends on page 4."), "a page reference counts the whole document's pages")
    }
}
