import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// What a note may read, and which date it has.
@Suite struct ResourcesTests {
    private func sandboxed(in folder: URL) -> Resources {
        var options = RenderOptions()
        options.sandbox = true
        return Resources(note: folder.appendingPathComponent("note.md").path, options: options)
    }

    @Test func theSandboxRefusesFilesOutsideTheNotesFolder() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inside = folder.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("two-tone.png"),
                                         to: folder.appendingPathComponent("outside.png"))
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("two-tone.png"),
                                         to: inside.appendingPathComponent("inside.png"))
        try FileManager.default.createSymbolicLink(at: inside.appendingPathComponent("link.png"),
                                                   withDestinationURL: folder.appendingPathComponent("outside.png"))
        let resources = sandboxed(in: inside)
        #expect(resources.mayRead(inside.appendingPathComponent("inside.png")))
        #expect(!resources.mayRead(folder.appendingPathComponent("outside.png")))
        #expect(!resources.mayRead(inside.appendingPathComponent("../outside.png")))
        #expect(!resources.mayRead(inside.appendingPathComponent("link.png")))
        // A folder whose name starts like the note's is another folder.
        #expect(!resources.mayRead(folder.appendingPathComponent("notes-old/inside.png")))
        guard case .success = resources.image("inside.png") else {
            Issue.record("the image beside the note was refused")
            return
        }
        for source in ["../outside.png", "link.png", folder.appendingPathComponent("outside.png").path] {
            guard case .failure(.outsideSandbox) = resources.image(source) else {
                Issue.record("\(source) was not refused")
                continue
            }
        }
        #expect(Resources(note: inside.appendingPathComponent("note.md").path).mayRead(folder.appendingPathComponent("outside.png")))
    }

    @Test func theSandboxRefusesThemeFilesOutsideTheNotesFolder() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let theme = folder.appendingPathComponent("mine.yaml")
        try "extends: default\n".write(to: theme, atomically: true, encoding: .utf8)
        var loader = ThemeLoader(searchPaths: [])
        loader.resources = sandboxed(in: folder.appendingPathComponent("notes"))
        #expect(throws: LetterpressError.unreadableInput(file: theme.path, reason: "theme lies outside the note's folder (RenderOptions.sandbox)")) {
            try loader.load(theme.path)
        }
        loader.resources = sandboxed(in: folder)
        #expect(try loader.load(theme.path).name == "mine")
    }

    @Test func readingNamesTheFileThatCannotBeRead() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.md").path
        #expect(throws: LetterpressError.unreadableInput(file: missing, reason: "no such file")) {
            try Resources(note: missing).readNote()
        }
        #expect(throws: LetterpressError.unreadableInput(file: folder.path, reason: "is a folder")) {
            try Resources(note: folder.path).readNote()
        }
        let note = folder.appendingPathComponent("note.md")
        try "# Hello".write(to: note, atomically: true, encoding: .utf8)
        #expect(try Resources(note: note.path).readNote() == Data("# Hello".utf8))
        #expect(String(describing: LetterpressError.unreadableInput(file: missing, reason: "no such file")) == "\(missing): no such file")
    }

    private func resources(file: String, date: String?, epoch: String?) -> Resources {
        var options = RenderOptions()
        options.date = date.flatMap(NoteDate.init(parsing:))
        return Resources(note: file, options: options, sourceDateEpoch: epoch)
    }

    private func day(_ text: String) -> Date { PDFDate.parse(text)! }

    @Test func thePDFsDateIsTheFrontMattersThenDateOptionThenSourceDateEpoch() {
        let both = resources(file: "-", date: "2024-02-02", epoch: "1700000000")
        #expect(both.creationDate(frontMatterDate: "2024-01-01") == "2024-01-01T00:00:00Z")
        #expect(both.creationDate(frontMatterDate: nil) == "2024-02-02T00:00:00Z")
        // A front matter date that is none hides --date here (the badge takes --date instead).
        #expect(both.creationDate(frontMatterDate: "soon") == "2023-11-14T22:13:20Z")
        #expect(resources(file: "-", date: nil, epoch: "1700000000").creationDate(frontMatterDate: nil) == "2023-11-14T22:13:20Z")
        #expect(resources(file: "-", date: nil, epoch: nil).creationDate(frontMatterDate: nil) == nil)
        // The clock never dates a PDF, not even through the file's modification time.
        #expect(resources(file: TestSupport.fixtures.appendingPathComponent("two-tone.png").path, date: nil, epoch: nil)
            .creationDate(frontMatterDate: nil) == nil)
    }

    @Test func jekyllsDatesWithNanosecondsAndAZoneAreDates() throws {
        let both = resources(file: "-", date: nil, epoch: nil)
        #expect(both.creationDate(frontMatterDate: "2024-03-14 12:00:00.000000000 +09:00") == "2024-03-14T03:00:00Z")
        let zoned = try #require(PDFDate.zoned("2024-03-14 12:00:00.250 -0130"))
        #expect(zoned.offset == -5400)
        #expect(PDFDate.zoned("2024-03-14T23:30-18:00")?.offset == -64800)
        #expect(zoned.date == day("2024-03-14T13:30:00Z").addingTimeInterval(0.25))
        #expect(PDFDate.format(try #require(PDFDate.parse("2024-12-31 23:59:59.999999999 +00:00"))) == "2024-12-31T23:59:59Z")
        for text in ["2024-03-14 12:00:00. +09:00", "2024-03-14 12:00.5", "2024-03-14 12:00:00.0000000000", "2024-03-14T23:30+99:00",
                     "2024-03-14T23:30+18:01", "2024-03-14T23:30-05:60"] {
            #expect(PDFDate.parse(text) == nil, "\(text)")
        }
    }

    /// A note in a new folder, last modified on 6 May 2020 at 07:08:09 UTC.
    private func noteModifiedIn2020() throws -> (folder: URL, note: URL, modified: Date) {
        let folder = try TestSupport.temporaryFolder()
        let note = folder.appendingPathComponent("note.md")
        try "x".write(to: note, atomically: true, encoding: .utf8)
        let modified = day("2020-05-06T07:08:09Z")
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: note.path)
        return (folder, note, modified)
    }

    @Test func theBadgesDateIsTheFrontMattersThenDateOptionThenSourceDateEpochThenTheThemes() throws {
        let (folder, note, modified) = try noteModifiedIn2020()
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [Warning] = []
        let dated = resources(file: note.path, date: "2024-02-02", epoch: "1700000000")
        #expect(dated.noteDate(frontMatterDate: " 2024-01-01 ", location: nil, warnings: &warnings) == day("2024-01-01"))
        #expect(dated.noteDate(frontMatterDate: nil, location: nil, themeRule: .modified, warnings: &warnings) == day("2024-02-02"))
        #expect(warnings.isEmpty)
        // Undated: SOURCE_DATE_EPOCH, then the theme's rule, then no date at all.
        let epoch = resources(file: note.path, date: nil, epoch: "1700000000")
        #expect(epoch.noteDate(frontMatterDate: nil, location: nil, themeRule: .modified, warnings: &warnings)
            == Date(timeIntervalSince1970: 1_700_000_000))
        let undated = resources(file: note.path, date: nil, epoch: nil)
        #expect(undated.noteDate(frontMatterDate: nil, location: nil, warnings: &warnings) == nil,
                "the file's time never dates a note unasked")
        #expect(undated.noteDate(frontMatterDate: nil, location: nil, themeRule: .modified, warnings: &warnings) == modified)
        #expect(resources(file: "-", date: nil, epoch: nil).noteDate(frontMatterDate: nil, location: nil, themeRule: .modified,
                                                                     warnings: &warnings) == nil)
        #expect(warnings.isEmpty)
        let location = SourceLocation(line: 2, column: 7)
        #expect(dated.noteDate(frontMatterDate: "soon", location: location, warnings: &warnings) == day("2024-02-02"))
        #expect(warnings == [Warning(code: .invalidDate, file: note.path, location: location,
                                     message: "front matter date 'soon' is not YYYY-MM-DD; the note is dated as if it had none")])
    }

    @Test func dateOptionRulesReadTheFileOrTheClockOnlyWhenAsked() throws {
        let (folder, note, modified) = try noteModifiedIn2020()
        defer { try? FileManager.default.removeItem(at: folder) }
        var warnings: [Warning] = []
        // An explicit --date rule wins over SOURCE_DATE_EPOCH, and dates the PDF too.
        let byFile = resources(file: note.path, date: "modified", epoch: "1700000000")
        #expect(byFile.noteDate(frontMatterDate: nil, location: nil, warnings: &warnings) == modified)
        #expect(byFile.creationDate(frontMatterDate: nil) == "2020-05-06T07:08:09Z")
        let today = try #require(resources(file: note.path, date: "today", epoch: nil)
            .noteDate(frontMatterDate: nil, location: nil, warnings: &warnings))
        #expect(today.timeIntervalSinceNow <= 0 && today.timeIntervalSinceNow > -86_400)
        #expect(today.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0, "the day, not the minute")
        #expect(NoteDate(parsing: " Today ") == .rule(.today))
        #expect(NoteDate(parsing: "2024-02-30") == nil)
        #expect(NoteDate(parsing: "yesterday") == nil)
        #expect(warnings.isEmpty)
    }
}
