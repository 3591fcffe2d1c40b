import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

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

    /// An output in memory gives the bytes a file output writes, and touches no folder: the
    /// temporary folder (`TMPDIR`) may be missing altogether.
    @Test(arguments: OutputFormat.allCases)
    func anOutputInMemoryWritesTheBytesOfTheFiles(format: OutputFormat) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var writer = OutputWriter(format: format, dpi: 30)
        let files = try writer.write(TypesetDocument(pages: Self.pages, warnings: []), to: folder.appendingPathComponent("doc.\(format.fileExtension)"))
        let output = try OutputWriter(format: format, dpi: 30).openInMemory()
        for page in Self.pages { try output.add(page) }
        let bytes = try output.finishInMemory()
        let written = try files.map { try Data(contentsOf: $0) }
        if format == .svg {
            // Cairo numbers an SVG's glyphs and surfaces across the process: the rest is the same.
            func withoutNumbers(_ files: [Data]) -> [String] {
                files.map { String(decoding: $0, as: UTF8.self).replacing(#/[0-9]+/#, with: "") }
            }
            #expect(withoutNumbers(bytes) == withoutNumbers(written))
        } else {
            #expect(bytes == written)
        }
        #expect(bytes.count == (format.writesFilePerPage ? Self.pages.count : 1))
        #expect(try output.finishInMemory() == bytes, "finishing again gives the same bytes")
        #expect(throws: LetterpressError.self) { try output.finish() }
    }

    @Test func renderingToMemoryNeedsNoTemporaryFolder() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-missing-\(UUID().uuidString)")
        let saved = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", missing.path, 1)
        defer { if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") } }
        let rendered = try Renderer().renderDocument(markdown: "# Memory\n\nNo folder is written.", as: .png)
        #expect(rendered.files.count == 1)
        #expect(rendered.files[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
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

    private func write(_ pages: ArraySlice<Page>, as format: OutputFormat, to url: URL, inputs: [URL] = []) throws -> [URL] {
        var writer = OutputWriter(format: format, dpi: 20)
        writer.inputs = inputs
        let output = try writer.open(url)
        for page in pages { try output.add(page) }
        return try output.finish()
    }

    /// A rendering replaces the pages of the one before as a set: fewer pages, or one page,
    /// leave no page of the earlier rendering beside the new ones.
    @Test(arguments: [OutputFormat.png, .svg])
    func aRenderingRemovesTheStalePagesOfTheOneBefore(format: OutputFormat) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("doc.\(format)")
        let unrelated = folder.appendingPathComponent("doc-2024.\(format)")
        try Data("mine".utf8).write(to: unrelated)
        _ = try write(Self.pages.prefix(5), as: format, to: url)
        _ = try write(Self.pages.prefix(2), as: format, to: url)
        #expect(try contents(of: folder) == ["doc-1.\(format)", "doc-2.\(format)", "doc-2024.\(format)"])
        _ = try write(Self.pages.prefix(1), as: format, to: url)
        #expect(try contents(of: folder) == ["doc-2024.\(format)", "doc.\(format)"])
        _ = try write(Self.pages.prefix(3), as: format, to: url)
        #expect(try contents(of: folder) == ["doc-1.\(format)", "doc-2.\(format)", "doc-2024.\(format)", "doc-3.\(format)"])
        #expect(try Data(contentsOf: unrelated) == Data("mine".utf8))
    }

    /// Page numbers are padded to the page count's digits, so that the files sort; a
    /// rendering with another padding replaces the earlier pages all the same.
    @Test func pageNumbersArePaddedToThePageCountsDigits() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("doc.svg")
        let twelve = ArraySlice(Array(repeating: Self.pages[0], count: 12))
        let files = try write(twelve, as: .svg, to: url)
        #expect(files.map(\.lastPathComponent) == (1...12).map { String(format: "doc-%02d.svg", $0) })
        #expect(try contents(of: folder) == files.map(\.lastPathComponent))
        _ = try write(twelve.prefix(3), as: .svg, to: url)
        #expect(try contents(of: folder) == ["doc-1.svg", "doc-2.svg", "doc-3.svg"])
        _ = try write(twelve.prefix(11), as: .svg, to: url)
        #expect(try contents(of: folder) == (1...11).map { String(format: "doc-%02d.svg", $0) })
        #expect(OutputWriter(format: .svg).existingPages(at: url).count == 11)
    }

    /// A name with `{p}` or `{0p}` is a template for every page's name, a single one's too.
    @Test func aTemplateNamesEveryPage() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let twelve = ArraySlice(Array(repeating: Self.pages[0], count: 12))
        let padded = try write(twelve, as: .svg, to: folder.appendingPathComponent("page-{0p}.svg"))
        #expect(padded.first?.lastPathComponent == "page-01.svg" && padded.last?.lastPathComponent == "page-12.svg")
        let plain = try write(twelve.prefix(10), as: .svg, to: folder.appendingPathComponent("{p}-of-doc.svg"))
        #expect(plain.map(\.lastPathComponent) == (1...10).map { "\($0)-of-doc.svg" })
        let one = try write(twelve.prefix(1), as: .svg, to: folder.appendingPathComponent("page-{0p}.svg"))
        #expect(one.map(\.lastPathComponent) == ["page-1.svg"])
        #expect(try contents(of: folder) == ((1...10).map { "\($0)-of-doc.svg" } + ["page-1.svg"]).sorted())
        #expect(try write(twelve.prefix(1), as: .pdf, to: folder.appendingPathComponent("{p}.pdf")).map(\.lastPathComponent) == ["{p}.pdf"])
    }

    /// When one page cannot be put in place (a folder has its name), no page is: the earlier
    /// rendering stays whole.
    @Test func aPageThatCannotBeReplacedLeavesEveryEarlierPage() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("doc.png")
        _ = try write(Self.pages.prefix(2), as: .png, to: url)
        let first = try Data(contentsOf: folder.appendingPathComponent("doc-1.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("doc-3.png"), withIntermediateDirectories: false)
        #expect(throws: LetterpressError.self) { try write(Self.pages.dropFirst().prefix(3), as: .png, to: url) }
        #expect(try Data(contentsOf: folder.appendingPathComponent("doc-1.png")) == first)
        #expect(try contents(of: folder) == ["doc-1.png", "doc-2.png", "doc-3.png"])
    }

    /// Only a regular file or nothing is replaced: never a FIFO, a device, or the input.
    @Test func anOutputReplacesOnlyARegularFileThatIsNoInput() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo.pdf")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: LetterpressError.self) { try write(Self.pages.prefix(1), as: .pdf, to: fifo) }
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let input = folder.appendingPathComponent("note.md")
        try Data("# Note".utf8).write(to: input)
        let link = folder.appendingPathComponent("link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "note.md")
        #expect(throws: LetterpressError.self) { try write(Self.pages.prefix(1), as: .pdf, to: link, inputs: [input]) }
        #expect(try Data(contentsOf: input) == Data("# Note".utf8))
        #expect(try contents(of: folder) == ["fifo.pdf", "link.pdf", "note.md"])
    }

    /// Re-rendering keeps the file's permissions, and writes through a symbolic link to the
    /// file it names, which stays a link.
    @Test func aReplacedFileKeepsItsModeAndItsLink() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.pdf")
        try Data("old".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        let link = folder.appendingPathComponent("out.pdf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.pdf")
        _ = try write(Self.pages.prefix(1), as: .pdf, to: link)
        var status = stat()
        #expect(lstat(link.path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(stat(target.path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(try Data(contentsOf: target).starts(with: Data("%PDF-".utf8)))
        #expect(try contents(of: folder) == ["out.pdf", "real.pdf"])
    }
}
