import Foundation
import Letterpress
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

    @Test(arguments: [OutputFormat.pdf, .png])
    func anAsyncRenderingCancelledOnItsWayWritesNoFile(format: OutputFormat) async throws {
        let (folder, note) = try folderWithNote()
        let output = folder.appendingPathComponent("long.\(format.rawValue)")
        let renderer = Renderer(options: { var options = RenderOptions(); options.dpi = 20; return options }())
        let task = Task { try await renderer.render(contentsOf: note, to: output) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try files(in: folder) == ["long.md"])
    }

    @Test func anAsyncRenderingToMemoryCancelledOnItsWayThrows() async throws {
        let task = Task { try await Renderer().renderDocument(markdown: Self.longNote, as: .pdf) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aRenderingNotCancelledIsUnchanged() async throws {
        let task = Task { try await Renderer().renderDocument(markdown: "# One\n\nA page.", as: .pdf) }
        #expect(try await task.value.pageCount == 1)
    }
}
