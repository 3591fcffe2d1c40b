import Foundation
import Letterpress
import LetterpressCore
import Synchronization
import Testing

/// A cancelled task stops its rendering at the next block or page with `CancellationError`,
/// and leaves no file, not even a temporary one.
@Suite(.fontWork) struct CancellationTests {
    /// Some hundred pages: long enough that a rendering cancelled on its way is still under way.
    static let longNote = (1...1500).map { "Paragraph \($0): *bold* words, `code` and a [link](https://example.com) to wrap a line." }
        .joined(separator: "\n\n")

    private func folderWithNote() throws -> (folder: URL, note: URL) {
        let folder = try TestSupport.temporaryFolder()
        let note = folder.appendingPathComponent("long.md")
        try Data(Self.longNote.utf8).write(to: note)
        return (folder, note)
    }

    private func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aTaskCancelledWhileItTypesetsStopsAtTheNextPage() async throws {
        let styled = Styler(theme: try Theme.named("default")).style(try Document(parsing: Self.longNote))
        let task = Task { () -> (delivered: Int, error: (any Error)?) in
            var delivered = 0
            do {
                _ = try Typesetter().typeset(styled) { _ in
                    delivered += 1
                    if delivered == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return (delivered, nil)
            } catch {
                return (delivered, error)
            }
        }
        let (delivered, error) = await task.value
        #expect(error is CancellationError)
        #expect(delivered == 2)
    }

    @Test func aCancelledTaskWritesNoFile() async throws {
        let (folder, note) = try folderWithNote()
        let output = folder.appendingPathComponent("long.pdf")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try Renderer().render(contentsOf: note, to: output)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try files(in: folder) == ["long.md"])
    }

    @Test func aCancellationFlagSetWhileItTypesetsStopsAtTheNextPage() throws {
        // The flag an `async` rendering's thread reads, set as the second page goes out: the
        // path a task's cancellation takes when the rendering runs outside every task.
        let styled = Styler(theme: try Theme.named("default")).style(try Document(parsing: Self.longNote))
        let flag = Cancellation.Flag()
        var delivered = 0
        #expect(throws: CancellationError.self) {
            try Cancellation.checking(flag) {
                _ = try Typesetter().typeset(styled) { _ in
                    delivered += 1
                    if delivered == 2 { flag.set() }
                }
            }
        }
        #expect(delivered == 2)
    }

    @Test(arguments: [OutputFormat.pdf, .png])
    func anAsyncRenderingCancelledOnItsWayWritesNoFile(format: OutputFormat) async throws {
        let (folder, note) = try folderWithNote()
        let output = folder.appendingPathComponent("long.\(format.rawValue)")
        let renderer = Renderer(options: { var options = RenderOptions(); options.dpi = 20; return options }())
        let task = Task { try await renderer.render(contentsOf: note, to: output) }
        // Cancelled once the first temporary file is there, so the rendering is on its way.
        let folderPath = folder.path
        Canceller.cancel(task) { ((try? FileManager.default.contentsOfDirectory(atPath: folderPath))?.count ?? 0) > 1 }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try files(in: folder) == ["long.md"])
    }

    @Test func anAsyncRenderingToMemoryCancelledOnItsWayThrows() async throws {
        let started = Atomic<Bool>(false)
        let task = Task {
            started.store(true, ordering: .releasing)
            return try await Renderer().renderDocument(markdown: Self.longNote, as: .pdf)
        }
        Canceller.cancel(task, after: .milliseconds(20)) { started.load(ordering: .acquiring) }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aRenderingNotCancelledIsUnchanged() async throws {
        let task = Task { try await Renderer().renderDocument(markdown: "# One\n\nA page.", as: .pdf) }
        #expect(try await task.value.pageCount == 1)
    }
}

/// Cancels a task from a thread of its own as soon as a condition holds. A test's own wake-up
/// (`Task.sleep`) waits for one of the few threads every task shares, which a loaded test run
/// can keep busy for longer than a whole rendering takes.
private enum Canceller {
    static func cancel<T>(_ task: Task<T, any Error>, after delay: Duration = .zero,
                          when condition: @escaping @Sendable () -> Bool) {
        Thread.detachNewThread {
            while !condition() { usleep(500) }
            Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
            task.cancel()
        }
    }
}
