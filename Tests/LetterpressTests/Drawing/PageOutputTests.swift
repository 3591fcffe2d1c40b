import Foundation
import Testing
@testable import Letterpress

/// Pages are written as they come, under temporary names until the output is finished.
@Suite(.fontWork) struct PageOutputTests {
    private static let pages: [Page] = {
        let markdown = (1...40).map { "Paragraph \($0) of a document that takes a few pages." }.joined(separator: "\n\n")
        let geometry = PageGeometry(size: PageSize(width: 298, height: 420), margins: Margins(top: 36, right: 36, bottom: 36, left: 36))
        return try! TestSupport.typeset(markdown, geometry: geometry).pages
    }()

    private func contents(of folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// An output dropped before `finish` (a failure, or `--strict` finding warnings) leaves no
    /// file, not even the pages already compressed.
    @Test(arguments: OutputFormat.allCases)
    func anUnfinishedOutputLeavesNothing(format: OutputFormat) throws {
        #expect(Self.pages.count >= 3)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let output = try OutputWriter(format: format, dpi: 30).open(folder.appendingPathComponent("doc.\(format)"))
            for page in Self.pages { try output.add(page) }
            #expect(try contents(of: folder).count == (format == .pdf ? 1 : Self.pages.count), "temporary files while writing")
        }
        #expect(try contents(of: folder) == [])
    }

    @Test(arguments: OutputFormat.allCases)
    func finishingNamesTheFilesForThePageCount(format: OutputFormat) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for count in [1, Self.pages.count] {
            let output = try OutputWriter(format: format, dpi: 30).open(folder.appendingPathComponent("d\(count).\(format)"))
            for page in Self.pages.prefix(count) { try output.add(page) }
            let files = try output.finish()
            #expect(files.count == (format == .pdf ? 1 : count))
        }
        let expected = ["d1.\(format)"] + (format == .pdf ? ["d\(Self.pages.count).pdf"]
            : (1...Self.pages.count).map { "d\(Self.pages.count)-\($0).\(format)" })
        #expect(try contents(of: folder) == expected.sorted())
    }

    /// Each page's file is closed once the page is written: a document of a thousand pages
    /// must not hold a thousand descriptors (the usual limit is 1,024).
    @Test(arguments: [OutputFormat.png, .svg])
    func writtenPagesCloseTheirFiles(format: OutputFormat) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = Array(repeating: Self.pages, count: 40).flatMap { $0 }
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        let output = try OutputWriter(format: format, dpi: 5).open(folder.appendingPathComponent("many.\(format)"))
        let before = try openDescriptors()
        for page in pages { try output.add(page) }
        // Other tests open files meanwhile; a descriptor per page would be over a hundred.
        #expect(try openDescriptors() - before < pages.count / 2)
        #expect(try output.finish().count == pages.count)
    }
}
