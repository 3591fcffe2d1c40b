import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The glyph runs of a typeset document's text, footers left out.
private func runs(_ document: TypesetDocument) -> [GlyphRun] {
    document.pages.flatMap { page in
        page.items.flatMap { item -> [GlyphRun] in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return [] }
            return line.runs
        }
    }
}

/// The runs that draw `text`'s bytes, whole.
private func runs(drawing text: String, in document: TypesetDocument) -> [GlyphRun] {
    runs(document).filter { String(decoding: $0.utf8, as: UTF8.self).contains(text) }
}

/// Each script public documents use is drawn with a font the Makefile installs, with no boxes.
@Suite(.fontWork) struct ScriptsTests {
    static let notes: [(script: String, text: String, fontFile: String)] = [
        ("Bengali", "আমি বাংলায় গান গাই", "Lohit-Bengali.ttf"),
        ("Devanagari", "नमस्ते दुनिया क्षत्रिय", "Lohit-Devanagari.ttf"),
        ("Thai", "สวัสดีครับ ภาษาไทย", "Loma.ttf"),
        ("Tamil", "தமிழ் மொழி", "Lohit-Tamil.ttf"),
        ("Malayalam", "മലയാളം", "Lohit-Malayalam.ttf"),
        ("Sinhala", "සිංහල", "lklug.ttf"),
        ("Hebrew", "שלום עולם", "DejaVuSans.ttf"),
        ("Arabic", "مرحبا بالعالم", "DejaVuSans.ttf"),
        ("Japanese kana", "ひらがなとカタカナ", "wqy-microhei.ttc"),
        ("Chinese", "中文文本", "wqy-microhei.ttc"),
    ]

    @Test(arguments: notes.map(\.script))
    func eachScriptHasItsFont(script: String) throws {
        let note = try #require(Self.notes.first { $0.script == script })
        let document = try TestSupport.typeset("\(script): \(note.text)")
        #expect(document.pages.flatMap { Array($0.missingCharacters) }.isEmpty, "no character of \(script) is drawn as a box")
        #expect(!document.warnings.contains { $0.message.contains("no installed font has") })
        let drawn = runs(document).filter { run in
            String(decoding: run.utf8, as: UTF8.self).unicodeScalars.contains { !$0.isASCII }
        }
        #expect(!drawn.isEmpty && drawn.allSatisfy { $0.font.face.file.hasSuffix(note.fontFile) },
                "\(script) is drawn with \(note.fontFile), not \(drawn.map(\.font.face.file))")
    }

    /// A family joined by zero-width joiners, a flag, a skin tone and a rainbow flag (with a
    /// variation selector) are one glyph each, in colour from Noto Color Emoji.
    @Test func emojiSequencesAreOneGlyphEach() throws {
        let sequences = ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "🏳️‍🌈", "😀"]
        let document = try TestSupport.typeset("Emoji " + sequences.joined(separator: " ") + " end")
        #expect(document.pages.flatMap { Array($0.missingCharacters) }.isEmpty)
        for sequence in sequences {
            let drawn = runs(drawing: sequence, in: document)
            let run = try #require(drawn.first, "\(sequence) is drawn")
            #expect(run.font.face.file.hasSuffix("NotoColorEmoji.ttf"))
            // Swift's characters are grapheme clusters: one per sequence, and one per space.
            #expect(run.glyphs.count == String(decoding: run.utf8, as: UTF8.self).count, "\(sequence) is one glyph")
        }
    }

    /// The same Han characters take Japanese forms (IPAex Gothic) where the text is tagged
    /// Japanese, and Chinese ones (WenQuanYi) where it is tagged Chinese or not at all: from the
    /// front matter, an attribute and HTML's `lang`.
    @Test func languageTagsPickJapaneseOrChineseForms() throws {
        // By name: fontconfig may find IPAex Gothic through Debian's `fonts-japanese-gothic.ttf` link.
        func font(of text: String, in markdown: String) throws -> String {
            let document = try TestSupport.typeset(markdown)
            return try #require(runs(drawing: text, in: document).first, "\(text) is drawn").font.face.name
        }
        #expect(try font(of: "直今", in: "直今").hasPrefix("WenQuanYi Micro Hei"))
        #expect(try font(of: "直今", in: "---\nlang: ja\n---\n直今").hasPrefix("IPAexGothic"))
        #expect(try font(of: "直今", in: "x ^[直今](lang: 'ja') y").hasPrefix("IPAexGothic"))
        #expect(try font(of: "直今", in: "x <span lang=\"ja\">直今</span> y").hasPrefix("IPAexGothic"))
        #expect(try font(of: "直今", in: "---\nlang: ja\n---\nx ^[直今](lang: 'zh-CN') y").hasPrefix("WenQuanYi Micro Hei"))
        #expect(try font(of: "直今", in: "<p lang=\"ja\">直今 **x**</p>").hasPrefix("IPAexGothic"))
    }

    /// Without any tag the text is laid out as before: no language attribute reaches Pango.
    @Test func untaggedTextHasNoLanguage() throws {
        let styler = Styler(theme: TestSupport.defaultTheme)
        var warnings: [Warning] = []
        let plain = styler.style(AttributedString("直今"), base: TestSupport.defaultTheme.body.text, warnings: &warnings)
        #expect(plain.runs.allSatisfy { $0.style.language == nil })
        let tagged = Styler(theme: TestSupport.defaultTheme, language: LanguageTag(parsing: "ja"))
            .style(AttributedString("直今"), base: TestSupport.defaultTheme.body.text, warnings: &warnings)
        #expect(tagged.runs.allSatisfy { $0.style.language?.description == "ja" })
    }
}
