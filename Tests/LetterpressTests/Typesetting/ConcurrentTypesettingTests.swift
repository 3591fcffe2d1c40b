import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `render` parses and styles on a second thread while the first lays out the blocks already
/// styled: the pages must be exactly those of doing it all on one thread.
@Suite(.fontWork) struct ConcurrentTypesettingTests {
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
        let alone = try typeset(source, file: input.path, parsing: .first)
        let beside = try typeset(source, file: input.path, parsing: .beside)
        #expect(alone.document.timings.parseBeside == 0 && beside.document.timings.parseBeside > 0)
        #expect(beside.document.warnings == alone.document.warnings)
        #expect(beside.document.pages.count == alone.document.pages.count)
        #expect(try pdf(beside) == pdf(alone))
    }

    /// A document with more blocks than the stream holds: the parser waits for the typesetter
    /// to take some, and the pages are those of doing it all on one thread. The time limits of
    /// this suite catch a hang, not slowness: waiting for the font lock while other suites hold
    /// it counts in them, and on a loaded machine, with the suites there are now, that took
    /// over three minutes.
    @Test(.timeLimit(.minutes(10))) func aDocumentLongerThanTheStreamGivesTheSamePages() throws {
        let paragraphs = (0..<300).map { "Paragraph \($0) with *some* emphasis, a [link](https://example.com/\($0)) and more words." }
        let source = "# Long\n\n" + paragraphs.joined(separator: "\n\n") + "\n\nA last note.[^1]\n\n[^1]: Its footnote.\n"
        let alone = try typeset(source, file: "long.md", parsing: .first)
        let beside = try typeset(source, file: "long.md", parsing: .beside(capacity: 2))
        #expect(beside.document.pages.count == alone.document.pages.count && alone.document.pages.count > 5)
        #expect(try pdf(beside) == pdf(alone))
    }

    /// `source` typeset by a renderer of its own: a renderer reports its theme's warnings only
    /// with its first document.
    private func typeset(_ source: String, file: String, parsing: RenderEngine.Parsing) throws -> TypesetNote {
        try Renderer(options: RenderOptions()).typeset(NoteSource(markdown: source, file: file), file: file, parsing: parsing)
    }

    private func pdf(_ typeset: TypesetNote) throws -> Data {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = OutputWriter(format: .pdf, metadata: typeset.metadata)
        return try Data(contentsOf: try writer.write(typeset.document, to: folder.appendingPathComponent("out.pdf"))[0])
    }

    /// The page is checked before the parser starts: a note whose margins leave no room fails
    /// at once, and leaves no parser behind holding cmark's lock for the next note.
    @Test func noRoomForTextFailsBeforeParsing() throws {
        let body = String(repeating: "A paragraph with *some* emphasis and a [link](https://example.com).\n\n", count: 120_000)
        let source = "---\nmargin: 300mm\n---\n" + body
        let renderer = Renderer(options: RenderOptions())
        #expect(throws: LetterpressError.self) {
            try renderer.typeset(NoteSource(markdown: source, file: "wide.md"), file: "wide.md",
                                 parsing: .beside)
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
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        let sender = Thread {
            for _ in 0..<50 {
                stream.send([.thematicBreak, .pageBreak])
                usleep(200)
            }
            stream.finish(.init(footnotes: [], warnings: [Warning(code: .footnoteMoved, file: "f.md", message: "late")], parseSeconds: 1))
        }
        sender.start()
        var received = 0
        while case let blocks = stream.take(), !blocks.isEmpty { received += blocks.count }
        #expect(received == 100)
        #expect(stream.end.warnings.map(\.message) == ["late"])
        #expect(stream.end.parseSeconds == 1)
        #expect(stream.take().isEmpty, "an ended stream stays ended")
    }

    /// A sender waits while the stream holds `capacity` blocks, and goes on as they are taken.
    @Test(.timeLimit(.minutes(10))) func streamHoldsAtMostItsCapacity() throws {
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout, capacity: 4)
        let sent = Counter()
        let sender = Thread {
            for index in 0..<20 {
                stream.send([index.isMultiple(of: 2) ? .thematicBreak : .pageBreak])
                sent.increment()
            }
            stream.finish(.init(footnotes: [], warnings: []))
        }
        sender.start()
        #expect(sent.waitFor(4))
        usleep(50_000)
        #expect(sent.value == 4)
        var received: [StyledBlock] = []
        while case let blocks = stream.take(), !blocks.isEmpty { received += blocks }
        #expect(sent.value == 20)
        #expect(received.count == 20)
        #expect(received.enumerated().allSatisfy { index, block in
            if case .thematicBreak = block { index.isMultiple(of: 2) } else { !index.isMultiple(of: 2) }
        })
        #expect(stream.sendingWaits > 0)
    }

    /// A consumer that stops (it failed, say) releases a sender waiting for room.
    @Test(.timeLimit(.minutes(10))) func closingReleasesAWaitingSender() {
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout, capacity: 1)
        let sent = Counter()
        let done = DispatchSemaphore(value: 0)
        let sender = Thread {
            for _ in 0..<5 {
                stream.send([.pageBreak])
                sent.increment()
            }
            done.signal()
        }
        sender.start()
        #expect(sent.waitFor(1))
        usleep(50_000)
        #expect(sent.value == 1, "the second block waits for room")
        stream.close()
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    /// A reader that has gone (its typesetter failed) stops the walk: the rest of a long
    /// document is not built for nobody.
    @Test func theWalkStopsWhenItsReaderHasGone() {
        let source = (0..<100).map { "Paragraph \($0)." }.joined(separator: "\n\n")
        var deliveries = 0
        let document = MarkdownParser.parseBody(source, file: "gone.md") { _ in
            deliveries += 1
            return deliveries < 3
        }
        #expect(deliveries == 3)
        #expect(document.blocks.isEmpty)
    }

    /// cmark's lock covers its parse, not the walk that hands blocks over: a document whose
    /// consumer is slow does not hold up another document's parse.
    @Test func aSlowConsumerDoesNotHoldUpAnotherParse() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let walker = Thread {
            var first = true
            _ = MarkdownParser.parseBody("# One\n\ntext\n\n# Two\n", file: "slow.md") { _ in
                guard first else { return true }
                first = false
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                return true
            }
        }
        walker.start()
        started.wait()
        let start = Date()
        let other = MarkdownParser.parseBody("# Next\n\nnote", file: "next.md")
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(other.blocks.count == 2)
        release.signal()
    }
}

