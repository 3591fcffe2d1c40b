import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting
import LetterpressTesting

/// `assertRendering` itself: one reference per page, named as `render` names pages, failures
/// recorded at the caller's line, and a thrown mismatch outside Swift Testing.
@Suite(.fontWork) struct AssertRenderingTests {
    private let twoPages = "One.\n\n\\pagebreak\n\nTwo."

    /// Issues recorded by `body`, which are expected.
    private func issues(_ body: () throws -> Void) throws -> [Issue] {
        let recorded = Recorded()
        try withKnownIssue(isIntermittent: true) { try body() } matching: { issue in
            recorded.append(issue)
            return true
        }
        return recorded.issues
    }

    private final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Issue] = []
        var issues: [Issue] { lock.withLock { list } }
        func append(_ issue: Issue) { lock.withLock { list.append(issue) } }
    }

    @Test func eachPageHasItsReferenceAndFailuresPointAtTheCall() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("two.png")
        let wrong = TestSupport.fixtures.appendingPathComponent("two-tone.png")
        for name in ["two-1.png", "two-2.png"] {
            try FileManager.default.copyItem(at: wrong, to: folder.appendingPathComponent(name))
        }
        let line = #line + 1
        let mismatches = try issues { try assertRendering(markdown: twoPages, matches: reference) }
        #expect(mismatches.count == 2)
        #expect(mismatches.allSatisfy { $0.sourceLocation?.line == line && $0.sourceLocation?.fileName == "AssertRenderingTests.swift" })
        #expect(mismatches.map { String(describing: $0.comments.first?.rawValue.prefix(11) ?? "") } == ["two-1.png: ", "two-2.png: "])
        // The actual pages become the references, and then the rendering matches them.
        for page in ["two-1", "two-2"] {
            let actual = folder.appendingPathComponent("\(page).actual.png")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(page).diff.png").path))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("\(page).png"))
            try FileManager.default.moveItem(at: actual, to: folder.appendingPathComponent("\(page).png"))
        }
        try assertRendering(markdown: twoPages, matches: reference)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("two-1.diff.png").path))
        // A page the document no longer has, and a page without a reference.
        try FileManager.default.copyItem(at: wrong, to: folder.appendingPathComponent("two-3.png"))
        let stale = try issues { try assertRendering(markdown: twoPages, matches: reference) }
        #expect(stale.map { $0.comments.first?.rawValue ?? "" } == ["two-3.png is a reference page the document no longer has (2 pages now)"])
        let missing = try issues { try assertRendering(markdown: twoPages + "\n\n\\pagebreak\n\nThree.\n\n\\pagebreak\n\nFour.", matches: reference) }
        #expect(missing.count == 2 && missing.last?.comments.first?.rawValue.hasPrefix("no reference image two-4.png") == true)
    }

    /// Recording is set in code as well as by the environment: `.missing` records the pages
    /// that have no reference and compares the others, `.all` records every page and removes
    /// the ones the document no longer has; both fail, naming what they recorded.
    @Test func recordModesRecordWhatIsMissingOrEverything() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("two.png")
        let wrong = TestSupport.fixtures.appendingPathComponent("two-tone.png")
        try FileManager.default.copyItem(at: wrong, to: folder.appendingPathComponent("two-1.png"))
        let missing = try issues { try assertRendering(markdown: twoPages, matches: reference, check: RenderingCheck(record: .missing)) }
        #expect(missing.map { ($0.comments.first?.rawValue ?? "").replacing(/[0-9]+(\.[0-9]+)?/, with: "N") }
                    == ["two-N.png: N pixels differ (N%, tolerance N%); see two-N.actual.png and two-N.diff.png",
                        "recorded two-N.png, which was missing; look at it, then run again without recording"],
                "the first page is compared, the second recorded")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("two-2.png").path))
        try FileManager.default.copyItem(at: wrong, to: folder.appendingPathComponent("two-3.png"))
        let all = try issues { try assertRendering(markdown: twoPages, matches: reference, check: RenderingCheck(record: .all)) }
        #expect(all.map { $0.comments.first?.rawValue ?? "" } == ["recorded 2 reference pages; look at them, then run again without recording"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("two-3.png").path))
        try assertRendering(markdown: twoPages, matches: reference, check: RenderingCheck(record: .never))
    }

    /// Outside a Swift Testing test (XCTest, a script) the first failure is thrown, naming the call.
    @Test func outsideSwiftTestingAMismatchIsThrownWithTheCallersLine() async throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let reference = folder.appendingPathComponent("one.png")
        let line = #line + 2
        let thrown = await Task.detached { () -> (any Error)? in
            do { try assertRendering(markdown: "One.", matches: reference) } catch { return error }
            return nil
        }.value
        let mismatch = try #require(thrown as? RenderingMismatch)
        #expect(mismatch.caller.hasSuffix("AssertRenderingTests.swift:\(line)"))
        #expect(mismatch.message.hasPrefix("no reference image one.png"))
    }
}
