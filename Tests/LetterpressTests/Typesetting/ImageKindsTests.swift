import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// SVG drawings stay vectors (librsvg records their paths); WebP is read through gdk-pixbuf's
/// loader from Debian's webp-pixbuf-loader.
@Suite struct ImageKindsTests {
    @Test func anSVGIsRecordedAsPathsAndAWebPIsDecoded() throws {
        let drawing = try ImageLoader.load(TestSupport.fixtures.appendingPathComponent("drawing.svg").path).get()
        #expect(drawing.isDrawing && drawing.pixelWidth == 120 && drawing.pixelHeight == 60)
        let photo = try ImageLoader.load(TestSupport.fixtures.appendingPathComponent("photo.webp").path).get()
        #expect(!photo.isDrawing && photo.pixelWidth == 40 && photo.pixelHeight == 20)
    }

    /// In the PDF the drawing is paths, not an image: only the WebP is listed by pdfimages.
    @Test func theDrawingIsVectorsInThePDF() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["drawing.svg", "photo.webp"] {
            try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try "![d](drawing.svg)\n\n![p](photo.webp)\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["n.md", "-o", "n.pdf"], in: folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let lines = try popplerOutput("pdfimages", ["-list", folder.appendingPathComponent("n.pdf").path]).split(separator: "\n")
        #expect(lines.count == 3, "a header of two lines and the WebP: \(lines)")
        #expect(lines.last?.contains(" 40    20 ") == true)
    }

    /// An image drawn on pages far apart (read again after the first page let it go) is held
    /// once in the PDF.
    @Test func anImageUsedTwiceIsEmbeddedOnce() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("two-tone.png"), to: folder.appendingPathComponent("p.png"))
        let note = "![p](p.png)\n\n" + Array(repeating: "\\pagebreak\n\ntext\n\n", count: 4).joined() + "![p](p.png)\n"
        try note.write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        #expect(try runRender(["n.md", "-o", "n.pdf"], in: folder).status == 0)
        // Each use is listed, with its soft mask (the PNG has transparency) on a row of its own.
        let rows = try popplerOutput("pdfimages", ["-list", folder.appendingPathComponent("n.pdf").path]).split(separator: "\n").dropFirst(2)
            .filter { $0.split(separator: " ", omittingEmptySubsequences: true)[2] == "image" }
        #expect(rows.count == 2, "drawn twice")
        #expect(Set(rows.map { $0.split(separator: " ", omittingEmptySubsequences: true)[10] }).count == 1, "one object: \(rows)")
    }

    /// A drawing's outline for text flowing around it is read from its pixels, as a picture's is.
    @Test func aFloatingDrawingHasTheOutlineOfItsShape() throws {
        let drawing = try ImageLoader.load(TestSupport.fixtures.appendingPathComponent("drawing.svg").path).get()
        let rows = try #require(drawing.opaqueRows())
        #expect(rows.first??.lowerBound ?? 0 > 0, "the rounded corner leaves the top row's left end clear")
    }
}
