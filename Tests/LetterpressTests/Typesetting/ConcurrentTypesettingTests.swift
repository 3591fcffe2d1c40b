import Foundation
import Testing
@testable import Letterpress

/// `render` parses and styles on a second thread while the first lays out the blocks already
/// styled: the pages must be exactly those of doing it all on one thread.
@Suite struct ConcurrentTypesettingTests {
    static let inputs: [URL] = {
        let folders = ["Samples", "Fuzz/corpus"].map { TestSupport.packageRoot.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.pathExtension == "md" }
        }.sorted { $0.path < $1.path }
    }()

    @Test func thereAreInputs() {
        #expect(Self.inputs.count >= 10)
    }

    @Test(arguments: inputs) func parsingBesideTypesettingGivesTheSamePages(input: URL) throws {
        let source = try String(contentsOf: input, encoding: .utf8)
        // A renderer each: a renderer reports its theme's warnings only with its first document.
        let (alone, aloneMetadata) = try Renderer(options: RenderOptions()).typeset(source: source, file: input.path)
        let renderer = Renderer(options: RenderOptions())
        let (beside, besideMetadata) = try Renderer.gathering {
            try renderer.typesetConcurrently(source: source, file: input.path, into: $0)
        }
        #expect(alone.timings.parseBeside == 0 && beside.timings.parseBeside > 0)
        #expect(beside.warnings == alone.warnings)
        #expect(beside.pages.count == alone.pages.count)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func pdf(_ document: TypesetDocument, _ metadata: DocumentMetadata, _ name: String) throws -> Data {
            var writer = OutputWriter(format: .pdf, metadata: metadata)
            return try Data(contentsOf: try writer.write(document, to: folder.appendingPathComponent(name))[0])
        }
        #expect(try pdf(beside, besideMetadata, "beside.pdf") == pdf(alone, aloneMetadata, "alone.pdf"))
    }

    /// The page is checked before the parser starts: a note whose margins leave no room fails
    /// at once, and leaves no parser behind holding cmark's lock for the next note.
    @Test func noRoomForTextFailsBeforeParsing() throws {
        let body = String(repeating: "A paragraph with *some* emphasis and a [link](https://example.com).\n\n", count: 120_000)
        let source = "---\nmargin: 300mm\n---\n" + body
        let renderer = Renderer(options: RenderOptions())
        #expect(throws: LetterpressError.self) {
            try renderer.typesetConcurrently(source: source, file: "wide.md") { _ in { _ in } }
        }
        // Parsing those 8 MB takes seconds; a small note right after must not wait for it
        // (other tests parse small notes meanwhile, hence the margin).
        let start = Date()
        _ = MarkdownParser.parseBody("# Next\n\nnote", file: "next.md")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func detachedThreadsRunTheirBody() {
        let done = DispatchSemaphore(value: 0)
        #expect(DetachedThread.start(stackSize: 1 << 20) { done.signal() })
        #expect(done.wait(timeout: .now() + 10) == .success)
    }

    /// The stream hands over blocks as they are sent, waits for more, and ends with the
    /// footnotes and warnings.
    @Test func streamWaitsForBlocksAndEnds() throws {
        let stream = StyledBlockStream()
        let sender = Thread {
            for _ in 0..<50 {
                stream.send([.thematicBreak, .pageBreak])
                usleep(200)
            }
            stream.finish(.init(footnotes: [], warnings: [Warning(file: "f.md", message: "late")], parseSeconds: 1))
        }
        sender.start()
        var received = 0
        while case let blocks = stream.take(), !blocks.isEmpty { received += blocks.count }
        #expect(received == 100)
        #expect(stream.end.warnings.map(\.message) == ["late"])
        #expect(stream.end.parseSeconds == 1)
        #expect(stream.take().isEmpty, "an ended stream stays ended")
    }
}

/// fontconfig is loaded on a thread of its own at start-up; fonts made afterwards wait for it.
@Suite struct FontconfigWarmUpTests {
    @Test func fontsMadeWhileFontconfigLoadsFindTheInstalledFamilies() {
        FontconfigWarmUp.start()
        FontconfigWarmUp.start()
        let fonts = FontContext()
        #expect(fonts.isInstalled("DejaVu Sans"))
        #expect(!fonts.isInstalled("No Such Family 12345"))
        let style = TextStyle(fontFamilies: ["DejaVu Sans"], size: 12)
        let layout = TextLayout(StyledText("Loaded", style: style), width: nil, align: .left, lineHeight: 1, context: fonts)
        #expect(layout.naturalWidth > 10)
        #expect(layout.usedFonts().allSatisfy { $0.hasPrefix("DejaVu Sans Book") })
    }
}
