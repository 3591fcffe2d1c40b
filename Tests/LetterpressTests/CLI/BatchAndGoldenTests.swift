import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

private func note(_ number: Int) -> String {
    "# Note \(number)\n\n" + String(repeating: "Words of note \(number) fill the page. ", count: 30)
}

@Suite(.serialized) struct BatchAndGoldenTests {
    private func folder(notes count: Int, extra: [String: Data] = [:]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for number in 0..<count {
            let name = number % 3 == 0 ? "sub/n\(number).md" : "n\(number).md"
            try Data(note(number).utf8).write(to: input.appendingPathComponent(name))
        }
        for (name, data) in extra { try data.write(to: input.appendingPathComponent(name)) }
        return folder
    }

    private func tree(_ folder: URL) throws -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func batchesMirrorFoldersAreIdenticalAcrossJobsAndSurviveBadInputs() throws {
        var random = SystemRandomNumberGenerator()
        let noise = Data((0..<4000).map { _ in UInt8.random(in: 0...255, using: &random) })
        let folder = try folder(notes: 12, extra: ["noise.md": noise, "bad.md": Data("---\ntitle: [\n---\nx".utf8)])
        let one = try runRender(["in", "-o", "one", "--format", "png", "--dpi", "30", "--jobs", "1"], in: folder)
        let two = try runRender(["in", "-o", "two", "--format", "png", "--dpi", "30", "--jobs", "2"], in: folder)
        for result in [one, two] {
            #expect(result.status == 1, "bad.md fails the batch")
            #expect(result.stderr.contains("in/bad.md:3:"))
            #expect(result.stderr.contains("rendered 13 of 14 files (1 failed)"))
            #expect(!result.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
        }
        let files = try tree(folder.appendingPathComponent("one"))
        #expect(files.contains("sub/n0.png") && files.contains("n1.png"), "\(files)")
        #expect(files.contains { $0.hasPrefix("noise") } && !files.contains { $0.hasPrefix("bad") })
        #expect(files == (try tree(folder.appendingPathComponent("two"))))
        for file in files where file.hasSuffix(".png") {
            let a = try Data(contentsOf: folder.appendingPathComponent("one/\(file)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("two/\(file)"))
            #expect(a == b, "\(file) differs between --jobs 1 and --jobs 2")
        }
        let quiet = try runRender(["in", "-o", "three", "--quiet"], in: folder)
        #expect(quiet.status == 1 && !quiet.stderr.contains("rendered"))
    }

    /// The workers of a batch get every option the command line gave, as a file rendered alone
    /// does: margins went to them as numbers they could not read, and every file failed.
    @Test func workersRenderWithTheBatchsOptions() throws {
        let folder = try folder(notes: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = ["--margin", "10mm,1in", "--page-size", "a5", "--text-size", "xLarge", "--locale", "de", "--date", "2024-03-14"]
        let batch = try runRender(["in", "-o", "batch", "--jobs", "2"] + options, in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        let alone = try runRender(["in/n1.md", "-o", "n1.pdf"] + options, in: folder)
        #expect(alone.status == 0, "\(alone.stderr)")
        let batched = try Data(contentsOf: folder.appendingPathComponent("batch/n1.pdf"))
        #expect(batched == (try Data(contentsOf: folder.appendingPathComponent("n1.pdf"))))
    }

    @Test func shardsAreDisjointAndCoverEveryInput() throws {
        let folder = try folder(notes: 10)
        var all: [String] = []
        for index in 1...3 {
            let result = try runRender(["in", "-o", "s\(index)", "--shard", "\(index)/3", "--quiet"], in: folder)
            #expect(result.status == 0)
            all += try tree(folder.appendingPathComponent("s\(index)")).filter { $0.hasSuffix(".pdf") }
        }
        #expect(all.count == 10 && Set(all).count == 10)
        #expect(try runRender(["in", "--shard", "4/3"], in: folder).status == 2)
    }

    // ThreadSanitizer defers signals until the receiving thread makes a call it intercepts, so
    // a batch it runs finishes before it sees SIGINT; `make sanitize` sets this variable.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LETTERPRESS_SANITIZER"] != "thread"))
    func interruptingABatchLeavesNoPartialFile() throws {
        let folder = try folder(notes: 150)
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = ["in", "-o", "out", "--format", "png", "--dpi", "300", "--jobs", "2"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Once both workers run (on a loaded machine a debug build takes more than a second to
        // start them, and a SIGINT before the batch handles it is lost where the test runner
        // ignores it), as Ctrl-C in a terminal does: the batch and its workers at once.
        var workers: [Int32] = []
        for _ in 0..<500 where workers.count < 2 {
            Thread.sleep(forTimeInterval: 0.02)
            workers = childProcesses(of: process.processIdentifier)
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(workers.count == 2)
        process.interrupt()
        for worker in workers { kill(worker, SIGINT) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let leftovers = try tree(folder.appendingPathComponent("out")).filter { $0.split(separator: "/").last?.hasPrefix(".") == true }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        // Said once, by the batch: not by each worker, nor as a file a worker failed on.
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == "interrupted; no partial output was left\n")
    }

    /// A page's temporary file made just as the interrupt comes is removed too. Three batches
    /// at once keep the cores busy, which widens the moment: before the fix, about one run in
    /// six left a file.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LETTERPRESS_SANITIZER"] != "thread"))
    func interruptingManyPageNotesLeavesNoTemporaryFile() throws {
        let folder = try TestSupport.temporaryFolder()
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let long = (1...700).map { "Paragraph \($0) of a note of many short pages." }.joined(separator: "\n\n")
        for number in 0..<12 { try long.write(to: input.appendingPathComponent("n\(number).md"), atomically: true, encoding: .utf8) }
        for round in 0..<10 {
            let batches = try (0..<3).map { batch in
                try startRender(["in", "-o", "out\(round)-\(batch)", "--format", "png", "--dpi", "40", "--jobs", "2"], in: folder)
            }
            Thread.sleep(forTimeInterval: 0.4 + Double(round % 4) * 0.1)
            for process in batches {
                let workers = childProcesses(of: process.processIdentifier)
                process.interrupt()
                for worker in workers { kill(worker, SIGINT) }
            }
            for (batch, process) in batches.enumerated() {
                process.waitUntilExit()
                let leftovers = try tree(folder.appendingPathComponent("out\(round)-\(batch)"))
                    .filter { $0.split(separator: "/").last?.hasPrefix(".") == true }
                #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
            }
        }
    }

    /// Inputs whose outputs would be one file are refused, each naming the other; the rest
    /// render, and the batch fails.
    @Test func inputsWithTheSameOutputAreRefusedAndTheOthersRender() throws {
        let folder = try folder(notes: 2)
        for (name, text) in [("in/n1.markdown", "# Other"), ("x/n.md", "# X"), ("y/n.md", "# Y"), ("in/n1-2.md", "# Page")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let pdf = try runRender(["in", "x/n.md", "y/n.md", "-o", "out"], in: folder)
        #expect(pdf.status == 1)
        #expect(pdf.stderr.contains("in/n1.md: error: not rendered: in/n1.markdown renders to the same out/n1.pdf"))
        #expect(pdf.stderr.contains("in/n1.markdown: error: not rendered: in/n1.md renders to the same out/n1.pdf"))
        #expect(pdf.stderr.contains("x/n.md: error: not rendered: y/n.md") && pdf.stderr.contains("y/n.md: error: not rendered: x/n.md"))
        #expect(pdf.stderr.contains("rendered 2 of 6 files (4 failed)"))
        #expect(try fileNames(in: folder.appendingPathComponent("out")) == ["n1-2.pdf", "sub"])
        let png = try runRender(["in/n1.md", "in/n1-2.md", "in/sub/n0.md", "-o", "png", "--format", "png", "--dpi", "20"], in: folder)
        #expect(png.status == 1 && png.stderr.contains("in/n1-2.md: error: not rendered: its output png/n1-2.png is the name of one of in/n1.md's pages"))
        #expect(try fileNames(in: folder.appendingPathComponent("png")) == ["n0.png"])
    }

    /// With `--jobs 1` too, a note that crashes its renderer fails alone, and the batch ends
    /// with its summary.
    @Test func aCrashWithOneJobLosesOnlyItsInput() throws {
        let folder = try TestSupport.temporaryFolder()
        let long = (1...3000).map { "Paragraph \($0) of a note of many pages." }.joined(separator: "\n\n")
        for number in 0..<3 { try long.write(to: folder.appendingPathComponent("n\(number).md"), atomically: true, encoding: .utf8) }
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = [".", "-o", "out", "--jobs", "1"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var workers: [Int32] = []
        for _ in 0..<100 where workers.isEmpty {
            Thread.sleep(forTimeInterval: 0.02)
            workers = childProcesses(of: process.processIdentifier)
        }
        #expect(workers.count == 1, "one worker process")
        for worker in workers { kill(worker, SIGKILL) }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(said.contains("./n0.md: error: the renderer stopped on this input (signal 9); the others go on"), "\(said)")
        #expect(said.contains("rendered 2 of 3 files (1 failed)"))
    }

    /// `--golden` over several notes checks them as a batch renders: `--jobs` worker processes
    /// at once; the summary keeps the notes' order whichever finishes first.
    @Test func goldenChecksRunInParallelWorkers() throws {
        let folder = try TestSupport.temporaryFolder()
        let long = (1...1500).map { "Paragraph \($0) of a note of many pages." }.joined(separator: "\n\n")
        for number in 0..<4 { try long.write(to: folder.appendingPathComponent("n\(number).md"), atomically: true, encoding: .utf8) }
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = [".", "--golden", "golden/", "--dpi", "10", "--jobs", "2"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var workers: [Int32] = []
        for _ in 0..<250 where workers.count < 2 {
            Thread.sleep(forTimeInterval: 0.02)
            workers = childProcesses(of: process.processIdentifier)
        }
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(workers.count == 2, "two worker processes")
        #expect(process.terminationStatus == 2, "only references missing")
        #expect(said.contains("golden: 0 of 4 notes match; no reference: ./n0.md, ./n1.md, ./n2.md, ./n3.md"), "\(said)")
    }

    /// The processes whose parent is `parent`, from `/proc`.
    private func childProcesses(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 2 else { return nil }
            // After the name: state, then the parent's id.
            return Int32(fields[1]) == parent ? pid : nil
        }
    }

    @Test func pdfCreationDateComesFromSourceDateEpochWhenTheNoteHasNone() throws {
        let folder = try folder(notes: 1)
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = ["in/sub/n0.md", "-o", "n.pdf"]
        process.currentDirectoryURL = folder
        process.environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        try process.run()
        process.waitUntilExit()
        let pdf = String(decoding: try Data(contentsOf: folder.appendingPathComponent("n.pdf")), as: UTF8.self)
        #expect(pdf.contains("20231114221320"))
    }

    @Test func compareTellsIdenticalAntiAliasedAndDifferentApart() throws {
        let folder = try folder(notes: 3)
        let run = { (arguments: [String]) in try runRender(arguments, in: folder) }
        #expect(try run(["in/n1.md", "-o", "a.png", "--dpi", "40"]).status == 0)
        #expect(try run(["in/n1.md", "-o", "b.png", "--dpi", "40"]).status == 0)
        #expect(try run(["in/n1.md", "-o", "shifted.png", "--dpi", "40", "--margin", "64.3,68,64,68"]).status == 0)
        #expect(try run(["in/n2.md", "-o", "other.png", "--dpi", "40"]).status == 0)
        let same = try run(["compare", "a.png", "b.png"])
        #expect(same.status == 0 && String(decoding: same.stdout, as: UTF8.self).hasPrefix("0 of "))
        let shifted = try run(["compare", "a.png", "shifted.png", "--tolerance", "1%"])
        #expect(shifted.status == 0, "a fraction of a point moves mostly anti-aliased edges")
        let other = try run(["compare", "a.png", "other.png", "--diff", "diff.png"])
        #expect(other.status == 1)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("diff.png").path))
        #expect(try run(["compare", "a.png", "missing.png"]).status == 2)
        #expect(try run(["in/n1.md", "-o", "a.pdf"]).status == 0)
        #expect(try run(["in/n2.md", "-o", "b.pdf"]).status == 0)
        #expect(try run(["compare", "a.pdf", "a.pdf", "--dpi", "30"]).status == 0)
        #expect(try run(["compare", "a.pdf", "b.pdf", "--dpi", "30"]).status == 1)
        #expect(try run(["compare", "a.pdf", "a.png"]).status == 1, "a PDF page and a PNG of another size differ")
    }

    /// A golden test must fail, not error out, when a page grows or the page count changes.
    @Test func pagesOfOtherSizesOrCountsDifferOverTheirUnion() throws {
        let folder = try folder(notes: 2)
        let run = { (arguments: [String]) in try runRender(arguments, in: folder) }
        let long = (1...60).map { "Paragraph \($0) with enough words to fill a line or two of the page." }.joined(separator: "\n\n")
        try long.write(to: folder.appendingPathComponent("long.md"), atomically: true, encoding: .utf8)
        #expect(try run(["in/n1.md", "-o", "a4.png", "--dpi", "20"]).status == 0)
        #expect(try run(["in/n1.md", "-o", "a5.png", "--dpi", "20", "--page-size", "a5"]).status == 0)
        let sizes = try run(["compare", "a4.png", "a5.png", "--diff", "sizes.png"])
        #expect(sizes.status == 1)
        #expect(String(decoding: sizes.stdout, as: UTF8.self).contains("117×166 pixels, expected 166×234"), "\(String(decoding: sizes.stdout, as: UTF8.self))")
        let diff = try RasterImage.png(folder.appendingPathComponent("sizes.png"))
        #expect(diff.width == 166 && diff.height == 234, "the union of the two pages")
        #expect(diff.pixels[diff.width * diff.height - 1] == 0x0050FF, "blue where only one page has pixels")
        #expect(try run(["in/n1.md", "-o", "short.pdf"]).status == 0)
        #expect(try run(["long.md", "-o", "long.pdf"]).status == 0)
        let counts = try run(["compare", "short.pdf", "long.pdf", "--dpi", "20"])
        #expect(counts.status == 1)
        let lines = String(decoding: counts.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.first == "long.pdf has 3 pages, short.pdf has 1" || lines.first?.hasPrefix("long.pdf has") == true)
        #expect(lines.contains { $0.hasPrefix("page 2: ") && $0.contains("(100.0000%)") })
    }

    @Test func goldenRendersAndComparesInOneStep() throws {
        let folder = try folder(notes: 3)
        let missing = try runRender(["in/n1.md", "--golden", "golden/n1.png", "--dpi", "30"], in: folder)
        #expect(missing.status == 2)
        #expect(try runRender(["in/n1.md", "--golden", "golden/n1.png", "--dpi", "30", "--update-golden"], in: folder).status == 0)
        #expect(try runRender(["in/n1.md", "--golden", "golden/n1.png", "--dpi", "30"], in: folder).status == 0)
        let differs = try runRender(["in/n2.md", "--golden", "golden/n1.png", "--dpi", "30"], in: folder)
        #expect(differs.status == 1)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("golden/n1.diff.png").path))
        #expect(missing.stderr.contains("--update-golden"))
        // A different page count differs (exit 1), and an update removes pages that are gone.
        let long = String(repeating: "A sentence that fills the page. ", count: 900)
        try long.write(to: folder.appendingPathComponent("in/long.md"), atomically: true, encoding: .utf8)
        let pages = try runRender(["in/long.md", "--golden", "golden/n1.png", "--dpi", "30"], in: folder)
        #expect(pages.status == 1 && String(decoding: pages.stdout, as: UTF8.self).contains("the reference has 1"))
        #expect(try runRender(["in/long.md", "--golden", "golden/long.png", "--dpi", "30", "--update-golden"], in: folder).status == 0)
        #expect(try runRender(["in/n1.md", "--golden", "golden/long.png", "--dpi", "30", "--update-golden"], in: folder).status == 0)
        let names = try fileNames(in: folder.appendingPathComponent("golden"))
        #expect(names.contains("long.png") && !names.contains("long-1.png"))
    }

    /// `--golden` and `compare --diff` never write over a file compared, the note, or anything
    /// but a regular file, and read only regular files: a folder or FIFO is an error, not a
    /// crash or a wait.
    @Test func goldenAndCompareKeepInputsAndSpecialFiles() throws {
        let folder = try folder(notes: 3)
        let run = { (arguments: [String]) in try runRender(arguments, in: folder) }
        let note = try Data(contentsOf: folder.appendingPathComponent("in/n1.md"))
        #expect(try run(["in/n1.md", "--golden", "in/n1.md", "--update-golden"]).status == 2)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "in/n1.md")
        let linked = try run(["in/n1.md", "--golden", "link.png", "--update-golden", "--dpi", "20"])
        #expect(linked.status == 1 && linked.stderr.contains("it is the input"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("in/n1.md")) == note)
        #expect(try run(["in/n1.md", "-o", "a.png", "--dpi", "20"]).status == 0)
        #expect(try run(["in/n2.md", "-o", "b.png", "--dpi", "20"]).status == 0)
        let a = try Data(contentsOf: folder.appendingPathComponent("a.png"))
        #expect(try run(["compare", "a.png", "b.png", "--diff", "a.png"]).status == 2)
        #expect(try Data(contentsOf: folder.appendingPathComponent("a.png")) == a)
        #expect(mkfifo(folder.appendingPathComponent("fifo.png").path, 0o644) == 0)
        #expect(try run(["compare", "a.png", "b.png", "--diff", "fifo.png"]).status == 2)
        var status = stat()
        #expect(lstat(folder.appendingPathComponent("fifo.png").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let fifo = try run(["compare", "fifo.png", "fifo.png"])
        #expect(fifo.status == 2 && fifo.stderr.contains("is a FIFO, not a regular file"))
        #expect(try run(["in/n1.md", "--golden", "fifo.png"]).status == 2)
        #expect(try run(["in/n1.md", "--golden", "fifo.png", "--update-golden"]).status == 1)
        let folders = try run(["compare", ".", "."])
        #expect(folders.status == 2 && folders.stderr.contains("is a folder, not a regular file"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir.png"), withIntermediateDirectories: false)
        #expect(try run(["in/n1.md", "--golden", "dir.png"]).status == 2)
    }

    /// A PDF page larger than Cairo's 32,767 pixels at the `--dpi` asked is refused, naming
    /// the limit, rather than crashing.
    @Test func compareRefusesPagesOverThePixelLimit() throws {
        let folder = try folder(notes: 1)
        #expect(try runRender(["in/sub/n0.md", "-o", "big.pdf", "--page-size", "2000x2000"], in: folder).status == 0)
        let result = try runRender(["compare", "big.pdf", "big.pdf", "--dpi", "1200"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("page 1 is 33334×33334 pixels at 1200 dpi, over the limit of 32767 a side"))
    }

    /// Values that name nothing are usage errors (exit 2), not failed inputs.
    @Test func emptyOutputsAndUnknownThemesAreUsageErrors() throws {
        let folder = try folder(notes: 1)
        #expect(try runRender(["in/sub/n0.md", "-o", ""], in: folder).status == 2)
        let theme = try runRender(["in/sub/n0.md", "--theme", "nope"], in: folder)
        #expect(theme.status == 2 && theme.stderr.contains("unknown theme 'nope'"))
        #expect(try runRender(["compare", "a.png", "b.png", "--diff", ""], in: folder).status == 2)
        #expect(try fileNames(in: folder) == ["in"])
    }

    @Test func fontsListsTheFilesAndIsolatedFontsKeepTheOutput() throws {
        let folder = try folder(notes: 1)
        let fonts = String(decoding: try runRender(["fonts", "in/sub/n0.md"], in: folder).stdout, as: UTF8.self)
        #expect(fonts.contains("DejaVu Sans Bold → /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        #expect(try runRender(["in/sub/n0.md", "-o", "plain.pdf"], in: folder).status == 0)
        #expect(try runRender(["in/sub/n0.md", "-o", "isolated.pdf", "--isolated-fonts"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("plain.pdf")) == Data(contentsOf: folder.appendingPathComponent("isolated.pdf")))
        #expect(try runRender(["in/sub/n0.md", "--font-dir", "nowhere"], in: folder).status == 2)
    }

    /// A FIFO named like a font in a `--font-dir` folder is not opened (fontconfig waited on it
    /// for ever), with or without `--isolated-fonts`, and `/proc` is refused at the limit of
    /// names read rather than walked without end.
    @Test func fontFoldersWithFIFOsOrWithoutEndDoNotHang() throws {
        let folder = try folder(notes: 1)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("fonts/x.ttf").path, 0o644) == 0)
        #expect(try runRender(["in/sub/n0.md", "-o", "plain.pdf"], in: folder).status == 0)
        for (output, extra) in [("fifo.pdf", []), ("isolated.pdf", ["--isolated-fonts"])] {
            let result = try runRender(["in/sub/n0.md", "-o", output, "--font-dir", "fonts"] + extra, in: folder, timeout: 60)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: folder.appendingPathComponent("fifo.pdf")) == Data(contentsOf: folder.appendingPathComponent("plain.pdf")))
        let proc = try runRender(["in/sub/n0.md", "-o", "proc.pdf", "--font-dir", "/proc"], in: folder, timeout: 60)
        #expect(proc.status == 2 && proc.stderr.contains("--font-dir /proc: holds more than 10000 files and folders, the most read"))
        let fonts = try runRender(["fonts", "in/sub/n0.md", "--font-dir", "fonts"], in: folder, timeout: 60)
        #expect(fonts.status == 0 && String(decoding: fonts.stdout, as: UTF8.self).contains("DejaVu Sans"))
        #expect(try fileNames(in: folder) == ["fifo.pdf", "fonts", "in", "isolated.pdf", "plain.pdf"])
    }

    /// Starts `render --watch` with `arguments` in `folder`; terminate it when done.
    private func watch(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = ["--watch"] + arguments
        process.currentDirectoryURL = folder
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether `condition` holds within five seconds.
    private func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<100 where !condition() { Thread.sleep(forTimeInterval: 0.05) }
        return condition()
    }

    @Test func watchRendersAgainWhenTheNoteChanges() throws {
        let folder = try folder(notes: 1)
        let process = try watch(["in/sub/n0.md", "-o", "w.pdf"], in: folder)
        defer { if process.isRunning { process.terminate() } }
        let output = folder.appendingPathComponent("w.pdf")
        #expect(waitFor { FileManager.default.fileExists(atPath: output.path) })
        let first = try Data(contentsOf: output)
        try "# Changed\n\nNew text.".write(to: folder.appendingPathComponent("in/sub/n0.md"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: output)).map { $0 != first } ?? false }, "re-rendered after the edit")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }

    /// A theme path in the front matter is watched where rendering finds it, beside the note
    /// (not in the folder render runs in), and so is the theme it extends.
    @Test func watchRendersAgainWhenTheNotesThemeChanges() throws {
        let folder = try folder(notes: 0, extra: [
            "sub/n.md": Data("---\ntheme: mine.yaml\n---\n# Themed\n\nText.\n".utf8),
            "sub/mine.yaml": Data("extends: base.yaml\nbody: {color: \"#ff0000\"}\n".utf8),
            "sub/base.yaml": Data("extends: default\n".utf8),
        ])
        let process = try watch(["in/sub/n.md", "-o", "w.pdf"], in: folder)
        defer { if process.isRunning { process.terminate() } }
        let output = folder.appendingPathComponent("w.pdf")
        #expect(waitFor { FileManager.default.fileExists(atPath: output.path) })
        let first = try Data(contentsOf: output)
        try "extends: base.yaml\nbody: {color: \"#0000ff\"}\n".write(to: folder.appendingPathComponent("in/sub/mine.yaml"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: output)).map { $0 != first } ?? false }, "re-rendered after the theme changed")
        let second = try Data(contentsOf: output)
        try "extends: default\npage: {background: \"#eeeeee\"}\n".write(to: folder.appendingPathComponent("in/sub/base.yaml"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: output)).map { $0 != second } ?? false }, "re-rendered after the theme it extends changed")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }

    /// The front matter's string table is watched beside the note, and `--strings` where it is given.
    @Test func watchRendersAgainWhenAStringTableChanges() throws {
        let folder = try folder(notes: 0, extra: [
            "sub/n.md": Data("---\nstrings: de.strings\n---\n^[Invoice](localized: 'title') ^[Total](localized: 'total')\n".utf8),
            "sub/de.strings": Data("title = \"Rechnung\";\n".utf8),
            "given.strings": Data("total = \"Summe\";\n".utf8),
        ])
        let process = try watch(["in/sub/n.md", "-o", "w.pdf", "--strings", "in/given.strings"], in: folder)
        defer { if process.isRunning { process.terminate() } }
        let output = folder.appendingPathComponent("w.pdf")
        #expect(waitFor { FileManager.default.fileExists(atPath: output.path) })
        #expect(try pdfText(output).contains("Rechnung Summe"))
        let first = try Data(contentsOf: output)
        try "title = \"Faktura\";\n".write(to: folder.appendingPathComponent("in/sub/de.strings"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: output)).map { $0 != first } ?? false }, "re-rendered after the note's table changed")
        #expect(try pdfText(output).contains("Faktura Summe"))
        let second = try Data(contentsOf: output)
        try "total = \"Gesamt\";\n".write(to: folder.appendingPathComponent("in/given.strings"), atomically: true, encoding: .utf8)
        #expect(waitFor { (try? Data(contentsOf: output)).map { $0 != second } ?? false }, "re-rendered after the given table changed")
        #expect(try pdfText(output).contains("Faktura Gesamt"))
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
    }
}

