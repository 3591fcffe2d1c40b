import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Pages are plain values: no Pango object in them, so they outlive the typesetter and its
/// fonts and can be drawn on any thread.
@Suite(.fontWork) struct PageValueTests {
    private static func requireSendable<T: Sendable>(_: T.Type) {}

    private static let markdown = """
        # Values

        Text in **bold**, *italic*, `code`, ^[pressed](effect: 'letterpress') and ^[red](color: 'red'),
        a missing character ꪀ, and a list:

        - one
        - two

        | a | b |
        |---|---|
        | 1 | 2 |
        """

    private func png(of pages: [Page], in folder: URL, name: String) throws -> Data {
        let output = try OutputWriter(format: .png, dpi: 72).open(folder.appendingPathComponent(name))
        for page in pages { try output.add(page) }
        return try Data(contentsOf: try output.finish()[0])
    }

    @Test func pagesAreSendable() {
        Self.requireSendable(Page.self)
        Self.requireSendable(PageItem.self)
        Self.requireSendable(TextLine.self)
    }

    @Test func pagesDrawnAfterTheTypesetterIsGoneOnAnotherThreadAreTheSame() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var drawnAtOnce = Data()
        // The typesetter, its font context and every Pango layout go at the end of this scope.
        let pages: [Page] = try {
            let pages = try TestSupport.typeset(Self.markdown).pages
            drawnAtOnce = try png(of: pages, in: folder, name: "now.png")
            return pages
        }()
        let later = Task.detached { try self.png(of: pages, in: folder, name: "later.png") }
        let drawnLater = try awaitResult(later)
        #expect(!drawnAtOnce.isEmpty)
        #expect(drawnLater == drawnAtOnce)
    }

    @Test func aLineKeepsItsTextAndGlyphs() throws {
        let lines = try TestSupport.typeset("Hello, glyphs.").pages[0].items.compactMap { item -> TextLine? in
            if case let .text(line) = item, line.string.hasPrefix("Hello") { return line }
            return nil
        }
        let line = try #require(lines.first)
        #expect(line.string == "Hello, glyphs.")
        #expect(line.runs.flatMap(\.glyphs).count == 14)
        #expect(line.runs.allSatisfy { !$0.font.face.file.isEmpty && $0.font.matrix.xx > 0 })
        #expect(line.runs.map { String(decoding: $0.utf8, as: UTF8.self) }.joined() == "Hello, glyphs.")
        #expect(line.runs.flatMap(\.clusters.all).reduce(0) { $0 + Int($1.bytes) } == 14)
    }

    @Test func aMissingCharacterKeepsItsCodePointAndBox() throws {
        let runs = try TestSupport.typeset("a ꪀ b").pages[0].items.flatMap { item -> [GlyphRun] in
            if case let .text(line) = item { return line.runs }
            return []
        }
        let missing = runs.flatMap(\.missing)
        #expect(missing.map(\.character) == [0xAA80])
        #expect(missing.first?.box?.rows == 2)
    }

    /// A page Cairo refuses to draw (here, text whose clusters name more bytes than it has)
    /// fails the output with Cairo's reason, rather than leaving that page and every later one
    /// blank in a PDF that reports success.
    @Test func aPageCairoCannotDrawFailsTheOutput() throws {
        var page = try TestSupport.typeset("Hello, glyphs.").pages[0]
        let index = try #require(page.items.firstIndex { if case .text = $0 { return true }; return false })
        guard case var .text(line) = page.items[index] else { return }
        line.runs[0].utf8.removeLast()
        page.items[index] = .text(line)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try OutputWriter(format: .pdf).open(folder.appendingPathComponent("broken.pdf"))
        #expect(throws: LetterpressError.self) { try output.add(page) }
    }

    /// Waits for a task from synchronous test code.
    private func awaitResult<T: Sendable>(_ task: Task<T, Error>) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Task {
            box.result = await task.result
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}

/// Pages that wait for the page count are written to a temporary file and read back: what
/// comes back draws the same bytes.
@Suite(.fontWork) struct PageSpoolTests {
    private static let markdown = """
        ---
        exclusions:
          - {shape: circle, page: 1, center: [400, 300], radius: 40}
          - {shape: polygon, page: 1, points: [[80, 600], [160, 600], [120, 680]]}
        ---
        # Everything a page holds

        Text with **bold**, *italic*, `code`, ^[pressed](effect: 'letterpress'), ^[dashed](underline: {pattern: 'dash', color: 'red'}),
        ~~struck~~, a [link](https://example.com), a missing character ꪀ, x^[2](baselineOffset: 4) and مرحبا,
        links [up](#everything-a-page-holds) and to the [top](#top), a note[^n].

        > A quote with a bar.

        > [!TIP]
        > An alert.

        - [x] done
        - [ ] to do

        ---

        ![tone](two-tone.png)

        | a | b |
        |---|---|
        | 1 | 2 |

        ```
        code block
        ```

        [^n]: The note, which links back.
        """

    @Test func spooledPagesDrawTheSameBytes() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try TestSupport.typeset(Self.markdown).pages
        let spool = try PageSpool()
        for page in pages {
            try spool.append(Paginator.PageContent(items: page.items, outline: page.outline))
        }
        #expect(spool.count == pages.count)
        var back: [Page] = []
        try spool.drain { content in
            back.append(Page(size: pages[back.count].size, background: pages[back.count].background, items: content.items,
                             outline: content.outline))
        }
        #expect(spool.count == 0)
        #expect(back.map(\.items.count) == pages.map(\.items.count))
        #expect(back.map(\.outline) == pages.map(\.outline))
        // SVG names its surfaces by a count kept for the process, so two drawings differ there.
        for format in [OutputFormat.pdf, .png] {
            #expect(try draw(back, format: format, in: folder, name: "back") == draw(pages, format: format, in: folder, name: "original"), "\(format)")
        }
    }

    @Test func aSpoolCanBeFilledAgainAfterDraining() throws {
        let pages = try TestSupport.typeset("one\n\n\\pagebreak\n\ntwo").pages
        let spool = try PageSpool()
        var strings: [String] = []
        for round in 0..<2 {
            try spool.append(Paginator.PageContent(items: pages[round].items, outline: []))
            try spool.drain { content in
                for case let .text(line) in content.items { strings.append(line.string) }
            }
        }
        #expect(strings.filter { $0 == "one" || $0 == "two" } == ["one", "two"])
    }

    private func draw(_ pages: [Page], format: OutputFormat, in folder: URL, name: String) throws -> [Data] {
        let output = try OutputWriter(format: format, dpi: 40).open(folder.appendingPathComponent("\(name).\(format)"))
        for page in pages { try output.add(page) }
        return try output.finish().map { try Data(contentsOf: $0) }
    }
}
