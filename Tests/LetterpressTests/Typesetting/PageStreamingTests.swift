import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

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
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        defer { stream.close() }
        stream.send(Array(blocks[..<100]))
        let rest = Rest(Array(blocks[100...]), of: stream)
        DispatchQueue.global().asyncAfter(deadline: .now() + 5) { rest.send() }
        var firstPageCameFirst: Bool?
        let outcome = try PageTypesetter(geometry: Self.geometry, fonts: FontContext())
            .typeset(stream, frontMatter: FrontMatter(), resources: Resources(file: "t.md", folder: nil)) { _ in
                if firstPageCameFirst == nil { firstPageCameFirst = rest.send() }
            }
        #expect(firstPageCameFirst == true)
        #expect(outcome.pageCount > 10)
    }

    /// Every page carries its footer; with the page count in it, the count is the document's,
    /// which only the last page settles.
    @Test(arguments: [false, true])
    func footersShowThePageCountWhenAsked(showsPageCount: Bool) throws {
        var theme = TestSupport.defaultTheme
        if showsPageCount { theme.page.footer?.center = "{page} of {pages}" }
        let typesetter = PageTypesetter(geometry: Self.geometry, fonts: FontContext())
        #expect(PageTypesetter.showsPageCount(theme.page) == showsPageCount)
        var footers: [String] = []
        let document = TestSupport.styled(try TestSupport.parse(Self.paragraphs(300)), theme: theme, file: "t.md")
        let outcome = try typesetter.typeset(StyledBlockStream(document), frontMatter: document.frontMatter,
                                             resources: Resources(file: "t.md", folder: nil)) { page in
            if case let .text(line) = page.items.last { footers.append(line.string) }
        }
        #expect(outcome.pageCount > 10 && footers.count == outcome.pageCount)
        let count = outcome.pageCount
        #expect(footers.dropFirst().first == (showsPageCount ? "2 of \(count)" : "2"))
        #expect(footers.last == (showsPageCount ? "\(count) of \(count)" : "\(count)"))
    }

    /// When page `n` is delivered, nothing of the pages before `n - 1` is still alive (a
    /// paragraph may run on from the page before): the typesetter keeps no page it handed on.
    /// Images are the objects a page holds, so they show it: a file of its own for each, as
    /// one file shown twice is decoded once.
    @Test func deliveredPagesAreLetGo() throws {
        let folder = try TestSupport.temporaryFolder()
        for number in 1...40 {
            try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("two-tone.png"),
                                             to: folder.appendingPathComponent("tone-\(number).png"))
        }
        let markdown = (1...40).map { "Paragraph \($0): a few words of text.\n\n![tone](tone-\($0).png)" }.joined(separator: "\n\n")
        let typesetter = PageTypesetter(geometry: Self.geometry, fonts: FontContext())
        final class Held {
            weak var image: LoadedImage?
            init(_ image: LoadedImage) { self.image = image }
        }
        var delivered: [[Held]] = []
        var aliveFromEarlierPages = 0
        let outcome = try typesetter.typeset(TestSupport.styled(try TestSupport.parse(markdown), file: "t.md"), baseURL: folder,
                                             file: "t.md") { page in
            aliveFromEarlierPages = max(aliveFromEarlierPages, delivered.dropLast().joined().filter { $0.image != nil }.count)
            delivered.append(page.items.compactMap { item in
                guard case let .image(image, _) = item else { return nil }
                return Held(image)
            })
        }
        #expect(outcome.pageCount > 5 && delivered.joined().count == 40)
        #expect(aliveFromEarlierPages == 0)
    }
}
