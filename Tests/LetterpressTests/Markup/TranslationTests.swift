import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Translated phrases that hold Markdown, attributes and several values, looked up by the keys
/// Apple derives from interpolations, with the seeds' phrases in German, Russian and Chinese
/// (`Fixtures/translations`).
@Suite struct TranslationTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("translations")

    /// The fixture's catalog, its German `.strings` and its Russian `.stringsdict`.
    static let table: StringTable = {
        var table = StringTable()
        for path in ["Localizable.xcstrings", "de.lproj/Localizable.strings", "ru.lproj/Localizable.stringsdict"] {
            table.add(try! StringTableReader.read(folder.appendingPathComponent(path).path, shownAs: path))
        }
        return table
    }()

    static let values = ["name": "onevcat", "one": "1", "flag": "true", "sum": "3", "files": "3", "folders": "2",
                         "apples": "21", "pears": "5", "due": "2024-04-13", "person.name": "Geralt"]

    private func parse(_ markdown: String, locale: String, variables: [String: String] = values, table: StringTable = table) -> Document {
        MarkdownParser.parseBody(markdown, file: "t.md", variables: variables, locale: locale, strings: table)
    }

    /// The text of each paragraph, one a line.
    private func text(_ markdown: String, locale: String, variables: [String: String] = values) -> String {
        parse(markdown, locale: locale, variables: variables).blocks.compactMap { block -> String? in
            if case let .paragraph(text) = block { return String(text.characters) }
            return nil
        }.joined(separator: "\n")
    }

    private func dump(_ markdown: String, locale: String) -> String {
        RunDump.blocks(parse(markdown, locale: locale).blocks).joined(separator: "\n")
    }

    private func warnings(_ markdown: String, locale: String, table: StringTable = table) -> [String] {
        Warning.inFileOrder(parse(markdown, locale: locale, table: table).warnings).map(\.description)
    }

    /// Seed 004: `"I am \(name)"` looks up "I am %@"; an image, a text and a Bool are `%@`, a
    /// whole number `%lld`, and a specifier stands as written.
    @Test func keysAreDerivedAsApplesInterpolationsMakeThem() {
        let note = """
            ^[Hello World](localized: true)

            ^[I am {{name}}](localized: true)

            ^[Hello {{one}}](localized: true)

            ^[3 == 3 is {{flag}}](localized: true)

            ^[Hi, {{person.name}}](localized: true)

            ^[1.5 + 1.5 = {{sum, %.1lf}}](localized: true)
            """
        #expect(text(note, locale: "zh-Hans") == "你好，世界\n我是onevcat\n你好，数字1\n3 == 3 是 true\n嗨，Geralt\n1.5 加 1.5 等于 3.0")
        #expect(text(note, locale: "ru") == "Привет, мир\nЯ — onevcat\nПривет, 1\n3 == 3 is true\nЗдравствуйте, Geralt\n1.5 + 1.5 = 3.0",
                "a whole number falls back to %@ where the table has no %lld key")
        #expect(text("^[I am {{name}}](localized: true)", locale: "zh-Hans", variables: ["name": "张三"]) == "我是张三")
    }

    /// Seed 004's styled values, each translated in turn, placed where each language's word
    /// order puts them (`%1$@ … %4$@`), each with its own style.
    @Test func styledValuesAreArgumentsInTheTranslationsOrder() {
        let note = "^[A ^[wonderful](fontWeight: 'bold', localized: true) serenity ^[has taken](italic: true, localized: true) "
            + "^[possession](foregroundColor: 'red', localized: true) of my ^[entire soul](underline: true, localized: true).](localized: true)"
        #expect(text(note, locale: "de") == "Eine wunderbare Heiterkeit hat meine ganze Seele in Besitz genommen.")
        #expect(text(note, locale: "ru") == "Удивительная безмятежность всецело овладела всей моей душой.")
        #expect(text(note, locale: "zh-Hans") == "一种奇妙的宁静完全占据了我的整个灵魂。")
        #expect(dump(note, locale: "de") == """
            Paragraph
              [0..<5] "Eine " localized=true
              [5..<15] "wunderbare" fontWeight=bold localized=true
              [15..<31] " Heiterkeit hat " localized=true
              [31..<48] "meine ganze Seele" underline=solid localized=true
              [48..<52] " in " localized=true
              [52..<58] "Besitz" foregroundColor=#ff0000 localized=true
              [58..<59] " " localized=true
              [59..<67] "genommen" italic=true localized=true
              [67..<68] "." localized=true
            """)
        #expect(text(note, locale: "en") == "A wonderful serenity has taken possession of my entire soul.")
    }

    /// Seed 002: a phrase's key is its Markdown, and the translation's Markdown is read: strong
    /// text and a link; seed 000: styles written in the table.
    @Test func translationsHoldMarkdownAndAttributes() {
        let thanks = "^[**Thank You!** Please visit our [website](https://example.com).](localized: true)"
        #expect(dump(thanks, locale: "de") == """
            Paragraph
              [0..<6] "Danke!" strong localized=true
              [6..<27] " Besuchen Sie unsere " localized=true
              [27..<35] "Webseite" link=https://example.com localized=true
              [35..<36] "." localized=true
            """)
        #expect(text(thanks, locale: "zh-Hans") == "谢谢！请访问我们的网站。")
        #expect(dump("*Note:* ^[Careful: {{due, date: long}} is due.](localized: true, fontWeight: 'bold')", locale: "de") == """
            Paragraph
              [0..<5] "Note:" emphasized
              [5..<6] " "
              [6..<15] "Achtung: " fontWeight=bold localized=true
              [15..<40] "13. April 2024 ist fällig" customColor=danger fontWeight=bold localized=true
              [40..<41] "." fontWeight=bold localized=true
            """)
        #expect(warnings(thanks, locale: "de").isEmpty)
    }

    /// Plural variations per value: a catalog's substitutions, a `.stringsdict` with two
    /// variables, and Russian's one, few and many.
    @Test func eachValueChoosesItsOwnPluralForm() {
        let files = "^[{{files}} files](localized: true)"
        let russian = ["0", "1", "2", "5", "11", "21", "22", "111"].map { text(files, locale: "ru", variables: ["files": $0]) }
        #expect(russian == ["0 файлов", "1 файл", "2 файла", "5 файлов", "11 файлов", "21 файл", "22 файла", "111 файлов"])
        let both = "^[{{files}} files in {{folders}} folders](localized: true)"
        #expect(text(both, locale: "ru", variables: ["files": "21", "folders": "1"]) == "21 файл в 1 папке")
        #expect(text(both, locale: "ru", variables: ["files": "5", "folders": "3"]) == "5 файлов в 3 папках")
        #expect(text(both, locale: "de", variables: ["files": "1", "folders": "2"]) == "1 Datei in 2 Ordnern")
        #expect(text(both, locale: "zh-Hans", variables: ["files": "7", "folders": "2"]) == "2 个文件夹中有 7 个文件", "reordered by position")
        let fruit = "^[{{apples}} apples and {{pears}} pears](localized: true)"
        #expect(text(fruit, locale: "ru", variables: ["apples": "21", "pears": "5"]) == "21 яблоко и 5 груш")
        #expect(text(fruit, locale: "ru", variables: ["apples": "3", "pears": "1"]) == "3 яблока и 1 груша")
    }

    /// A `.strings` entry that puts its two values the other way round.
    @Test func positionsReorderValues() {
        #expect(text("^[{{person.name}} wrote to {{name}}](localized: '%1$@ wrote to %2$@')", locale: "de") == "onevcat hat Post von Geralt")
    }

    /// Seed 002's "pencil" in a language the tables lack: the phrase as written, with its
    /// values, and one warning for the key however often it is used.
    @Test func aMissingTranslationShowsThePhraseWithItsValues() {
        let note = "^[I am {{name}}](localized: true) and ^[I am {{name}}](localized: true)\n\n^[pencil](localized: true)"
        #expect(text(note, locale: "da") == "I am onevcat and I am onevcat\npencil")
        #expect(warnings(note, locale: "da") == [
            "t.md:1:1: warning: no translation of 'I am %@' for locale 'da'; the source text is shown",
            "t.md:3:1: warning: no translation of 'pencil' for locale 'da'; the source text is shown",
        ])
        #expect(text("{{n, localized: 'Population %lld'}}", locale: "da", variables: ["n": "5"]) == "Population 5",
                "a key that takes the value shows it in place")
    }

    /// `^[…](locale: 'de')` formats the values inside as German does, and translates its phrases.
    @Test func aSpansLocaleFormatsItsValues() {
        let note = "{{total, currency: EUR}} or ^[{{total, currency: EUR}} on {{due, date: long}}, ^[Hello World](localized: true)](locale: 'de')"
        #expect(text(note, locale: "en", variables: ["total": "1234.5", "due": "2024-04-13"]).replacingOccurrences(of: "\u{A0}", with: " ")
            == "€1,234.50 or 1.234,50 € on 13. April 2024, Hallo, Welt")
        #expect(warnings("^[x](locale: 'xx-bogus')", locale: "en") == [
            "t.md:1:1: warning: locale 'xx-bogus' is not a locale (use one such as 'de', 'fr_CA' or 'ja'); the span keeps the note's",
        ])
    }

    /// Seed 004's globe: an image is a value, `Hello %@`, as a name is.
    @Test func anImageIsAValue() {
        let document = parse("^[Hello ![globe](globe.png)](localized: true)", locale: "zh-Hans")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<3] "你好，" localized=true
              [3..<4] "\\u{FFFC}" localized=true image=globe.png
            """)
    }

    /// What is wrong in a translation is reported at its table's file and line.
    @Test func problemsInATranslationNameTheTablesLine() throws {
        let folder = try TestSupport.temporaryFolder()
        let url = folder.appendingPathComponent("Localizable.strings")
        try Data("""
            "ok" = "fine";
            "bad" = "Ein ^[Fehler](size: 'x') und {{nope}}";
            "few" = "%1$@ und %2$@";
            """.utf8).write(to: url)
        let table = try StringTableReader.read(url.path, shownAs: "de.lproj/Localizable.strings")
        let found = warnings("Line one\n\n^[Bad](localized: 'bad')", locale: "de", table: table)
        #expect(found.count == 2)
        #expect(found.first?.hasPrefix("de.lproj/Localizable.strings:2:14: warning: 'size' must be") == true, "\(found)")
        #expect(found.last?.hasPrefix("de.lproj/Localizable.strings:2:39: warning: no variable 'nope' in the front matter or RenderOptions.variables") == true, "\(found)")
        #expect(warnings("^[{{name}}](localized: 'few')", locale: "de", table: table) == [
            "de.lproj/Localizable.strings:3:10: warning: the translation of 'few' for locale 'de': the entry asks for value 2, but the phrase has only 1; the source text is shown",
        ])
    }

    /// Catalog entries know their lines, found in the JSON text.
    @Test func catalogEntriesKnowTheirLines() throws {
        guard case let .found(entry) = Self.table.lookup("Hello World", locale: "ru") else { Issue.record("no entry"); return }
        let lines = try String(contentsOf: Self.folder.appendingPathComponent("Localizable.xcstrings"), encoding: .utf8).components(separatedBy: "\n")
        let location = try #require(entry.origin?.location)
        #expect(lines[location.line - 1].contains("\"Привет, мир\""))
        #expect(entry.origin?.file == "Localizable.xcstrings")
    }

    /// The front matter's mappings and lists, however deep, are `{{a.b}}` and `{{list.0}}`.
    @Test func frontMatterMappingsAndListsAreVariables() throws {
        let note = """
            ---
            client: {name: Bergmann, address: {city: Köln}}
            items: [cover, {title: pages, count: 48}]
            ---
            {{client.name}} in {{client.address.city}}: {{items.0}}, {{items.1.count}} {{items.1.title}}; {{items.2}}
            """
        let document = try MarkdownParser.parse(note, file: "f.md")
        guard case let .paragraph(text)? = document.blocks.first else { Issue.record("no paragraph"); return }
        #expect(String(text.characters) == "Bergmann in Köln: cover, 48 pages; {{items.2}}")
        #expect(document.warnings.map(\.description) == ["f.md:5:95: warning: no variable 'items.2' in the front matter or RenderOptions.variables (did you mean 'items.0'?); kept as written"])
    }

    /// A translation that holds its own phrase stops, with a warning.
    @Test func aTranslationThatHoldsItselfStops() {
        var table = StringTable()
        table.add("loop", language: "de", StringTable.Entry(format: "^[again](localized: 'loop')"))
        let (document) = parse("^[x](localized: 'loop')", locale: "de", table: table)
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.message.contains("holds phrases translated 8 deep or itself") == true, "\(document.warnings)")
    }
}
