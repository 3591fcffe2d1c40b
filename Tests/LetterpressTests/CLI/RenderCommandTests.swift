import Foundation
import Testing
import Letterpress

/// What a run of the `render` executable produced.
struct CommandResult {
    var status: Int32
    var stdout: Data
    var stderr: String
}

/// Runs the built `render` with `arguments` in `folder`, feeding `input` to standard input;
/// `environment` is added to this process's. After `timeout` seconds, a run still going is
/// killed (its status is then 9), so that a hang fails the test rather than stalling it.
func runRender(_ arguments: [String], in folder: URL, input: Data? = nil,
               environment: [String: String] = [:], timeout: Double? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = TestSupport.renderExecutable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    // The machine's paper would change the page size of notes that name none.
    process.environment = ProcessInfo.processInfo.environment.merging(["PAPERSIZE": "a4"].merging(environment) { $1 }) { $1 }
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let timeout {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { kill(pid, SIGKILL) } }
    }
    if let input { stdin.fileHandleForWriting.write(input) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes before waiting, so that a large output cannot block the child.
    // Written by the reading thread, read here only after `group.wait()`.
    final class Collected: @unchecked Sendable { var data = Data() }
    let errors = Collected()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, stdout: output, stderr: String(decoding: errors.data, as: UTF8.self))
}

/// Starts the built `render` with `arguments` in `folder`, its standard error going to
/// `standardError` (a pipe or a file handle), and returns it running.
func startRender(_ arguments: [String], in folder: URL, standardError: Any = FileHandle.nullDevice) throws -> Process {
    let process = Process()
    process.executableURL = TestSupport.renderExecutable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardError = standardError
    try process.run()
    return process
}

/// What a Poppler tool (`pdfinfo`, `pdfimages`) prints about a PDF.
func popplerOutput(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output
}

