import Foundation
import Testing

/// What a note that needs none of them must not load (issue 41): every library opened only on
/// first use stays out of a plain note's process. The dynamic loader's own log
/// (`LD_DEBUG=files`) names each library it maps, and how.
@Suite struct LazyLibraryTests {
    /// The libraries (by the start of their file name) that only some notes need, each with
    /// the kind of note that opens it.
    static let openedOnUse = [
        "libgdk_pixbuf-2.0": "an image",
        "librsvg-2": "an SVG or a diagram", "libgvc": "a diagram", "libQt5Core": "coloured code",
        "libKF5SyntaxHighlighting": "coloured code", "libpoppler": "a comparison", "libxml2": "HTML or an SVG",
    ]

    private func loaderLog(_ files: [String: Any], note: String) throws -> String {
        let folder = try Hostile.folder(with: files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runRender([note, "-o", "out.pdf"], in: folder, environment: ["LD_DEBUG": "files"])
        #expect(result.status == 0, "\(result.stderr.suffix(2000))")
        #expect(result.stderr.contains("file=libcairo.so.2"), "the log lists the libraries")
        return result.stderr
    }

    @Test func aPlainNoteLoadsNoneOfThem() throws {
        let log = try loaderLog(["plain.md": "# Plain\n\nA *note* with a [link](https://example.com) and a list:\n\n- one\n- two\n"],
                                note: "plain.md")
        for (library, use) in Self.openedOnUse {
            #expect(!log.contains("file=\(library)"), "\(library) is loaded for a plain note, though only \(use) needs it")
        }
    }

    @Test func anImageOpensGdkPixbufWhenItIsRead() throws {
        let log = try loaderLog(["image.md": "![grey](grey.png)\n", "grey.png": Hostile.png(width: 4, height: 4)], note: "image.md")
        #expect(log.contains("file=libgdk_pixbuf-2.0.so.0 [0];  dynamically loaded"), "gdk-pixbuf opened for the image")
    }

    @Test func anHTMLBlockOpensLibxml2WhenItIsRead() throws {
        let log = try loaderLog(["html.md": "<div align=\"center\"><b>Centred</b></div>\n"], note: "html.md")
        #expect(log.contains("file=libxml2.so.2 [0];  dynamically loaded"), "libxml2 opened for the HTML")
    }
}
