import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
import LetterpressTesting

/// The seeds' phrases as one note (`Fixtures/translations/seeds.md`) rendered from the command
/// line in German, Russian and Chinese, its tables found beside it without being named.
@Suite(.fontWork) struct TranslatedNoteTests {
    private static let folder = TestSupport.fixtures.appendingPathComponent("translations")

    /// The PDF text of `note` rendered with `arguments`, lines joined with spaces.
    private func render(_ note: URL, _ arguments: [String]) throws -> (String, CommandResult) {
        let output = try TestSupport.temporaryFolder().appendingPathComponent("note.pdf")
        let result = try runRender([note.path, "-o", output.path] + arguments, in: note.deletingLastPathComponent())
        let text = result.status == 0 ? try pdfText(output) : ""
        return (text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " "), result)
    }

    @Test func theSeedsPhrasesInThreeLanguages() throws {
        let note = Self.folder.appendingPathComponent("seeds.md")
        let expected = [
            "de": ["Hallo, Welt", "Ich bin onevcat", "Hallo onevcat", "Hallo Nummer 1", "3 == 3 ist true", "Hallo, Geralt of Rivia",
                   "1,5 + 1,5 = 3.0", "Eine wunderbare Heiterkeit hat meine ganze Seele in Besitz genommen.",
                   "Danke! Besuchen Sie unsere Webseite.", "Achtung: 13. April 2024 ist fällig.", "3 Dateien; 3 Dateien in 2 Ordnern;",
                   "21 apples and 5 pears", "Bleistift", "onevcat hat Post von Geralt", "In German: 1.234,50 € on 13. April 2024"],
            "ru": ["Привет, мир", "Я — onevcat", "Привет, onevcat", "Привет, 1", "Здравствуйте, Geralt of Rivia",
                   "Удивительная безмятежность всецело овладела всей моей душой.", "Спасибо! Посетите наш сайт.",
                   "3 файла; 3 файла в 2 папках; 21 яблоко и 5 груш", "pencil"],
            "zh-Hans": ["你好，世界", "我是onevcat", "你好，onevcat", "你好，数字1", "3 == 3 是 true", "嗨，Geralt of Rivia",
                        "1.5 加 1.5 等于 3.0", "一种奇妙的宁静完全占据了我的整个灵魂。", "谢谢！请访问我们的网站。", "3 个文件;",
                        "2 个文件夹中有 3 个文件"],
        ]
        for (locale, phrases) in expected {
            let (text, result) = try render(note, ["--locale", locale])
            #expect(result.status == 0, "\(locale): \(result.stderr)")
            for phrase in phrases {
                #expect(text.contains(phrase), "\(locale): \(phrase) in \(text)")
            }
        }
        // The tables lack the apples in German and the pencil in Russian: one warning each.
        let (_, german) = try render(note, ["--locale", "de"])
        #expect(german.stderr.contains("seeds.md:37:") && german.stderr.contains("'%lld apples and %lld pears' for locale 'de'"), "\(german.stderr)")
        let (_, russian) = try render(note, ["--locale", "ru"])
        #expect(russian.stderr.components(separatedBy: "no translation of 'pencil'").count == 2, "\(russian.stderr)")
    }

    /// `--strict` fails a note on a mistake in a translation, naming the table's file and line.
    @Test func strictFailsOnAMistakeInATranslationAtItsLine() throws {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        try Data("\"greeting\" = \"Hallo\";\n\"thanks\" = \"**Danke** ^[sehr](customColour: 'danger')\";\n".utf8)
            .write(to: folder.appendingPathComponent("de.lproj/Localizable.strings"))
        let note = folder.appendingPathComponent("n.md")
        try Data("^[Hello](localized: 'greeting'), ^[Thanks](localized: 'thanks')\n".utf8).write(to: note)
        let (text, lenient) = try render(note, ["--locale", "de"])
        #expect(lenient.status == 0 && text.contains("Hallo, Danke sehr"), "\(text)")
        #expect(lenient.stderr.contains("de.lproj/Localizable.strings:2:23: warning: unknown attribute 'customColour' (did you mean 'customColor'?)"),
                "\(lenient.stderr)")
        let (_, strict) = try render(note, ["--locale", "de", "--strict"])
        #expect(strict.status != 0)
        #expect(strict.stderr.contains("de.lproj/Localizable.strings:2:23"), "\(strict.stderr)")
        let (english, _) = try render(note, ["--locale", "en"])
        #expect(english.contains("Hello, Thanks"))
    }

    /// The styled phrase in German, each value in its own style where German puts it.
    @Test func styledValuesInTheirPlaces() throws {
        let check = RenderingCheck(theme: "default", pageSize: PageSize(width: 260, height: 90), margins: GoldenTests.margins)
        try assertRendering(markdown: """
            ---
            locale: de
            strings: Localizable.xcstrings
            ---
            ^[A ^[wonderful](fontWeight: 'bold', localized: true) serenity ^[has taken](italic: true, localized: true) ^[possession](foregroundColor: 'red', localized: true) of my ^[entire soul](underline: true, localized: true).](localized: true)

            ^[**Thank You!** Please visit our [website](https://example.com).](localized: true)
            """, matches: TestSupport.golden.appendingPathComponent("translation-styled-values.png"), check: check, baseURL: Self.folder)
    }
}