@Suite struct ImageComparisonTests {
    private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> UInt32) -> RasterImage {
        RasterImage(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).map { x in pixel(x, y) } })
    }

    @Test func identicalImagesMatch() {
        let a = image(20, 20) { x, _ in x < 10 ? 0 : 0xFFFFFF }
        var diff: RasterImage?
        #expect(ImageComparison.compare(a, a, diff: &diff).differingPixels == 0)
    }

    @Test func softenedEdgesCountAsAntiAliasing() {
        // A black/white edge, and the same edge with one grey column where it meets.
        let sharp = image(20, 20) { x, _ in x < 10 ? 0 : 0xFFFFFF }
        let soft = image(20, 20) { x, _ in x < 10 ? 0 : x == 10 ? 0x808080 : 0xFFFFFF }
        var diff: RasterImage? = RasterImage(width: 0, height: 0, pixels: [])
        let result = ImageComparison.compare(sharp, soft, diff: &diff)
        #expect(result.differingPixels == 0 && result.antiAliasedPixels == 20)
        #expect(diff?.pixels[10] == 0xFFD000, "anti-aliased pixels are yellow in the diff")
    }

    @Test func realChangesCount() {
        let a = image(20, 20) { _, _ in 0xFFFFFF }
        let b = image(20, 20) { x, y in (5..<8).contains(x) && (5..<8).contains(y) ? 0xFF0000 : 0xFFFFFF }
        var diff: RasterImage? = RasterImage(width: 0, height: 0, pixels: [])
        let result = ImageComparison.compare(a, b, diff: &diff)
        #expect(result.differingPixels == 9)
        #expect(abs(result.fraction - 9.0 / 400) < 1e-9)
        #expect(diff?.pixels[5 * 20 + 5] == 0xFF0000)
    }

    @Test func faintColourChangesStayBelowTheThreshold() {
        let a = image(10, 10) { _, _ in 0x808080 }
        let b = image(10, 10) { _, _ in 0x828282 }
        var diff: RasterImage?
        #expect(ImageComparison.compare(a, b, diff: &diff).differingPixels == 0)
        #expect(ImageComparison.compare(a, b, threshold: 0.001, diff: &diff).differingPixels == 100)
    }
}

/// A batch on several workers must survive what made threads crash: many files shaped and drawn
/// at once with the same fonts.
@Suite(.serialized) struct WorkerProcessTests {
    @Test func parallelBatchesOfManyFilesNeitherCrashNorHang() throws {
        let folder = try TestSupport.temporaryFolder()
        var random = SystemRandomNumberGenerator()
        for number in 0..<16 {
            let bytes = (0..<3000).map { _ in UInt8.random(in: 32...126, using: &random) }
            try Data(bytes).write(to: folder.appendingPathComponent("r\(number).md"))
        }
        for round in 0..<3 {
            let result = try runRender([".", "-o", "out\(round)", "--jobs", "2", "--quiet"], in: folder)
            #expect(result.status == 0, "round \(round): \(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out\(round)").path)
            #expect(names.filter { $0.hasSuffix(".pdf") }.count == 16)
            #expect(!names.contains { $0.hasPrefix(".") }, "no temporary files left")
        }
    }
}
