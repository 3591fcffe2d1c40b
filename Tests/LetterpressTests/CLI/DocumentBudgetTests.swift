import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `--limit-time` and `--limit-memory`: a document past either fails alone, naming the limit,
/// and leaves no output; the others of a batch go on.
@Suite(.serialized) struct DocumentBudgetTests {
    /// Some 3 MB of prose: seconds of work in any build.
    private static let long = String(repeating: "A paragraph of words that fills a line or two of the page, and more words. \n\n",
                                     count: 40_000)

    private func folder() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try Data(Self.long.utf8).write(to: folder.appendingPathComponent("long.md"))
        try Data("# Short\n\nA short note.\n".utf8).write(to: folder.appendingPathComponent("short.md"))
        return folder
    }

    @Test func aDocumentPastTheTimeLimitFailsAloneAndLeavesNothing() throws {
        let folder = try folder()
        let alone = try runRender(["long.md", "-o", "long.pdf", "--limit-time", "1"], in: folder)
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("long.md: error: stopped past the time limit of 1 s (--limit-time)"), "\(alone.stderr)")
        for jobs in ["1", "2"] {
            let batch = try runRender(["long.md", "short.md", "-o", "out-\(jobs)/", "--limit-time", "1", "--jobs", jobs], in: folder)
            #expect(batch.status == 1)
            #expect(batch.stderr.contains("rendered 1 of 2 files (1 failed)"), "\(batch.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out-\(jobs)").path)
            #expect(written == ["short.pdf"], "\(written)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["long.md", "out-1", "out-2", "short.md"], "\(files)")
    }

    @Test func aDocumentPastTheMemoryLimitFailsNamingIt() throws {
        let folder = try folder()
        let result = try runRender(["short.md", "-o", "short.pdf", "--limit-memory", "1"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("short.md: error: stopped past the memory limit of 1 MB (--limit-memory)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("short.pdf").path))
        let unlimited = try runRender(["short.md", "-o", "short.pdf", "--limit-memory", "0", "--limit-time", "0"], in: folder)
        #expect(unlimited.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("short.pdf").path))
    }

    @Test func limitsOutsideTheirRangeAreUsageErrors() throws {
        let folder = try folder()
        for arguments in [["--limit-time", "-1"], ["--limit-time", "nan"], ["--limit-memory", "-5"]] {
            #expect(try runRender(["short.md"] + arguments, in: folder).status == 2)
        }
    }
}
