import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The command's side of scripts and fonts: `--isolated-fonts` against the system's
/// configuration, `--lang`, and what `render fonts` says of characters no font has.
@Suite(.serialized) struct ScriptFontsCommandTests {
    private func folder(_ notes: [String: String]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        for (name, text) in notes { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// Bold and headings in Chinese (WenQuanYi has no bold face: fontconfig makes one), italics
    /// and colour emoji come out the same under the isolated configuration.
    @Test func isolatedFontsDrawBoldChineseAndEmojiAsTheSystemDoes() throws {
        let folder = try folder(["zh.md": "# 中文标题\n\n普通文字 **粗体中文** *斜体中文* 😀 👨‍👩‍👧‍👦 🇯🇵\n\n^[日本語の直](lang: 'ja')\n"])
        for format in ["pdf", "png"] {
            let plain = try runRender(["zh.md", "-o", "plain.\(format)", "--date", "2024-01-01", "--dpi", "36"], in: folder)
            let isolated = try runRender(["zh.md", "-o", "isolated.\(format)", "--date", "2024-01-01", "--dpi", "36", "--isolated-fonts"],
                                         in: folder)
            #expect(plain.status == 0 && isolated.status == 0 && isolated.stderr.isEmpty, "\(isolated.stderr)")
            #expect(try Data(contentsOf: folder.appendingPathComponent("plain.\(format)"))
                == Data(contentsOf: folder.appendingPathComponent("isolated.\(format)")), "\(format) is the same")
        }
    }

    /// The seeds' Apple families come out in the fonts `FontAliases` names for them, as
    /// `render fonts` lists and `pdffonts` shows; a width picks the narrow family.
    @Test func fontsListsTheFontsAppleFamiliesAreSetIn() throws {
        let folder = try folder(["a.md": "^[code](font: 'Menlo') ^[script](font: 'Zapfino') ^[narrow](font: 'Helvetica', fontWidth: 'condensed')\n"])
        let listed = try runRender(["fonts", "a.md"], in: folder)
        let text = String(decoding: listed.stdout, as: UTF8.self)
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        for line in ["DejaVu Sans Mono Book → /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                     "Z003 Medium Italic → /usr/share/fonts/opentype/urw-base35/Z003-MediumItalic.otf",
                     "Nimbus Sans Narrow Regular → /usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Regular.otf"] {
            #expect(text.contains(line), "\(text)")
        }
        #expect(try runRender(["a.md", "-o", "a.pdf", "--date", "2024-01-01"], in: folder).status == 0)
        let fonts = try popplerOutput("pdffonts", [folder.appendingPathComponent("a.pdf").path])
        #expect(fonts.contains("DejaVuSansMono") && fonts.contains("Z003-MediumItalic") && fonts.contains("NimbusSansNarrow-Regular"), "\(fonts)")
    }

    /// Cairo puts a colour glyph in a PDF as an image: each emoji is one object however often
    /// it is used, drawn at four times the text's resolution (288 pixels an inch), not 72.
    @Test func emojiInAPDFAreSharpImagesEmbeddedOnce() throws {
        let folder = try folder(["e.md": "Rocket 🚀 and 🚀, stars ✨ ✨ ✨\n\n\\pagebreak\n\nAgain 🚀\n"])
        let result = try runRender(["e.md", "-o", "e.pdf", "--date", "2024-01-01"], in: folder)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let rows = try popplerOutput("pdfimages", ["-list", folder.appendingPathComponent("e.pdf").path]).split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ", omittingEmptySubsequences: true) }.filter { $0[2] == "image" }
        #expect(rows.count == 6, "each use is listed")
        #expect(Set(rows.map { $0[10] }).count == 2, "one object for each emoji")
        #expect(rows.allSatisfy { Int($0[12]) ?? 0 >= 280 }, "at 288 pixels an inch: \(rows.map { $0[12] })")
    }

    @Test func relativeFontFoldersPrintNoFontconfigWarning() throws {
        let folder = try folder(["n.md": "# x\n\n**粗体**\n"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         toPath: folder.appendingPathComponent("fonts/Mine.ttf").path)
        for extra in [[], ["--isolated-fonts"]] {
            let result = try runRender(["n.md", "-o", "n.pdf", "--font-dir", "fonts"] + extra, in: folder)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test func langOptionTagsNotesWithoutTheirOwn() throws {
        let folder = try folder(["n.md": "直今\n", "zh.md": "---\nlang: zh-CN\n---\n直今\n"])
        let fonts = { (arguments: [String]) in String(decoding: try runRender(["fonts"] + arguments, in: folder).stdout, as: UTF8.self) }
        #expect(try fonts(["n.md"]).contains("WenQuanYi Micro Hei"))
        #expect(try fonts(["n.md", "--lang", "ja"]).contains("IPAexGothic"))
        #expect(try !fonts(["zh.md", "--lang", "ja"]).contains("IPAexGothic"))
        let bad = try runRender(["n.md", "--lang", "日本"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--lang '日本' is not a language tag"))
    }

    @Test func fontsListsCharactersNoFontHasWithTheirPlace() throws {
        let folder = try folder(["n.md": "# Title\n\nSome text, then ꪀ.\n\nAgain ꪀ &#x1D800;\n"])
        let result = try runRender(["fonts", "n.md"], in: folder)
        #expect(result.status == 0)
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("DejaVu Sans Bold → ") })
        #expect(Array(lines.filter { $0.hasPrefix("no font has") }) == [
            "no font has 'ꪀ' (U+AA80) → n.md:3:17",
            "no font has '𝠀' (U+1D800) → n.md",
        ])
    }
}
