import CPangoCairo
import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `--font-dir` folders are walked by `FontFolder`, not by fontconfig, and their fonts added
/// file by file: in fontconfig's own order, without opening what is not a regular file, and
/// within bounds.
@Suite struct FontFolderTests {
    private let dejaVu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu")

    /// The files of the fonts `config`'s application set holds, with their face index, in order.
    private func applicationFonts(_ config: OpaquePointer) -> [String] {
        guard let set = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        return (0..<Int(set.pointee.nfont)).map { index in
            let font = set.pointee.fonts[index]
            var file: UnsafeMutablePointer<FcChar8>?
            var face: Int32 = 0
            FcPatternGetString(font, FC_FILE, 0, &file)
            FcPatternGetInteger(font, FC_INDEX, 0, &face)
            return "\(file.map { String(cString: $0) } ?? "?")#\(face)"
        }
    }

    /// A tree of fonts with the names, links and files that decide the order: upper and lower
    /// case, a link to a folder sorted before its target (outside the tree, so fontconfig walks
    /// it once too), a link to a file, hidden, empty and text files, three levels.
    @Test func addsTheFontsFontconfigsOwnWalkAddedInTheSameOrder() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        let manager = FileManager.default
        for path in ["fonts/b/deep/deeper", "fonts/a", "fonts/B", "outside"] {
            try manager.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        let copies = ["fonts/z.ttf": "DejaVuSans.ttf", "fonts/Z.ttf": "DejaVuSerif.ttf", "fonts/a/m.ttf": "DejaVuSans-Bold.ttf",
                      "fonts/B/a.ttf": "DejaVuSansMono.ttf", "fonts/b/deep/x.ttf": "DejaVuSans-Oblique.ttf",
                      "fonts/b/deep/deeper/y.ttf": "DejaVuSerif-Bold.ttf", "outside/o.ttf": "DejaVuSans.ttf",
                      "fonts/.hidden.ttf": "DejaVuSans.ttf"]
        for (path, name) in copies { try manager.copyItem(at: dejaVu.appendingPathComponent(name), to: folder.appendingPathComponent(path)) }
        try manager.createSymbolicLink(atPath: fonts.appendingPathComponent("0outside").path, withDestinationPath: "../outside")
        try manager.createSymbolicLink(atPath: fonts.appendingPathComponent("a/linked.ttf").path, withDestinationPath: "../Z.ttf")
        try Data().write(to: fonts.appendingPathComponent("empty.ttf"))
        try Data("not a font".utf8).write(to: fonts.appendingPathComponent("README"))

        let walked = try #require(FcConfigCreate())
        defer { FcConfigDestroy(walked) }
        // A cache folder of its own, which fontconfig's walk writes to.
        let caches = "<fontconfig><cachedir>\(folder.appendingPathComponent("cache").path)</cachedir></fontconfig>"
        #expect(FcConfigParseAndLoadFromMemory(walked, caches, 1) != 0)
        #expect(FcConfigAppFontAddDir(walked, fonts.path) != 0)
        let byFile = try #require(FcConfigCreate())
        defer { FcConfigDestroy(byFile) }
        for file in try FontFolder.files(in: fonts.path) {
            _ = (file + [0]).withUnsafeBufferPointer { FcConfigAppFontAddFile(byFile, $0.baseAddress) }
        }
        let expected = applicationFonts(walked)
        #expect(expected.count == 8)
        #expect(applicationFonts(byFile) == expected)
    }

    /// A FIFO named like a font, a socket, a broken link: left out, never opened (fontconfig
    /// opened the FIFO and waited for a writer for ever).
    @Test func leavesOutWhatIsNotARegularFile() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("x.ttf").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("broken.ttf").path, withDestinationPath: "nowhere.ttf")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("null.ttf").path, withDestinationPath: "/dev/null")
        try FileManager.default.copyItem(at: dejaVu.appendingPathComponent("DejaVuSans.ttf"), to: folder.appendingPathComponent("y.ttf"))
        let files = try FontFolder.files(in: folder.path).map { String(decoding: $0, as: UTF8.self) }
        #expect(files == [folder.appendingPathComponent("y.ttf").path])
    }

    /// Deeper than `maximumDepth` folders, or more than `maximumEntries` names, is refused naming
    /// the limit; a link back up the tree is walked once.
    @Test func refusesTreesPastTheLimits() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = folder.appendingPathComponent("deep")
        let levels = (1...FontFolder.maximumDepth).map { "\($0)" }.joined(separator: "/")
        try FileManager.default.createDirectory(at: deep.appendingPathComponent(levels), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: deep.appendingPathComponent("1/2/up").path, withDestinationPath: "../..")
        #expect(try FontFolder.files(in: deep.path).isEmpty)
        try FileManager.default.createDirectory(at: deep.appendingPathComponent(levels + "/9"), withIntermediateDirectories: true)
        #expect(throws: LetterpressError.invalidOption(
            .invalidFontFolder, "font folder \(deep.path): \(deep.path)/\(levels)/9 lies more than 8 folders deep, the most walked (see docs/limits.md)")) {
            try FontFolder.files(in: deep.path)
        }

        let many = folder.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0...FontFolder.maximumEntries { #expect(FileManager.default.createFile(atPath: many.appendingPathComponent("\(index)").path, contents: nil)) }
        #expect(throws: LetterpressError.invalidOption(.invalidFontFolder, "font folder \(many.path): holds more than 10000 files and folders, the most read (see docs/limits.md)")) {
            try FontFolder.files(in: many.path)
        }
    }
}