/// A theme's first family that fontconfig has no font of gets a warning. Families compare as
/// fontconfig compares them; part of a family's name is not the family.
@Suite(.fontWork) struct InstalledFamilyTests {
    @Test func familiesCompareAsFontconfigComparesThem() {
        let fonts = FontContext()
        #expect(fonts.isInstalled("DejaVu Sans Mono"))
        #expect(fonts.isInstalled("dejavu sans"))
        #expect(fonts.isInstalled("DejaVuSans"))
        #expect(fonts.isInstalled("Liberation Serif"))
        #expect(fonts.isInstalled("serif"))
        #expect(!fonts.isInstalled("DejaVu"))
        #expect(!fonts.isInstalled("No Such Family 12345"))
    }
}

/// fontconfig and the YAML resolver load on a thread of its own at start-up; fonts made and
/// front matter read meanwhile wait for them.
@Suite(.fontWork) struct StartUpWarmUpTests {
    @Test func fontsMadeWhileFontconfigLoadsFindTheInstalledFamilies() {
        StartUpWarmUp.start()
        StartUpWarmUp.start()
        let fonts = FontContext()
        #expect(fonts.isInstalled("DejaVu Sans"))
        #expect(!fonts.isInstalled("No Such Family 12345"))
        let style = TextStyle(fontFamilies: ["DejaVu Sans"], size: 12)
        let layout = TextLayout(StyledText("Loaded", style: style), width: nil, align: .left, lineHeight: 1, context: fonts)
        #expect(layout.naturalWidth > 10)
        #expect(layout.textLine(0, origin: Point(x: 0, y: 0)).runs.allSatisfy { $0.font.face.name == "DejaVu Sans Book" })
    }

    @Test func frontMatterReadWhileTheResolverLoads() throws {
        StartUpWarmUp.start()
        let (matter, body) = try FrontMatterReader.split("---\ntitle: Field notes\nauthor: Ada\n---\nText\n", file: "notes.md")
        #expect(matter.title == "Field notes")
        #expect(body.hasSuffix("Text\n"))
        #expect(matter.author == "Ada")
    }
}

/// A count shared between threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    /// Whether the count reaches `target` within five seconds.
    func waitFor(_ target: Int) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while value < target && Date() < deadline { usleep(1_000) }
        return value >= target
    }

    func increment() {
        lock.withLock { count += 1 }
    }
}
