import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Links inside the PDF: each heading and footnote is a named destination, links to them are
/// internal (a `/Dest`, never a URI action to `#name`), and URIs are percent-encoded.
@Suite(.serialized) struct InternalLinkTests {
    static let note = """
        # Guide

        [Basics](#basics), [again](#basics-1), [Café](#café), [up](#top), [nowhere](#nowhere), a note[^tip], \
        [spaced](<https://example.com/a b/ü?q=é&x=%20ok>) and [paired](https://en.wikipedia.org/wiki/Foo_(bar)).

        ## Basics

        ## Basics

        ## Café

        [^tip]: The tip.
        """

    private func render(_ markdown: String) throws -> (pdf: Data, dests: [String], stderr: String) {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(markdown.utf8).write(to: folder.appendingPathComponent("note.md"))
        let result = try runRender(["note.md", "-o", "note.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try Data(contentsOf: folder.appendingPathComponent("note.pdf"))
        let output = try popplerOutput("pdfinfo", ["-dests", folder.appendingPathComponent("note.pdf").path])
        // `   1 [ XYZ   68  682 null      ] "basics"`: the names, in the name tree's order.
        let dests = output.split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        return (pdf, dests, result.stderr)
    }

    /// Each link annotation's target: `dest NAME`, `page …` for an explicit place, `uri URI`.
    private func linkTargets(_ pdf: Data) -> [String] {
        let text = String(decoding: pdf, as: UTF8.self)
        return text.components(separatedBy: "/Subtype /Link").dropFirst().compactMap { annotation in
            let body = annotation.components(separatedBy: "endobj")[0]
            if let range = body.range(of: #"/Dest \(([^)]*)\)"#, options: .regularExpression) {
                return "dest " + body[range].dropFirst(7).dropLast()
            }
            if body.contains("/Dest [") { return "page" }
            if let range = body.range(of: #"/URI \(.*\)\s"#, options: .regularExpression) {
                return "uri " + body[range].dropFirst(6).trimmingCharacters(in: .whitespacesAndNewlines).dropLast()
            }
            return nil
        }
    }

    @Test func headingsAndFootnotesAreNamedDestinations() throws {
        let (_, dests, stderr) = try render(Self.note)
        #expect(dests == ["basics", "basics-1", "caf%C3%A9", "fn-tip", "fnref-tip", "guide"])
        // Column 67 in characters: the two é before it are four bytes.
        #expect(stderr.contains("note.md:3:67: warning: link '#nowhere': no heading or anchor is named 'nowhere'"))
    }

    @Test func linksInsideTheDocumentGoToTheirDestination() throws {
        let (pdf, _, _) = try render(Self.note)
        #expect(linkTargets(pdf) == [
            "dest basics", "dest basics-1", "dest caf%C3%A9", "page", "dest fn-tip",
            "uri https://example.com/a%20b/%C3%BC?q=%C3%A9&x=%20ok", "uri https://en.wikipedia.org/wiki/Foo_(bar)",
            "dest fnref-tip",
        ])
        #expect(!String(decoding: pdf, as: UTF8.self).contains("(#"), "no URI to a fragment")
    }

    @Test func anAnchorInARepeatedTableHeaderIsOneDestination() throws {
        let rows = (1...80).map { "| row \($0) | x |" }.joined(separator: "\n")
        let (_, dests, _) = try render("| Head[^n] | b |\n|---|---|\n\(rows)\n\n[^n]: The note.")
        #expect(dests == ["fnref-n", "fn-n"], "by page: the reference's on the first, where the header was first drawn")
    }

    @Test(arguments: [
        ("https://example.com/plain?q=1#frag", "https://example.com/plain?q=1#frag"),
        ("https://example.com/a b", "https://example.com/a%20b"),
        ("https://例え.jp/パス?q=é", "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%C3%A9"),
        ("https://example.com/%E2%9C%93 and %zz", "https://example.com/%E2%9C%93%20and%20%25zz"),
        ("https://example.com/a(b)", "https://example.com/a(b)"),
        ("https://example.com/a)b(", "https://example.com/a%29b%28"),
        (#"https://example.com/"q"<x>\{|}^`"#, "https://example.com/%22q%22%3Cx%3E%5C%7B%7C%7D%5E%60"),
    ])
    func urisArePercentEncoded(_ uri: String, _ encoded: String) {
        #expect(PDFLinks.uri(uri) == encoded)
    }

    @Test func destinationNamesAreWrittenAlikeByDestAndLink() {
        #expect(PDFLinks.name("basics-1_x.y") == "basics-1_x.y")
        #expect(PDFLinks.name("café (draft)") == "caf%C3%A9%20%28draft%29")
    }
}
