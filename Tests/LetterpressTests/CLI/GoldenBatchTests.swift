import Foundation
import Testing

/// `render notes/ --golden golden/`: golden checks over folders and several notes, as CI runs
/// them, with a summary and GitHub Actions annotations.
@Suite(.serialized) struct GoldenBatchTests {
    private func notes() throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes/sub"), withIntermediateDirectories: true)
        try "# A\n\nFirst.\n".write(to: folder.appendingPathComponent("notes/a.md"), atomically: true, encoding: .utf8)
        try "# B\n\nSecond.\n".write(to: folder.appendingPathComponent("notes/sub/b.md"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func aFolderIsCheckedAgainstReferencesNamedByItsNotes() throws {
        let folder = try notes()
        let recorded = try runRender(["notes", "--golden", "golden", "--update-golden", "--dpi", "20"], in: folder)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(String(decoding: recorded.stdout, as: UTF8.self).contains("golden: 2 of 2 notes updated"))
        for name in ["golden/a.png", "golden/sub/b.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }

        let same = try runRender(["notes", "--golden", "golden/", "--dpi", "20"], in: folder)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(String(decoding: same.stdout, as: UTF8.self).contains("golden: 2 of 2 notes match"))

        try "# B\n\nSomething else entirely, much longer than before.\n".write(to: folder.appendingPathComponent("notes/sub/b.md"),
                                                                           atomically: true, encoding: .utf8)
        let changed = try runRender(["notes", "--golden", "golden", "--dpi", "20"], in: folder, environment: ["GITHUB_ACTIONS": "true"])
        let out = String(decoding: changed.stdout, as: UTF8.self)
        #expect(changed.status == 1)
        #expect(out.contains("golden: 1 of 2 notes match; differ or failed: notes/sub/b.md"), "\(out)")
        #expect(out.contains("::error file=notes/sub/b.md,title=golden image::") && out.contains("golden/sub/b.png: "), "\(out)")
        #expect(!out.contains("::error file=notes/a.md"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("golden/sub/b.diff.png").path))
        // Without GITHUB_ACTIONS, no annotation.
        let local = try runRender(["notes", "--golden", "golden", "--dpi", "20"], in: folder)
        #expect(!String(decoding: local.stdout, as: UTF8.self).contains("::error"))
    }

    @Test func aMissingReferenceIsNamedAndExitsTwo() throws {
        let folder = try notes()
        _ = try runRender(["notes/a.md", "notes/sub/b.md", "--golden", "golden", "--update-golden", "--dpi", "20"], in: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("golden/b.png"))
        let result = try runRender(["notes/a.md", "notes/sub/b.md", "--golden", "golden", "--dpi", "20"], in: folder)
        #expect(result.status == 2)
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("golden: 1 of 2 notes match; no reference: notes/sub/b.md"))
    }

    @Test func severalNotesNeedAFolderOfReferences() throws {
        let folder = try notes()
        let result = try runRender(["notes", "--golden", "golden.png"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("names a folder of references"), "\(result.stderr)")
    }
}
