import Foundation
import Testing

/// Where `render` puts its outputs when the command line does not say, or says it as other
/// tools do: beside each note, `render IN OUT` as Typst's `compile IN OUT`, never a folder
/// named like a file, never PDF bytes on a terminal.
@Suite(.serialized) struct OutputPlacementTests {
    /// A folder with `notes/a.md` and `notes/sub/b.md`.
    private func notes() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes/sub"), withIntermediateDirectories: true)
        try "# A\n\nThe first note.\n".write(to: folder.appendingPathComponent("notes/a.md"), atomically: true, encoding: .utf8)
        try "# B\n\nThe second note.\n".write(to: folder.appendingPathComponent("notes/sub/b.md"), atomically: true, encoding: .utf8)
        return folder
    }

    private func files(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func withoutOutputAFoldersNotesRenderBesideThemselves() throws {
        let folder = try notes()
        let result = try runRender(["notes", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(in: folder) == ["notes", "notes/a.md", "notes/a.pdf", "notes/sub", "notes/sub/b.md", "notes/sub/b.pdf"])
    }

    @Test func withoutOutputSeveralNotesRenderBesideThemselves() throws {
        let folder = try notes()
        let result = try runRender(["notes/a.md", "notes/sub/b.md", "--format", "svg", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(in: folder) == ["notes", "notes/a.md", "notes/a.svg", "notes/sub", "notes/sub/b.md", "notes/sub/b.svg"])
    }

    @Test func oneFileNameForSeveralNotesIsRefusedNotMadeAFolder() throws {
        let folder = try notes()
        for name in ["merged.png", "merged.svg"] {
            let result = try runRender(["notes/a.md", "notes/sub/b.md", "-o", name], in: folder)
            #expect(result.status == 2)
            #expect(result.stderr.contains("-o \(name) names one") && result.stderr.contains("-o merged/"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        }
        // A name without an output's extension, or ending in /, is still a folder.
        let intoFolder = try runRender(["notes/a.md", "notes/sub/b.md", "-o", "out", "--quiet"], in: folder)
        #expect(intoFolder.status == 0)
        #expect(files(in: folder.appendingPathComponent("out")) == ["a.pdf", "b.pdf"])
    }

    @Test func aSecondArgumentNamingAnOutputIsTheOutput() throws {
        let folder = try notes()
        let result = try runRender(["notes/a.md", "out.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out.pdf")).starts(with: Data("%PDF-".utf8)))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes/a.pdf").path))
        // Again, the output there from the first run: still the output, not an input.
        let again = try runRender(["notes/a.md", "out.png", "--dpi", "20"], in: folder)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
        // Two notes stay two notes.
        let two = try runRender(["notes/a.md", "notes/sub/b.md", "--quiet"], in: folder)
        #expect(two.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes/sub/b.pdf").path))
    }

    /// Under `script`, standard output is a terminal.
    @Test func pdfForATerminalIsRefused() throws {
        let folder = try notes()
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        script.arguments = ["-qec", "'\(TestSupport.renderExecutable.path)' - < notes/a.md", "/dev/null"]
        script.currentDirectoryURL = folder
        let pipe = Pipe()
        script.standardOutput = pipe
        try script.run()
        let shown = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        #expect(script.terminationStatus == 2)
        #expect(shown.contains("would go to the terminal") && !shown.contains("%PDF"), "\(shown)")
        // In a pipe it is written.
        let piped = try runRender(["-"], in: folder, input: Data("# Piped\n".utf8))
        #expect(piped.status == 0 && piped.stdout.starts(with: Data("%PDF-".utf8)))
    }

    @Test func watchingAFolderRendersItsNotesBesideThemAndNewOnes() throws {
        let folder = try notes()
        let process = try startRender(["--watch", "notes"], in: folder)
        defer { if process.isRunning { process.terminate() } }
        let a = folder.appendingPathComponent("notes/a.pdf")
        let b = folder.appendingPathComponent("notes/sub/b.pdf")
        #expect(waitFor { FileManager.default.fileExists(atPath: a.path) && FileManager.default.fileExists(atPath: b.path) })
        let firstB = try Data(contentsOf: b)
        let writtenA = try FileManager.default.attributesOfItem(atPath: a.path)[.modificationDate] as? Date
        try "# B changed\n\nNew text.\n".write(to: folder.appendingPathComponent("notes/sub/b.md"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: b)).map { $0 != firstB } ?? false }, "b re-rendered after its edit")
        #expect(try FileManager.default.attributesOfItem(atPath: a.path)[.modificationDate] as? Date == writtenA,
                "a, unchanged, is not written again")
        try "# C\n\nA new note.\n".write(to: folder.appendingPathComponent("notes/sub/c.md"), atomically: true, encoding: .utf8)
        #expect(waitFor { FileManager.default.fileExists(atPath: folder.appendingPathComponent("notes/sub/c.pdf").path) })
        process.terminate()
        process.waitUntilExit()
    }

    /// Whether `condition` holds within ten seconds.
    private func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<200 where !condition() { Thread.sleep(forTimeInterval: 0.05) }
        return condition()
    }
}
