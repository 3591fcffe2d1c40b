import Foundation
import Testing
@testable import Letterpress

/// Pages leave the typesetter as soon as they are finished, and it keeps none of them after,
/// so that memory holds a few pages however long the document; unless a header or footer
/// shows the page count, which only the last page settles.
@Suite(.fontWork) struct PageStreamingTests {
    private static let geometry = PageGeometry(size: .a5, margins: Margins(top: 48, right: 48, bottom: 48, left: 48))

    private static func paragraphs(_ count: Int) -> String {
        (1...count).map { "Paragraph \($0): a few words of text, enough to fill two lines of a small page." }
            .joined(separator: "\n\n")
    }

    /// The rest of a document, sent once: by the test, or after a while, so that a typesetter
    /// that waits for the end fails the test rather than hanging it.
    private final class Rest: @unchecked Sendable {
        private let lock = NSLock()
        private var blocks: [StyledBlock]?
        private let stream: StyledBlockStream

        init(_ blocks: [StyledBlock], of stream: StyledBlockStream) {
            self.blocks = blocks
            self.stream = stream
        }

        /// Sends the rest and ends the stream; true the first time.
        @discardableResult
        func send() -> Bool {
            guard let blocks = lock.withLock({ () -> [StyledBlock]? in
                defer { self.blocks = nil }
                return self.blocks
            }) else { return false }
            stream.send(blocks)
            stream.finish(.init(footnotes: [], warnings: []))
            return true
        }
    }

    @Test func theFirstPageComesBeforeTheLastBlockIsParsed() throws {
        let theme = TestSupport.defaultTheme
        var warnings: [Warning] = []
        let blocks = Styler(theme: theme).style(try TestSupport.parse(Self.paragraphs(200)).blocks,
                                                paragraph: theme.body.text, warnings: &warnings)
        let stream = StyledBlockStream()
        defer { stream.close() }
        stream.send(Array(blocks[..<100]))
        let rest = Rest(Array(blocks[100...]), of: stream)
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { rest.send() }
        var firstPageCameFirst: Bool?
        let outcome = try Typesetter(theme: theme, geometry: Self.geometry, fonts: FontContext())
            .typeset(stream, frontMatter: FrontMatter(), baseURL: nil, file: "t.md") { _ in
                if firstPageCameFirst == nil { firstPageCameFirst = rest.send() }
            }
        #expect(firstPageCameFirst == true)
        #expect(outcome.pageCount > 10)
    }

    /// When page `n` is delivered, no line of pages before `n - 1` is still alive (a paragraph
    /// may run on from the page before); with the page count in the footer, every page is
    /// still held when the first is delivered.
    @Test(arguments: [false, true])
    func deliveredPagesAreLetGo(showsPageCount: Bool) throws {
        var theme = TestSupport.defaultTheme
        if showsPageCount { theme.page.footer?.center = "{page} of {pages}" }
        let typesetter = Typesetter(theme: theme, geometry: Self.geometry, fonts: FontContext())
        #expect(typesetter.showsPageCount == showsPageCount)
        final class Line {
            weak var layout: TextLayout?
            init(_ layout: TextLayout) { self.layout = layout }
        }
        var delivered: [[Line]] = []
        var aliveFromEarlierPages = 0
        var footers: [String] = []
        let outcome = try typesetter.typeset(try TestSupport.parse(Self.paragraphs(300)), baseURL: nil, file: "t.md") { page in
            aliveFromEarlierPages = max(aliveFromEarlierPages, delivered.dropLast().joined().filter { $0.layout != nil }.count)
            delivered.append(page.items.compactMap { item in
                guard case let .text(layout, _, _) = item else { return nil }
                return Line(layout)
            })
            if case let .text(layout, _, _) = page.items.last { footers.append(layout.text.string) }
        }
        #expect(outcome.pageCount > 10 && delivered.count == outcome.pageCount)
        #expect(aliveFromEarlierPages == 0)
        let count = outcome.pageCount
        #expect(footers.dropFirst().first == (showsPageCount ? "2 of \(count)" : "2"))
        #expect(footers.last == (showsPageCount ? "\(count) of \(count)" : "\(count)"))
    }
}