/// The text of a PDF, as pdftotext reads it.
func pdfText(_ pdf: URL) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
    process.arguments = [pdf.path, "-"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The folder's file names, sorted, without hidden files.
func fileNames(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
}

private let note = """
    ---
    title: Field notes
    author: Ada Lovelace
    date: 2024-03-05
    ---
    # Field notes

    Some *text* with a [link](https://example.com).

    ## Later

    More text.
    """

private let longNote = (1...40).map { "## Part \($0)\n\n" + String(repeating: "A sentence of the long note. ", count: 20) }
    .joined(separator: "\n\n")

@Suite(.serialized) struct RenderCommandTests {
    private func folder(with files: [String: String]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        for (name, contents) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func rendersAPDFWithMetadataOutlineAndLinks() throws {
        let folder = try folder(with: ["note.md": note])
        let result = try runRender(["note.md", "-o", "note.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let pdf = try Data(contentsOf: folder.appendingPathComponent("note.pdf"))
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.contains("/Title (Field notes)"))
        #expect(text.contains("/Author (Ada Lovelace)"))
        #expect(text.contains("/CreationDate (20240305000000Z)") || text.contains("/CreationDate (D:20240305000000Z)"))
        #expect(text.contains("/URI (https://example.com)"))
        #expect(text.contains("/Title (Later)"), "headings become outline entries")
        #expect(try fileNames(in: folder) == ["note.md", "note.pdf"])
    }

    /// `--timings` counts the main thread's phases in the total and shows the second
    /// thread's parsing and styling beside them.
    @Test func versionIsPrintedAlone() throws {
        let result = try runRender(["--version"], in: try TestSupport.temporaryFolder())
        #expect(result.status == 0 && String(decoding: result.stdout, as: UTF8.self) == Renderer.version + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func timingsShowTheSecondThreadOutsideTheTotal() throws {
        let folder = try TestSupport.temporaryFolder()
        try "# Title\n\nSome *text*.\n\n- one\n- two\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["n.md", "--timings"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        var counted = 0.0
        var total: Double?
        var secondThread: [String] = []
        for line in result.stderr.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let ms = Double(fields[1]) else { continue }
            if fields[0] == "total" { total = ms } else if line.hasSuffix("second thread") { secondThread.append(String(fields[0])) } else { counted += ms }
        }
        #expect(secondThread == ["parse", "style"])
        #expect(result.stderr.contains("waiting"))
        #expect(abs((try #require(total)) - counted) < 0.5, "the total is the sum of the counted lines")
    }

    @Test func outputIsByteIdenticalAcrossRuns() throws {
        let folder = try folder(with: ["note.md": note.replacingOccurrences(of: "date: 2024-03-05\n", with: "")])
        for format in ["pdf", "png", "svg"] {
            #expect(try runRender(["note.md", "-o", "a.\(format)"], in: folder).status == 0)
            #expect(try runRender(["note.md", "-o", "b.\(format)"], in: folder).status == 0)
            let a = try Data(contentsOf: folder.appendingPathComponent("a.\(format)"))
            let b = try Data(contentsOf: folder.appendingPathComponent("b.\(format)"))
            #expect(a == b, "\(format) output differs between runs")
        }
        let pdf = String(decoding: try Data(contentsOf: folder.appendingPathComponent("a.pdf")), as: UTF8.self)
        #expect(!pdf.contains("/CreationDate"), "no date in the front matter: no clock time in the PDF")
    }

    @Test func aPDFWithoutATitleTakesItsFirstLevelOneHeading() throws {
        let folder = try folder(with: ["untitled.md": "## Intro\n\nText\n\n# The *Real* Title\n\n# Second\n",
                                       "titled.md": "---\ntitle: Given\n---\n# Heading\n", "none.md": "## Only two\n"])
        func title(_ note: String) throws -> String? {
            #expect(try runRender([note, "-o", "out.pdf"], in: folder).status == 0)
            let info = try popplerOutput("pdfinfo", [folder.appendingPathComponent("out.pdf").path])
            return info.split(separator: "\n").first { $0.hasPrefix("Title:") }
                .map { $0.dropFirst("Title:".count).trimmingCharacters(in: .whitespaces) }
        }
        #expect(try title("untitled.md") == "The Real Title")
        #expect(try title("titled.md") == "Given")
        #expect(try title("none.md") == nil)
    }

    /// Pages that wait for `{pages}` wait in the temporary folder: one that cannot be written
    /// fails the input with a message, and leaves no output and no file behind.
    @Test func pagesWaitingForTheCountNeedTheTemporaryFolder() throws {
        let folder = try folder(with: ["note.md": "---\ntheme: important\n---\n# Counted\n\nText."])
        let waiting = folder.appendingPathComponent("waiting")
        try FileManager.default.createDirectory(at: waiting, withIntermediateDirectories: true)
        let written = try runRender(["note.md", "-o", "ok.pdf"], in: folder, environment: ["TMPDIR": waiting.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: waiting.path).isEmpty, "the spool left a file")
        let missing = try runRender(["note.md", "-o", "no.pdf"], in: folder,
                                    environment: ["TMPDIR": folder.appendingPathComponent("absent").path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("note.md: error: the temporary file of pages waiting for the page count: cannot write: No such file or directory"),
                "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no.pdf").path))
    }

    @Test func pngPagesAreNumberedOnlyWhenThereAreSeveral() throws {
        let folder = try folder(with: ["short.md": note, "long.md": longNote])
        #expect(try runRender(["short.md", "-o", "short.png", "--dpi", "30"], in: folder).status == 0)
        #expect(try runRender(["long.md", "-o", "long.png", "--dpi", "30"], in: folder).status == 0)
        #expect(try runRender(["long.md", "-o", "other.out", "--format", "svg"], in: folder).status == 0)
        let names = try fileNames(in: folder)
        #expect(names.contains("short.png"))
        #expect(names.contains("long-1.png") && names.contains("long-2.png") && !names.contains("long.png"))
        #expect(names.contains("other-1.out") && names.contains("other-2.out"))
        let png = try Data(contentsOf: folder.appendingPathComponent("short.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A4 at 30 dpi: 595.3 × 841.9 points → 249 × 351 pixels.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 249 && height == 351)
    }

    @Test func pageSizeAndMarginOptions() throws {
        let folder = try folder(with: ["note.md": note])
        #expect(try runRender(["note.md", "-o", "letter.png", "--page-size", "letter", "--dpi", "10"], in: folder).status == 0)
        #expect(try runRender(["note.md", "-o", "mm.png", "--page-size", "60mmx40mm", "--margin", "5mm", "--dpi", "72"], in: folder).status == 0)
        let letter = try Data(contentsOf: folder.appendingPathComponent("letter.png"))
        #expect(letter[16..<20].reduce(0) { $0 << 8 | Int($1) } == 85)
        let names = try fileNames(in: folder)
        #expect(names.contains("mm-1.png"), "a small page needs several pages")
    }

    @Test func readsStandardInputAndWritesStandardOutput() throws {
        let folder = try folder(with: [:])
        let result = try runRender(["-", "-o", "-"], in: folder, input: Data(note.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: Array("%PDF-".utf8)))
        #expect(try fileNames(in: folder).isEmpty)
        let png = try runRender(["-", "-o", "-", "--format", "png", "--dpi", "20"], in: folder, input: Data(note.utf8))
        #expect(png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func missingInputFailsWithItsNameAndWritesNothing() throws {
        let folder = try folder(with: [:])
        let result = try runRender(["absent.md", "-o", "absent.pdf"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("absent.md"))
        #expect(try fileNames(in: folder).isEmpty)
    }

    @Test func oneBadInputDoesNotStopTheOthers() throws {
        let folder = try folder(with: ["a.md": note, "b.md": note])
        let result = try runRender(["a.md", "missing.md", "b.md", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("missing.md"))
        #expect(try fileNames(in: folder.appendingPathComponent("out")) == ["a.pdf", "b.pdf"])
    }

    @Test func foldersAreSearchedForMarkdown() throws {
        let folder = try folder(with: ["notes/a.md": note, "notes/sub/b.markdown": note, "notes/skip.txt": "x"])
        let result = try runRender(["notes", "-o", "out", "--format", "png", "--dpi", "20"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try fileNames(in: folder.appendingPathComponent("out")) == ["a.png", "sub"])
        #expect(try fileNames(in: folder.appendingPathComponent("out/sub")) == ["b.png"])
    }

    @Test func sandboxKeepsEachNoteToItsOwnFolder() throws {
        let folder = try folder(with: ["a/t.yaml": "extends: default\n", "pic.png": ""])
        let theme = folder.appendingPathComponent("a/t.yaml").path
        let withTheme = "---\ntheme: \(theme)\n---\nText.\n"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
        try withTheme.write(to: folder.appendingPathComponent("a/x.md"), atomically: true, encoding: .utf8)
        try withTheme.write(to: folder.appendingPathComponent("b/y.md"), atomically: true, encoding: .utf8)
        try "![outside](../pic.png)\n".write(to: folder.appendingPathComponent("b/z.md"), atomically: true, encoding: .utf8)
        // One process renders both: the theme a/x.md may use must not be reused for b/y.md.
        let result = try runRender(["a/x.md", "b/y.md", "b/z.md", "--sandbox", "--jobs", "1", "-o", "out"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("t.yaml") && result.stderr.contains("outside the note's folder"))
        #expect(result.stderr.contains("pic.png"))
        #expect(result.stderr.contains("b/y.md") && !result.stderr.contains("a/x.md"))
        #expect(try fileNames(in: folder.appendingPathComponent("out")) == ["x.pdf", "z.pdf"])
    }

    @Test func usageErrorsExitWithStatusTwo() throws {
        let folder = try folder(with: ["note.md": note])
        for arguments in [["note.md", "--no-such-flag"], ["note.md", "--page-size", "huge"], ["note.md", "--format", "gif"],
                          ["note.md", "--dpi", "0"], ["note.md", "--margin", "1,2,3"], ["note.md", "-o", "note.docx"],
                          ["note.md", "-o", "note.md"], ["note.md", "--locale", "xx_YY"], []] {
            let result = try runRender(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(!result.stderr.isEmpty)
        }
        #expect(try fileNames(in: folder) == ["note.md"])
        #expect(try runRender(["note.md", "-o", "note.docx"], in: folder).stderr.contains("'.docx' is not .pdf, .png or .svg"))
        #expect(try runRender(["note.md", "--locale", "xx_YY"], in: folder).stderr.contains("--locale 'xx_YY' names no language"))
        let english = try runRender(["note.md", "--lang", "english"], in: folder)
        #expect(english.status == 2 && english.stderr.contains("--lang 'english' is not a language tag"), "as --locale is: \(english.stderr)")
        #expect(try runRender(["note.md", "--lang", "pt-BR", "-o", "pt.pdf"], in: folder).status == 0)
        for locale in ["fr_CA", "zh-Hans", "de_DE.UTF-8", "C.UTF-8"] {
            #expect(try runRender(["note.md", "--locale", locale, "-o", "l.pdf"], in: folder).status == 0, "\(locale)")
        }
        // A negative number is a value, not a flag: the message says which values are taken.
        for (flag, range) in [("--dpi", "between 9 and 1200"), ("--scale", "between 0.5 and 4"), ("--jobs", "between 1 and 256")] {
            let negative = try runRender(["note.md", flag, "-5"], in: folder)
            #expect(negative.status == 2 && negative.stderr.contains(range), "\(flag): \(negative.stderr)")
        }
    }

    /// Typed options read their text as the command line is parsed, but a bad one is still
    /// reported in ArgumentParser's usual form, in the order the checks have always come.
    @Test func badTypedOptionsGiveTheirOwnUsageErrorInOrder() throws {
        let folder = try folder(with: ["note.md": note])
        let usage = "Usage: render convert [<options>] <inputs> ...\n  See 'render convert --help' for more information.\n"
        let format = try runRender(["note.md", "--format", "gif"], in: folder)
        #expect(format.status == 2 && format.stderr == "Error: unknown format 'gif' (use pdf, png or svg)\n" + usage)
        let first = try runRender(["note.md", "--tolerance", "2", "--dpi", "0", "--text-size", "huge"], in: folder)
        #expect(first.status == 2 && first.stderr == "Error: --dpi must be between 9 and 1200\n" + usage)
        let shard = try runRender(["note.md", "--var", "1=2", "--shard", "3/2"], in: folder)
        #expect(shard.status == 2 && shard.stderr == "Error: --shard takes I/N with 1 ≤ I ≤ N, such as 2/4\n" + usage)
        let compare = try runRender(["compare", "a.png", "b.png", "--tolerance", "101%"], in: folder)
        #expect(compare.status == 2 && compare.stderr.hasPrefix("Error: --tolerance must be a fraction from 0 to 1, or a percentage\n"))
        #expect(try fileNames(in: folder) == ["note.md"])
    }

    /// An input that is no regular file is named as such, not waited on; `/dev/stdin` is
    /// standard input; a name that is not UTF-8 says so.
    @Test func specialInputsSayWhatTheyAre() throws {
        let folder = try folder(with: ["note.md": note, "empty.md": ""])
        let empty = try runRender(["empty.md", "-o", "empty.pdf"], in: folder)
        #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty.stderr)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("empty.pdf")).starts(with: Data("%PDF-".utf8)))
        #expect(mkfifo(folder.appendingPathComponent("fifo.md").path, 0o644) == 0)
        let fifo = try runRender(["fifo.md", "-o", "fifo.pdf"], in: folder)
        #expect(fifo.status == 1 && fifo.stderr == "fifo.md: error: is a FIFO, not a regular file (give - to read standard input)\n")
        let stdin = try runRender(["/dev/stdin"], in: folder, input: Data(note.utf8))
        #expect(stdin.status == 0 && stdin.stdout.starts(with: Data("%PDF-".utf8)))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "cp note.md \"$(printf 'bad\\377.md')\" && \"$0\" \"$(printf 'bad\\377.md')\" -o bad.pdf",
                           TestSupport.renderExecutable.path]
        shell.currentDirectoryURL = folder
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1 && said.contains("a name that is not valid UTF-8 cannot be opened"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.pdf").path))
    }

    /// A theme file the front matter names is found beside the note, wherever render runs.
    @Test func aFrontMatterThemePathIsRelativeToTheNote() throws {
        let folder = try folder(with: ["notes/mine.yaml": "extends: default\nbody: {color: \"#ff0000\"}\n",
                                       "notes/t.md": "---\ntheme: mine.yaml\n---\n# T\n"])
        let result = try runRender(["notes/t.md", "-o", "t.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// A theme is read only from a regular file, and a message quotes a file's text short and
    /// with its control characters as escapes: `theme: /proc/self/environ` printed the
    /// environment, and values of 5,000 characters with escape sequences were printed whole.
    @Test func messagesQuoteFilesShortAndWithoutControlCharacters() throws {
        let plain = String(repeating: "A", count: 5000)
        let long = plain + "\\e[31m"
        let key = String(repeating: "K", count: 1000) + "\\e[31m"
        let archive = #"{"blocks":[{"level":1,"runs":[{"text":"Hi"}],"type":"\#(plain)\u001b"}],"characters":2,"#
            + #""footnotes":[],"format":"letterpress-runs","runCount":1,"version":1}"#
        let folder = try folder(with: [
            "environ.md": "---\ntheme: /proc/self/environ\n---\n# Hi\n",
            "date.md": "---\ndate: \"\(long)\"\n---\n# Hi\n",
            "keys.md": "---\n\"\(key)\": 1\n\"\(key)\": 2\n---\n# Hi\n",
            "theme.md": "---\ntheme: keys.yaml\n---\n# Hi\n",
            "keys.yaml": "body:\n  \"\(key)\": 1\n  color: \"\(long)\"\n",
            "extends.md": "---\ntheme: extends.yaml\n---\n# Hi\n",
            "extends.yaml": "extends: \"\(long).yaml\"\n",
            "style.md": "^[x](customStyle: '\(plain)\\u001b')\n\n^[y](\(String(repeating: "k", count: 5000)): foo)\n",
            "archive.json": archive,
        ])
        #expect(mkfifo(folder.appendingPathComponent("fifo.yaml").path, 0o644) == 0)
        let cases: [([String], String)] = [
            (["environ.md"], "/proc/self/environ:1:"),
            (["note.md", "--theme", "/proc/self/environ"], "control characters are not allowed (U+0000)"),
            (["note.md", "--theme", "./fifo.yaml"], "fifo.yaml: error: cannot read theme: is a FIFO, not a regular file"),
            (["date.md"], "date.md:2:7: warning: front matter date 'AAAA"),
            (["keys.md"], "keys.md:2:1: error: front matter: key 'KKKK"),
            (["theme.md"], "keys.yaml:3:10: error: body.foregroundColor: 'AAAA"),
            (["extends.md"], "extends.md:2:8: error: front matter: theme: AAAA"),
            (["style.md"], "unknown custom style 'AAAA"),
            (["archive.json"], "archive.json: error: not a valid letterpress-runs archive (blocks.[0].type: Cannot initialize"),
        ]
        try note.write(to: folder.appendingPathComponent("note.md"), atomically: true, encoding: .utf8)
        for (arguments, message) in cases {
            let result = try runRender(arguments + ["-o", "out.pdf"], in: folder, environment: ["LETTERPRESS_SECRET": "hunter2"], timeout: 60)
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("hunter2"), "\(arguments)")
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").allSatisfy { $0.count < 300 }, "\(arguments): \(result.stderr)")
        }
    }

    @Test func unknownThemeNamesTheKnownOnes() throws {
        let folder = try folder(with: ["note.md": note])
        let result = try runRender(["note.md", "--theme", "nope", "-o", "note.pdf"], in: folder)
        #expect(result.status == 2, "a usage error")
        #expect(result.stderr.contains("unknown theme 'nope'"))
        #expect(result.stderr.contains("default") && result.stderr.contains("menlo"))
        #expect(try fileNames(in: folder) == ["note.md"])
    }

    @Test func invalidFrontMatterIsReportedWithItsLocation() throws {
        let folder = try folder(with: ["bad.md": "---\ntitle: [oops\n---\n# Body\n"])
        let result = try runRender(["bad.md"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("bad.md:3:"), "\(result.stderr)")
        #expect(try fileNames(in: folder) == ["bad.md"])
    }

    /// Values the front matter holds that are checked after it is read (a page size, a
    /// margin, a theme, a date) are reported at their line and column too, and so are values
    /// of the wrong kind, a front matter that is not a mapping, and a key given twice.
    @Test func frontMatterValuesAreReportedAtTheirLocation() throws {
        let cases = [
            ("margin: lots", "bad.md:3:9: error: front matter: margin 'lots' is not 1, 2 or 4 lengths"),
            ("pageSize: huge", "bad.md:3:11: error: front matter: pageSize 'huge' is not a3, a4, a5, a6, b4, b5, letter, legal, tabloid, executive or WIDTHxHEIGHT, each with -landscape or not"),
            ("theme: nosuch", "bad.md:3:8: error: front matter: theme: unknown theme 'nosuch' (known themes: default,"),
            ("theme: nosuch.yaml", "bad.md:3:8: error: front matter: theme: nosuch.yaml: theme file not found"),
            ("theme: [menlo]", "bad.md:3:8: error: front matter: theme is one value, not a list"),
            ("title: again", "bad.md:2:1: error: front matter: key 'title' is given more than once"),
            ("landscape: maybe", "bad.md:3:12: error: front matter: landscape: expected true or false"),
        ]
        for (line, message) in cases {
            let folder = try folder(with: ["bad.md": "---\ntitle: T\n\(line)\n---\n# Body\n"])
            let result = try runRender(["bad.md"], in: folder)
            #expect(result.status == 1, "\(line)")
            #expect(result.stderr.hasPrefix(message), "\(line): \(result.stderr)")
            #expect(try fileNames(in: folder) == ["bad.md"])
        }
        let folder = try folder(with: ["list.md": "---\n- a\n- b\n---\n# Body\n",
                                       "date.md": "---\ndate: someday\nmargin: [30, 40]\n---\n# Body\n"])
        let list = try runRender(["list.md"], in: folder)
        #expect(list.status == 0 && list.stderr.isEmpty, "a block that is not a mapping is Markdown: \(list.stderr)")
        #expect(try pdfText(folder.appendingPathComponent("list.pdf")).contains("b"))
        let date = try runRender(["date.md"], in: folder)
        #expect(date.status == 0, "a margin may be a list, as in themes: \(date.stderr)")
        #expect(date.stderr.hasPrefix("date.md:2:7: warning: front matter date 'someday' is not YYYY-MM-DD"), "\(date.stderr)")
        try "---\ndate: 2024-02-30\n---\n# Body\n".write(to: folder.appendingPathComponent("leap.md"), atomically: true, encoding: .utf8)
        let leap = try runRender(["leap.md"], in: folder)
        #expect(leap.stderr.hasPrefix("leap.md:2:7: warning: front matter date '2024-02-30' is no day (February 2024 has 29 days)"),
                "an impossible date says so: \(leap.stderr)")
        let option = try runRender(["leap.md", "--date", "2023-13-01"], in: folder)
        #expect(option.status == 2 && option.stderr.contains("--date '2023-13-01' is no day (there is no month 13)"), "\(option.stderr)")
    }

    @Test func strictFailsOnWarningsAndKeepsTheGoodOutput() throws {
        let folder = try folder(with: ["note.md": note])
        #expect(try runRender(["note.md", "-o", "note.pdf"], in: folder).status == 0)
        let good = try Data(contentsOf: folder.appendingPathComponent("note.pdf"))
        try (note + "\n\n![chart](chart.png)\n").write(to: folder.appendingPathComponent("note.md"), atomically: true, encoding: .utf8)

        let lenient = try runRender(["note.md", "-o", "other.pdf"], in: folder)
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains("note.md:14:1: warning: image 'chart.png' not found"))
        #expect(try runRender(["note.md", "-o", "quiet.pdf", "--quiet"], in: folder).stderr.isEmpty)

        let strict = try runRender(["note.md", "-o", "note.pdf", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("chart.png"))
        #expect(try Data(contentsOf: folder.appendingPathComponent("note.pdf")) == good)
    }

    /// Runs `render` through bash, after `setUp` (shell commands that limit the process).
    private func runLimited(_ setUp: String, _ arguments: [String], in folder: URL,
                            standardOutput: FileHandle? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", setUp + "; exec \"$0\" \"$@\"", TestSupport.renderExecutable.path] + arguments
        process.currentDirectoryURL = folder
        let stderr = Pipe()
        process.standardError = stderr
        if let standardOutput { process.standardOutput = standardOutput }
        try process.run()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors, as: UTF8.self))
    }

    /// A file-size limit cuts the PDF short: the run fails, naming the file, and the PDF that
    /// was there stays (Cairo does not report the refused write as it finishes the PDF).
    @Test func aPDFCutShortFailsAndLeavesTheOldOneInPlace() throws {
        let folder = try folder(with: ["note.md": note + "\n\n" + longNote])
        let good = Data("%PDF-1.5 the one that was there".utf8)
        try good.write(to: folder.appendingPathComponent("note.pdf"))
        for format in ["pdf", "svg"] {
            let result = try runLimited("trap '' XFSZ; ulimit -f 8", ["note.md", "-o", "note.pdf", "--format", format], in: folder)
            #expect(result.status == 1, "\(format)")
            #expect(result.stderr.contains("note.pdf: cannot write: File too large"), "\(result.stderr)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("note.pdf")) == good)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["note.md", "note.pdf"])
        }
    }

    /// Standard output that refuses the bytes (a full disk, a pipe closed with SIGPIPE
    /// ignored) is an error that names it, not a crash.
    @Test func standardOutputThatRefusesBytesFailsWithAMessage() throws {
        let folder = try folder(with: ["note.md": note])
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [["note.md", "-o", "-"], ["note.md", "-o", "-", "--format", "png", "--dpi", "20"],
                          ["inspect", "note.md", "--json"], ["inspect", "note.md"], ["themes"]] {
            let result = try runLimited("true", arguments, in: folder, standardOutput: full)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("standard output: cannot write: No space left on device"), "\(arguments): \(result.stderr)")
        }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let closed = try runLimited("trap '' PIPE", ["note.md", "-o", "-"], in: folder, standardOutput: pipe.fileHandleForWriting)
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("standard output: cannot write: Broken pipe"), "\(closed.stderr)")
        #expect(try fileNames(in: folder) == ["note.md"])
    }

    @Test func refusesToOverwriteItsInput() throws {
        let folder = try folder(with: ["note.md": note])
        let result = try runRender(["note.md", "-o", "note.md", "--format", "pdf"], in: folder)
        #expect(result.status == 1)
        #expect(try String(contentsOf: folder.appendingPathComponent("note.md"), encoding: .utf8) == note)
    }

    @Test func inspectAndThemesCommands() throws {
        let folder = try folder(with: ["note.md": note])
        let inspect = try runRender(["inspect", "note.md"], in: folder)
        #expect(inspect.status == 0)
        let output = String(decoding: inspect.stdout, as: UTF8.self)
        #expect(output.contains("[5..<9] \"text\" emphasized"))
        #expect(output.contains("link=https://example.com"))
        let themes = String(decoding: try runRender(["themes"], in: folder).stdout, as: UTF8.self)
        #expect(themes.contains("default") && themes.contains("menlo"))
    }

    /// `--no-math` reads no formula, through the batch's workers too: a note whose formula has
    /// an unknown command fails with `--strict`, and renders without it.
    @Test func noMathLeavesDollarsAsText() throws {
        let folder = try folder(with: ["math.md": "# Sums\n\nPay $5, then $\\foo_1$ and $x_2$.\n", "other.md": "# Other\n"])
        let inspect = String(decoding: try runRender(["inspect", "math.md"], in: folder).stdout, as: UTF8.self)
        #expect(inspect.contains("math=\"x_2\""), "\(inspect)")
        let off = try runRender(["inspect", "math.md", "--no-math"], in: folder)
        #expect(String(decoding: off.stdout, as: UTF8.self).contains("\"Pay $5, then $\\foo_1$ and $x_2$.\""), "\(String(decoding: off.stdout, as: UTF8.self))")
        let strict = try runRender(["math.md", "--strict", "-o", "on.pdf"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("math.md:3:"), "\(strict.stderr)")
        #expect(try runRender(["math.md", "other.md", "--strict", "--no-math", "-o", "out"], in: folder).status == 0)
    }

    @Test func inspectJSONRendersBackToTheSamePages() throws {
        let styled = "---\ntheme: menlo\ndate: 2024-05-06\n---\n# T\n\n^[**Very** loud](customColor: 'danger', underline: {pattern: 'dot'}) text.\n"
        let folder = try folder(with: ["styled.md": styled])
        let json = try runRender(["inspect", "styled.md", "--json"], in: folder)
        #expect(json.status == 0)
        try json.stdout.write(to: folder.appendingPathComponent("styled.json"))
        let text = String(decoding: json.stdout, as: UTF8.self)
        #expect(text.contains("\"theme\" : \"menlo\"") && text.contains("\"customColor\" : \"danger\""))
        #expect(try runRender(["styled.md", "-o", "a.png", "--dpi", "30"], in: folder).status == 0)
        #expect(try runRender(["styled.json", "-o", "b.png", "--dpi", "30"], in: folder).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("a.png")) == Data(contentsOf: folder.appendingPathComponent("b.png")))
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"format\": \"letterpress-runs\", \"blocks\": 3}".utf8).write(to: broken)
        let failure = try runRender(["broken.json", "-o", "c.pdf"], in: folder)
        #expect(failure.status == 1 && failure.stderr.hasPrefix("broken.json: error: not a valid letterpress-runs archive"))
    }

    @Test func attributeWarningsNameLineAndColumnAndFailWithStrict() throws {
        let folder = try folder(with: ["w.md": "# Title\n\nSome ^[text](customStyle: 'boldcap') here.\n"])
        let lenient = try runRender(["w.md", "-o", "w.pdf"], in: folder)
        #expect(lenient.status == 0)
        #expect(lenient.stderr == "w.md:3:6: warning: unknown custom style 'boldcap' (did you mean 'boldcaps'?)\n")
        let strict = try runRender(["w.md", "-o", "s.pdf", "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.pdf").path))
    }

    @Test func charactersNoFontHasWarnWhereTheyAreFirstWritten() throws {
        // U+0378 and U+0379 are unassigned, so no font has them; the entity is not written literally.
        let markdown = "---\ntitle: T\n---\nGreek \u{0378} once.\n\n- \u{0379} and \u{0378} again\n\nAs an entity, unassigned too: &#x380;&#x380;\n"
        let folder = try folder(with: ["g.md": markdown])
        // Warnings without a place come first, as those of the theme do.
        let expected = [
            "g.md: warning: no installed font has U+0380: it is drawn as a box",
            "g.md:4:7: warning: no installed font has U+0378: it is drawn as a box",
            "g.md:6:3: warning: no installed font has U+0379: it is drawn as a box",
        ]
        // With the parser on a second thread, and with one core (the parse comes first).
        for extra in [[], ["--jobs", "1", "n.md"]] {
            if !extra.isEmpty { try "Fine.\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8) }
            let result = try runRender(["g.md", "-o", extra.isEmpty ? "g.pdf" : "out"] + extra, in: folder)
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning:") }
            #expect(lines == expected, "\(extra)")
        }
        #expect(try runRender(["g.md", "-o", "s.pdf", "--strict"], in: folder).status == 1)
        // A character the second thread lays out (the end of a long note), a control character,
        // and one that prints: each where it is first written, in characters (U+0378 is two bytes).
        let long = (1...200).map { "Paragraph \($0) of a long note." }.joined(separator: "\n\n")
            + "\n\nLast \u{0378} one, a bell \u{07}, \u{0378} again, \u{1E900} too.\n"
        try long.write(to: folder.appendingPathComponent("long.md"), atomically: true, encoding: .utf8)
        let result = try runRender(["long.md", "-o", "long.pdf", "--timings"], in: folder)
        #expect(result.stderr.contains("second thread"))
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("warning:") } == [
            "long.md:401:6: warning: no installed font has U+0378, '\u{1E900}' (U+1E900): they are drawn as boxes",
            "long.md:401:20: warning: control character U+0007: it is drawn as a box",
        ])
    }

    @Test func textSizeScalesThePages() throws {
        let folder = try folder(with: ["long.md": longNote])
        #expect(try runRender(["long.md", "-o", "normal.pdf"], in: folder).status == 0)
        #expect(try runRender(["long.md", "-o", "large.pdf", "--text-size", "accessibility2"], in: folder).status == 0)
        func pages(_ name: String) throws -> Int {
            let pdf = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            return pdf.components(separatedBy: "/Type /Page\n").count - 1 + pdf.components(separatedBy: "/Type /Page ").count - 1
        }
        #expect(try pages("large.pdf") > pages("normal.pdf") * 3 / 2)
        let bad = try runRender(["long.md", "--text-size", "huge"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("xSmall"))
        #expect(try runRender(["long.md", "--text-size", "large", "--scale", "2"], in: folder).status == 2)
    }

    @Test func themesShowsOneThemeResolved() throws {
        let folder = try folder(with: ["t.yaml": "extends: menlo\nbody:\n  colour: red\n"])
        let menlo = try runRender(["themes", "menlo"], in: folder)
        #expect(menlo.status == 0)
        let yaml = String(decoding: menlo.stdout, as: UTF8.self)
        #expect(yaml.contains("name: menlo") && yaml.contains("- DejaVu Sans Mono") && yaml.contains("boldcaps:"))
        let custom = try runRender(["themes", "./t.yaml"], in: folder)
        #expect(custom.status == 0 && custom.stderr.contains("t.yaml:3:3: warning: unknown key 'body.colour' ignored (did you mean 'foregroundColor'?)"))
        let missing = try runRender(["themes", "nope"], in: folder)
        #expect(missing.status == 1 && missing.stderr.contains("known themes: default"))
    }

    @Test func shippedThemesAreFoundAndLetterpressThemesComesFirst() throws {
        let folder = try folder(with: ["mine/default.yaml": "description: my own default\nbody:\n  size: 13\n"])
        let shipped = String(decoding: try runRender(["themes"], in: folder).stdout, as: UTF8.self)
        for name in ["default", "important", "menlo", "night", "notepad", "report", "times"] {
            #expect(shipped.contains("\n\(name) ") || shipped.hasPrefix("\(name) "), "\(name) missing from: \(shipped)")
        }
        #expect(shipped.contains("Quiet sans-serif notes"))
        let environment = ["LETTERPRESS_THEMES": folder.appendingPathComponent("mine").path]
        let replaced = String(decoding: try runRender(["themes"], in: folder, environment: environment).stdout, as: UTF8.self)
        #expect(replaced.contains("my own default") && !replaced.contains("Quiet sans-serif notes") && replaced.contains("menlo"))
        let resolved = try runRender(["themes", "default"], in: folder, environment: environment)
        #expect(resolved.status == 0 && String(decoding: resolved.stdout, as: UTF8.self).contains("size: 13"))
    }

    /// The shipped themes are compiled in: a copy of `render` alone in a folder (as `cp` to
    /// ~/bin leaves it) lists them and renders with them. Copied to another machine, it crashed
    /// when they were files SwiftPM put beside the build's executable.
    @Test func aCopyOfTheExecutableAloneNeedsNoFilesBesideIt() throws {
        let folder = try folder(with: ["note.md": "# Alone\n\nA note in the notepad theme.\n"])
        let copy = folder.appendingPathComponent("bin/render")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.renderExecutable, to: copy)
        func run(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
            let process = Process()
            process.executableURL = copy
            process.arguments = arguments
            process.currentDirectoryURL = folder
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let listed = try run(["themes"])
        #expect(listed.status == 0 && listed.stdout.contains("notepad") && listed.stdout.contains("Quiet sans-serif notes"))
        #expect(try run(["note.md", "--theme", "notepad", "-o", "note.pdf"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("note.pdf").path))
        // A copy on this machine would also find the build's resource folder, which SwiftPM's
        // accessor falls back to by its absolute path: the executable must not name one.
        let executable = try Data(contentsOf: copy)
        #expect(executable.range(of: Data("Letterpress_Letterpress.resources".utf8)) == nil)
    }

    /// Without the code-colouring library, code is drawn in one colour with one warning for the
    /// whole run, which names no note and which `--strict` does not count: the installation is
    /// at fault, not the notes.
    @Test func aMissingColouringLibraryIsOneWarningOfTheRun() throws {
        let code = "```swift\nlet x = 1\n```\n"
        let folder = try folder(with: ["one.md": code, "two.md": code, "three.md": code])
        let copy = folder.appendingPathComponent("bin/render")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.renderExecutable, to: copy)
        for extra in [["-o", "out/"], ["--golden", "golden/", "--update-golden"], ["--jobs", "2", "-o", "jobs/"]] {
            let process = Process()
            process.executableURL = copy
            process.arguments = ["one.md", "two.md", "three.md", "--strict"] + extra
            process.currentDirectoryURL = folder
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(extra): \(stderr)")
            let warnings = stderr.split(separator: "\n").filter { $0.contains("cannot be loaded") }
            #expect(warnings == ["warning: code is not coloured: libLetterpressHighlight.so cannot be loaded (not found beside render, nor in ../lib/letterpress)"],
                    "\(extra): \(stderr)")
        }
    }

    @Test func theBadgeFollowsTheDateAndCanBeTurnedOff() throws {
        let dated = "---\ndate: 2024-03-14\n---\n# Dated\n\nText.\n"
        let folder = try folder(with: ["dated.md": dated, "off.md": "---\ndate: 2024-03-14\nbadge: false\n---\n# Off\n",
                                       "undated.md": "# Undated\n"])
        func text(_ arguments: [String]) throws -> String {
            #expect(try runRender(arguments + ["-o", "out.pdf"], in: folder).status == 0)
            return try pdfText(folder.appendingPathComponent("out.pdf"))
        }
        #expect(try text(["dated.md"]).contains("MAR"))
        #expect(try text(["dated.md"]).contains("2024"))
        #expect(try text(["dated.md", "--locale", "zh-Hans"]).contains("3月"))
        #expect(try !text(["dated.md", "--no-badge"]).contains("MAR"))
        #expect(try !text(["off.md"]).contains("MAR"))
        #expect(try text(["undated.md", "--date", "2023-12-01"]).contains("DEC"))
        let year = String(Calendar(identifier: .gregorian).component(.year, from: Date()))
        #expect(try !text(["undated.md"]).contains(year), "an undated note has no badge")
        #expect(try text(["undated.md", "--date", "modified"]).contains(year))
        #expect(try text(["undated.md", "--date", "today"]).contains(year))
        #expect(try text(["undated.md", "--theme", "notepad"]).contains(year), "notepad dates by the file's time")
        #expect(try runRender(["dated.md", "--date", "yesterday"], in: folder).status == 2)
    }

    /// A `.txt` note, or any note in the notepad theme, is plain text; `markup:` in the front
    /// matter says otherwise.
    @Test func plainTextNotesKeepTheirMarkers() throws {
        let folder = try folder(with: ["note.txt": "# not a heading\n*bold* {{name}}\n", "note.md": "# Heading\n",
                                       "marked.md": "---\nmarkup: markdown\n---\n# Heading\n"])
        func text(_ arguments: [String]) throws -> String {
            #expect(try runRender(arguments + ["-o", "out.pdf"], in: folder).status == 0)
            return try pdfText(folder.appendingPathComponent("out.pdf"))
        }
        #expect(try text(["note.txt"]).contains("# not a heading\n*bold* {{name}}"))
        #expect(try !text(["note.md"]).contains("#"))
        #expect(try text(["note.md", "--theme", "notepad"]).contains("# Heading"))
        #expect(try !text(["marked.md", "--theme", "notepad"]).contains("#"))
    }

    @Test func anUndatedNoteGivesTheSameBytesAfterItsFileIsTouched() throws {
        let folder = try folder(with: ["README.md": "# Project\n\nSome text.\n"])
        let note = folder.appendingPathComponent("README.md").path
        #expect(try runRender(["README.md", "-o", "one.pdf"], in: folder).status == 0)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -400 * 86_400)], ofItemAtPath: note)
        #expect(try runRender(["README.md", "-o", "two.pdf"], in: folder).status == 0)
        let one = try Data(contentsOf: folder.appendingPathComponent("one.pdf"))
        #expect(one == (try Data(contentsOf: folder.appendingPathComponent("two.pdf"))))
    }

    @Test func badShapesInTheFrontMatterNameTheirLine() throws {
        let folder = try folder(with: ["s.md": "---\ntitle: x\nexclusions:\n  - {shape: circle, center: [1], radius: 4}\n---\ntext\n"])
        let result = try runRender(["s.md"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("s.md:4:"), "\(result.stderr)")
        #expect(result.stderr.contains("a circle needs center: [x, y]"))
        for (shape, message) in [("{shape: circle, center: [1, 2], radius: 5000}", "a circle's radius must be above 0 and below 5000 points"),
                                 ("{shape: circle, center: [1, 2]}", "a circle needs a radius"),
                                 ("{shape: rect, rect: [0, 0, 1e9, 5]}", "coordinates must be numbers of points from -100000 to 100000")] {
            try "---\nexclusions:\n  - \(shape)\n---\ntext\n".write(to: folder.appendingPathComponent("s.md"), atomically: true, encoding: .utf8)
            let result = try runRender(["s.md"], in: folder)
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("s.md:3:") && result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// `--var name=value` gives `{{name}}` its value before the front matter does, in one
    /// process and in worker processes alike; a malformed one is a usage error.
    @Test func variablesComeFromVarBeforeTheFrontMatter() throws {
        let folder = try folder(with: ["a.md": "---\nwho: Ada\ntotal: 3.14159\n---\n# For {{who}}\n\nSum {{total, %.2f}}.\n",
                                       "b.md": "# {{who}} too\n"])
        #expect(try runRender(["a.md", "-o", "a.pdf"], in: folder).status == 0)
        #expect(try pdfText(folder.appendingPathComponent("a.pdf")).contains("For Ada"))
        let batch = try runRender(["a.md", "b.md", "-o", "out", "--var", "who=Grace", "--jobs", "2"], in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        let a = try pdfText(folder.appendingPathComponent("out/a.pdf"))
        #expect(a.contains("For Grace") && a.contains("Sum 3.14."), "\(a)")
        #expect(try pdfText(folder.appendingPathComponent("out/b.pdf")).contains("Grace too"))
        let inspect = try runRender(["inspect", "b.md", "--var", "who=Lin"], in: folder)
        #expect(String(decoding: inspect.stdout, as: UTF8.self).contains("\"Lin too\""))
        // `inspect` formats values for --locale as rendering does, the front matter's first.
        try "---\nn: 1234.5\n---\n{{n, number}}\n".write(to: folder.appendingPathComponent("n.md"), atomically: true, encoding: .utf8)
        #expect(String(decoding: try runRender(["inspect", "n.md", "--locale", "de"], in: folder).stdout, as: UTF8.self).contains("\"1.234,5\""))
        try "---\nn: 1234.5\nlocale: fr\n---\n{{n, number}}\n".write(to: folder.appendingPathComponent("f.md"), atomically: true, encoding: .utf8)
        #expect(String(decoding: try runRender(["inspect", "f.md", "--locale", "de"], in: folder).stdout, as: UTF8.self).contains("\"1\u{202F}234,5\""))
        #expect(try runRender(["inspect", "n.md", "--locale", "xx-nowhere"], in: folder).status == 2)
        let unknown = try runRender(["b.md", "-o", "b.pdf", "--strict"], in: folder)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("b.md:1:3: warning: no variable 'who' in the front matter or --var"), "\(unknown.stderr)")
        for bad in ["who", "=x", "1st=x", "a b=x"] {
            let result = try runRender(["b.md", "--var", bad], in: folder)
            #expect(result.status == 2, "\(bad)")
            #expect(result.stderr.contains("--var '\(bad)' is not name=value"), "\(result.stderr)")
        }
    }

    /// An output whose folder cannot be made says which folder and why.
    @Test func anOutputFolderThatCannotBeMadeIsNamed() throws {
        let folder = try folder(with: ["note.md": note])
        let result = try runRender(["note.md", "-o", "note.md/sub/note.pdf"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("note.md/sub/note.pdf: cannot write: \(folder.path)/note.md is a file, not a folder"), "\(result.stderr)")
        #expect(try runRender(["note.md", "-o", "made/here/note.pdf"], in: folder).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("made/here/note.pdf").path))
    }
}

/// Memory running out under `ulimit -v` ends the process with a signal (Swift, cmark and glib
/// abort, or crash on a null pointer): the handler removes the temporary output first and says
/// why in one line. The signal is sent here, while the output is being written, so that the
/// test does not depend on how much memory this machine's libraries take.
@Suite struct FatalSignalTests {
    @Test(arguments: [SIGABRT, SIGSEGV])
    func aFatalSignalLeavesNoPartialOutput(signal: Int32) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let words = "paper ink garden letters quiet margin river stone window harbor".split(separator: " ")
        let paragraph = (0..<80).map { words[$0 % words.count] }.joined(separator: " ")
        try String(repeating: paragraph + "\n\n", count: 20_000).write(to: folder.appendingPathComponent("big.md"),
                                                                         atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let process = Process()
        process.executableURL = TestSupport.renderExecutable
        process.arguments = ["big.md", "-o", "out/big.pdf"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Once the temporary file has bytes: between its creation and its registration with
        // the signal handler lie a few instructions, which a kill must not fall between.
        func written() throws -> Bool {
            try FileManager.default.contentsOfDirectory(atPath: out.path).contains { name in
                let size = try? FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as? Int
                return (size ?? 0) > 0
            }
        }
        let deadline = Date(timeIntervalSinceNow: 60)
        while try !written() && process.isRunning && Date() < deadline {
            usleep(2_000)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).first?.hasPrefix(".big.pdf.") == true,
                "the output is being written")
        kill(process.processIdentifier, signal)
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "\(message)")
        #expect(message.hasPrefix("render: stopped by SIG") && message.contains("out of memory, or an internal error; no partial output was left"),
                "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [], "no temporary file is left")
    }
}
