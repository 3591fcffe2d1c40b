import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// A note saved with `render inspect --json` and rendered back gives the note's pages: its page
/// size, margins, badge, shapes, floats, headers, footers and footnotes come back with its runs.
@Suite struct ArchiveRoundTripTests {
    static let samples = TestSupport.packageRoot.appendingPathComponent("Samples")

    /// Every note in Samples/ (Markdown and plain text).
    static let sampleNames: [String] = (try? FileManager.default.contentsOfDirectory(atPath: samples.path))?
        .filter { $0.hasSuffix(".md") || $0.hasSuffix(".txt") }.sorted() ?? []

    /// Saves `note` with `inspect --json` into a folder of its own (not the note's, so that its
    /// images are found through the archive's `folder`), renders the note and the archive as
    /// PNG at 30 dpi, and expects the same files with the same bytes, so the same pixels.
    /// `arguments` go to `inspect` and to the note's rendering (the archive names the theme).
    private func expectSamePages(_ note: URL, inspect arguments: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inspected = try runRender(["inspect", "--json", note.path] + arguments, in: folder)
        #expect(inspected.status == 0, "\(inspected.stderr)", sourceLocation: sourceLocation)
        let archive = folder.appendingPathComponent("saved/note.json")
        try FileManager.default.createDirectory(at: archive.deletingLastPathComponent(), withIntermediateDirectories: true)
        try inspected.stdout.write(to: archive)
        for (input, output, extra) in [(note.path, "from-note", arguments), (archive.path, "from-archive", [])] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(output), withIntermediateDirectories: true)
            let result = try runRender([input, "-o", "\(output)/page.png", "--dpi", "30"] + extra, in: folder)
            #expect(result.status == 0, "\(input): \(result.stderr)", sourceLocation: sourceLocation)
        }
        let pages = try fileNames(in: folder.appendingPathComponent("from-note"))
        #expect(!pages.isEmpty, sourceLocation: sourceLocation)
        #expect(try fileNames(in: folder.appendingPathComponent("from-archive")) == pages, sourceLocation: sourceLocation)
        for page in pages {
            let fromNote = try Data(contentsOf: folder.appendingPathComponent("from-note/\(page)"))
            let fromArchive = try? Data(contentsOf: folder.appendingPathComponent("from-archive/\(page)"))
            #expect(fromArchive == fromNote, "\(note.lastPathComponent) \(page) differs from its archive's", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: sampleNames)
    func aSampleRendersTheSameFromItsArchive(_ name: String) throws {
        try expectSamePages(Self.samples.appendingPathComponent(name))
    }

    @Test func samplesAreFound() {
        #expect(Self.sampleNames.count >= 10)
    }

    /// A folder holding an image and a theme whose header shows a `{{…}}` value, for notes.
    private func noteFolder() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("images/stamp.png"),
                                         to: folder.appendingPathComponent("img/stamp.png"))
        try Data("""
            extends: default
            page:
              header:
                left: "{{client}} / {title}"
                right: "{date}"
              footer:
                center: "{page} of {pages}"
            footnotes: page
            """.utf8).write(to: folder.appendingPathComponent("running.yaml"))
        return folder
    }

    private func write(_ note: String, named name: String = "note.md", in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(note.utf8).write(to: url)
        return url
    }

    /// A small page, its margins, a placed badge, the three shapes, a floating image and
    /// footnotes at the foot of the page, in a theme (a file beside the note) whose header
    /// shows a front matter value.
    @Test func pageShapesBadgeFloatsAndRunningHeadsComeBack() throws {
        let folder = try noteFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let paragraph = "The soil by the back fence finally crumbles instead of smearing on the spade, which is the sign "
            + "to wait for before sowing anything that matters.[^1] Then the beds are raked and left under fleece.\n\n"
        let note = try write("""
            ---
            title: Shapes
            date: 2025-03-29
            client: Bergmann
            theme: running.yaml
            pageSize: a6
            margin: [30, 24]
            badge: {center: [250, 70], diameter: 44}
            exclusions:
              - {shape: circle, page: 1, center: [120, 250], radius: 30, margin: 4, draw: true}
              - {shape: rect, page: 1, rect: [170, 300, 60, 50], fill: "#cfe3ff"}
              - {shape: polygon, page: 2, points: [[40, 80], [120, 90], [70, 160]], stroke: "#aa3300"}
            ---
            # Shapes

            \(paragraph)![A stamp](img/stamp.png "float: right; width: 30%")

            \(String(repeating: paragraph, count: 4))[^1]: The footnote, at the foot of its page.
            """, in: folder)
        try expectSamePages(note)
    }

    /// A turned page, a table of contents with its pages and a `{page:#…}` reference, in a
    /// theme named on the command line, whose header shows the date and footer the page count.
    @Test func landscapeContentsAndACommandLineThemeComeBack() throws {
        let folder = try noteFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = String(repeating: "A line of text long enough to fill the page's width and then some more. ", count: 30)
        let note = try write("""
            ---
            title: Turned
            date: 2024-03-14
            pageSize: a5
            landscape: true
            badge: false
            toc: {depth: 2}
            ---
            # One

            \(text)

            ## Two

            \(text) See page {page:#three}.

            ## Three

            \(text)
            """, in: folder)
        try expectSamePages(note, inspect: ["--theme", "important"])
    }

    /// A Markdown file whose front matter reads it as plain text: the styler must know it.
    @Test func plainTextReadFromMarkdownComesBack() throws {
        let folder = try noteFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = try write("---\ntitle: Plain\nmarkup: plain\ntheme: notepad\n---\n*not emphasis*\nline two\n\n  indented line\n", in: folder)
        try expectSamePages(note)
    }

    /// `--var` and `--locale` given to `inspect` are kept for the header and the badge, as
    /// `render` gives them.
    @Test func commandLineVariablesAndLocaleReachTheHeader() throws {
        let folder = try noteFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = try write("---\ntitle: Vars\ndate: 2024-03-14\ntheme: running.yaml\n---\nHello {{client}}.\n\n\\pagebreak\n\nTwo.\n",
                             in: folder)
        try expectSamePages(note, inspect: ["--var", "client=Acme", "--locale", "de"])
    }

    /// The front matter an archive keeps, written and read back; left out when it says nothing.
    @Test func theFrontMatterRoundTripsAndIsLeftOutWhenEmpty() throws {
        let (frontMatter, _) = try FrontMatterReader.split("""
            ---
            title: T
            subtitle: S
            pageSize: letter
            landscape: true
            margin: [10, 20]
            badge: {center: [10, 20], diameter: 30}
            exclusions:
              - {shape: polygon, points: [[1, 2], [3, 4], [5, 7]], fill: "#102030", margin: 0}
            markup: plain
            extra: 3
            ---
            """ + "\n", file: "n.md")
        let data = try JSONEncoder().encode(DocumentArchive(Document(frontMatter: frontMatter, blocks: []), theme: nil,
                                                            folder: URL(fileURLWithPath: "/notes/a/../b")))
        let archive = try #require(try DocumentArchive.read(data, file: "n.json"))
        #expect(archive.version == 2)
        #expect(archive.folder == "/notes/b")
        let read = archive.document.frontMatter
        #expect(read.subtitle == "S" && read.pageSize == "letter" && read.landscape && read.margin == "10,20")
        #expect(read.badge == frontMatter.badge && read.exclusions == frontMatter.exclusions && read.markup == .plain)
        #expect(read.variables == frontMatter.variables)

        let bare = try JSONSerialization.jsonObject(with: JSONEncoder().encode(DocumentArchive(Document(blocks: []), theme: nil))) as? [String: Any]
        let keys = Set(try #require(bare).keys)
        #expect(keys == ["format", "version", "characters", "runCount", "blocks", "footnotes"])
    }

    /// A version 1 archive, without the page's keys, reads as it did: the theme's page, the badge shown.
    @Test func aVersionOneArchiveStillReads() throws {
        let old = #"{"format": "letterpress-runs", "version": 1, "title": "Old", "characters": 2, "runCount": 1,"#
            + #" "blocks": [{"type": "paragraph", "runs": [{"text": "Hi"}]}], "footnotes": []}"#
        let archive = try #require(try DocumentArchive.read(Data(old.utf8), file: "old.json"))
        #expect(archive.version == 1)
        let frontMatter = archive.document.frontMatter
        #expect(frontMatter.title == "Old" && frontMatter.pageSize == nil && frontMatter.margin == nil && !frontMatter.landscape)
        #expect(frontMatter.badge == BadgeSetting() && frontMatter.exclusions.isEmpty && frontMatter.markup == nil)
        #expect(archive.existingFolder == nil)
    }

    /// A relative image of a version 1 archive, or of one whose note's folder is gone, is found
    /// beside the archive, as before.
    @Test func anArchiveWithoutItsFolderFindsImagesBesideItself() throws {
        let folder = try noteFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let note = try write("![A stamp](img/stamp.png)\n", in: folder)
        let inspected = try runRender(["inspect", "--json", note.path], in: folder)
        var json = try #require(try JSONSerialization.jsonObject(with: inspected.stdout) as? [String: Any])
        #expect(json["folder"] as? String == folder.standardizedFileURL.path)
        let archives: [(name: String, version: Int, folder: String?)] = [("old", 1, nil), ("gone", 2, "/no/such/folder")]
        for (name, version, noteFolder) in archives {
            json["folder"] = noteFolder
            json["version"] = version
            try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("\(name).json"))
            let result = try runRender(["\(name).json", "-o", "\(name).pdf"], in: folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(name): \(result.stderr)")
        }
        // Moved elsewhere without the image, the archive's folder still names it.
        let elsewhere = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try inspected.stdout.write(to: elsewhere.appendingPathComponent("new.json"))
        let moved = try runRender(["new.json", "-o", "new.pdf"], in: elsewhere)
        #expect(moved.status == 0 && moved.stderr.isEmpty, "\(moved.stderr)")
    }

    /// A bad archive: an error naming the file (and line:column for broken JSON), status 1,
    /// nothing written.
    @Test(arguments: [
        (#"{"format": "letterpress-runs", "version": 2,"# + "\n" + #"  "blocks": [}"#, "bad.json:2:"),
        (#"{"format": "letterpress-runs", "version": 2, "pageSize": "huge", "characters": 0, "runCount": 0, "blocks": [], "footnotes": []}"#,
         "pageSize 'huge'"),
        (#"{"format": "letterpress-runs", "version": 2, "exclusions": [{"shape": "star"}], "characters": 0, "runCount": 0, "blocks": [], "footnotes": []}"#,
         "exclusions.[0].shape"),
        (#"{"format": "letterpress-runs", "version": 2, "badge": {"diameter": 2}, "characters": 0, "runCount": 0, "blocks": [], "footnotes": []}"#,
         "diameter must be 8 to 600 points"),
    ])
    func aBadArchiveIsRefusedWithNothingWritten(_ json: String, expected: String) throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(json.utf8).write(to: folder.appendingPathComponent("bad.json"))
        let result = try runRender(["bad.json", "-o", "out.pdf"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad.json"), "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(try fileNames(in: folder) == ["bad.json"])
    }
}
