import Foundation
import Testing
@testable import Letterpress

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
        let list = Process()
        list.executableURL = URL(fileURLWithPath: "/usr/bin/pdfimages")
        list.arguments = ["-list", folder.appendingPathComponent("n.pdf").path]
        let pipe = Pipe()
        list.standardOutput = pipe
        try list.run()
        let lines = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        list.waitUntilExit()
        #expect(lines.count == 3, "a header of two lines and the WebP: \(lines)")
        #expect(lines.last?.contains(" 40    20 ") == true)
    }

    /// A drawing's outline for text flowing around it is read from its pixels, as a picture's is.
    @Test func aFloatingDrawingHasTheOutlineOfItsShape() throws {
        let drawing = try ImageLoader.load(TestSupport.fixtures.appendingPathComponent("drawing.svg").path).get()
        let rows = try #require(drawing.opaqueRows())
        #expect(rows.first??.lowerBound ?? 0 > 0, "the rounded corner leaves the top row's left end clear")
    }
}
