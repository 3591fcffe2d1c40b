import Foundation
import Testing
@testable import LetterpressCore

/// Notes written for Obsidian that embed each other, through `render` itself: every embed ends,
/// within the sandbox.
@Suite(.fontWork) struct HostileDialectTests {
    @Test func notesEmbeddingEachOtherEndWithAWarning() throws {
        var files: [String: Any] = [".obsidian/app.json": "{}", "A.md": "# A\n\n![[B]]\n", "B.md": "B says:\n\n![[A]]\n",
                                    "notes/D.md": "![[B]]\n"]
        // A chain deeper than embeds go: C0 embeds C1, which embeds C2, …
        for level in 0..<8 { files["chain/C\(level).md"] = "Level \(level).\n\n![[C\(level + 1)]]\n" }
        files["chain/C8.md"] = "The end."
        let vault = try Hostile.folder(with: files)
        defer { try? FileManager.default.removeItem(at: vault) }
        let mutual = try Hostile.run(["A.md", "-o", "a.pdf"], in: vault)
        #expect(mutual.status == 0)
        #expect(mutual.stderr.contains("'![[A]]' is shown as a reference: the note embeds itself"), "\(mutual.stderr)")
        let chain = try Hostile.run(["chain/C0.md", "-o", "c.pdf"], in: vault)
        #expect(chain.status == 0)
        #expect(chain.stderr.contains("'![[C5]]' is shown as a reference: notes embed notes more than 4 deep"), "\(chain.stderr)")
        let sandboxed = try Hostile.run(["chain/C0.md", "--sandbox", "-o", "s.pdf"], in: vault)
        #expect(sandboxed.status == 0 && sandboxed.stderr.contains("C5"), "the chain's notes are all in the note's folder")
        let outside = try Hostile.run(["notes/D.md", "--sandbox", "-o", "o.pdf"], in: vault)
        #expect(outside.stderr.contains("'![[B]]' is shown as a reference: the note lies outside the note's folder (--sandbox)"), "\(outside.stderr)")
    }

    @Test func embeddedNotesBringInAtMostFourTimesTheNote() throws {
        let vault = try Hostile.folder(with: [".obsidian/app.json": "{}", "big.md": String(repeating: "word ", count: 100_000)])
        defer { try? FileManager.default.removeItem(at: vault) }
        let note = vault.appendingPathComponent("note.md").path
        let embeds = NoteEmbeds(note: note, size: 1_000, sandbox: nil)
        let results = (0..<20).map { _ in embeds.note("big") }
        let brought = results.filter { if case .success = $0 { true } else { false } }.count
        #expect(brought == (4 * 1_000 + NoteEmbeds.allowance) / 500_000)
        if case let .failure(problem) = results.last { #expect(problem == .tooMuch) } else { Issue.record("the last embed was brought in") }
    }
}
