import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// String tables: `.xcstrings` catalogs, `.strings` and `.stringsdict` files, looked up by
/// `^[text](localized: 'key')` and `{{n, localized: 'key'}}` for the note's locale.
@Suite struct StringTableTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "version" : "1.0",
          "strings" : {
            "invoice.title" : {
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Rechnung" } } }
            },
            "files.count" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
                "pl" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld plik" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliki" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld plików" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld pliku" } } } } }
              }
            }
          }
        }
        """

    static let strings = """
        /* The greeting, with an escaped quote; */
        "greeting" = "Guten Tag, \\"Ada\\" \\U00e0 %@"; // after an entry
        thanks = "Danke";
        "emoji" = "L\\U00e4cheln \\UD83D\\UDE00";
        "same";
        """

    static let stringsdict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>items.count</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>%#@items@ im Korb</string>
            <key>items</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key>
              <string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key>
              <string>lld</string>
              <key>zero</key>
              <string>Kein Artikel</string>
              <key>one</key>
              <string>Ein Artikel</string>
              <key>other</key>
              <string>%lld Artikel</string>
            </dict>
          </dict>
          <key>users</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key>
            <string>Das Gerät hat %1$#@token@</string>
            <key>token</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key>
              <string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key>
              <string>ld</string>
              <key>one</key>
              <string>%1$ld Nutzer</string>
              <key>other</key>
              <string>%1$ld Nutzer*innen</string>
            </dict>
          </dict>
          <key>welcome</key>
          <dict>
            <key>NSStringVariableWidthRuleType</key>
            <dict>
              <key>1</key>
              <string>Hallo</string>
              <key>50</key>
              <string>Herzlich willkommen</string>
              <key>20</key>
              <string>Willkommen</string>
            </dict>
          </dict>
        </dict>
        </plist>
        """

    /// A folder with the three tables, the `.strings` and `.stringsdict` in `de.lproj`.
    private func tables() throws -> (URL, StringTable) {
        let folder = try TestSupport.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("de.lproj"), withIntermediateDirectories: true)
        var table = StringTable()
        for (path, text) in [("Localizable.xcstrings", Self.catalog), ("de.lproj/Localizable.strings", Self.strings),
                             ("de.lproj/Localizable.stringsdict", Self.stringsdict)] {
            let url = folder.appendingPathComponent(path)
            try Data(text.utf8).write(to: url)
            table.add(try StringTableReader.read(url.path, shownAs: path))
        }
        return (folder, table)
    }

    private func parse(_ markdown: String, locale: String, table: StringTable, variables: [String: String] = [:]) -> (String, [String]) {
        let document = MarkdownParser.parseBody(markdown, file: "s.md", variables: variables, locale: locale, strings: table)
        let text = document.blocks.compactMap { block -> String? in
            if case let .paragraph(text) = block { return String(text.characters) }
            return nil
        }.joined(separator: "\n")
        return (text, Warning.inFileOrder(document.warnings).map(\.description))
    }

    @Test func eachKindOfTableIsRead() throws {
        let (_, table) = try tables()
        let note = "^[Invoice](localized: 'invoice.title'), ^[Hi](localized: 'greeting'), ^[Thanks](localized: 'thanks'), ^[x](localized: 'same'), {{n, localized: 'items.count'}}, ^[Hi](localized: 'welcome')"
        #expect(parse(note, locale: "de", table: table, variables: ["n": "3"]).0
            == "Rechnung, Guten Tag, \"Ada\" à %@, Danke, same, 3 Artikel im Korb, Herzlich willkommen")
        #expect(table.lookup("greeting", locale: "fr") == .missing, "a .strings file in de.lproj is German")
        #expect(table.lookup("emoji", locale: "de") == .found(StringTable.Entry(format: "Lächeln 😀")), "a character past U+FFFF as its UTF-16 halves")
    }

    @Test func referenceDefinitionsTranslateToo() throws {
        let (_, table) = try tables()
        let note = "^[*Invoice* no. 3][t] and ^[Invoice][t]\n\n^[t]: localized: 'invoice.title', fontWeight: 'bold'"
        #expect(parse(note, locale: "de", table: table) == ("Rechnung and Rechnung", []))
        #expect(parse(note, locale: "en", table: table) == ("Invoice no. 3 and Invoice", []))
    }

    /// An entry that cannot be filled warns and shows the value, never empty or half-filled text.
    @Test func pluralEntriesThatCannotBeFilledWarn() throws {
        var table = StringTable()
        table.add("k", language: "en", .plural(["one": "%lld file"]))
        table.add("s", language: "en", StringTable.Entry(format: "%#@a@ in %#@b@"))
        let (text, warnings) = parse("{{n, localized: 'k'}}\n\n{{n, localized: 's'}}", locale: "en", table: table, variables: ["n": "3"])
        #expect(text == "3\n3")
        #expect(warnings.count == 2)
        #expect(warnings.first?.contains("the plural entry has no 'other' form") == true, "\(warnings)")
        #expect(warnings.last?.contains("'%#@a@' names no plural rule of the table") == true, "\(warnings)")
    }

    @Test func pluralVariationsFollowTheLocalesRules() throws {
        let (_, table) = try tables()
        let note = "{{n, localized: 'files.count'}}"
        #expect(["1", "3"].map { parse(note, locale: "en", table: table, variables: ["n": $0]).0 } == ["1 file", "3 files"])
        #expect(["1", "3", "5", "22"].map { parse(note, locale: "pl", table: table, variables: ["n": $0]).0 }
            == ["1 plik", "3 pliki", "5 plików", "22 pliki"])
        let positional = "{{n, localized: 'users'}}"
        #expect(["1", "5"].map { parse(positional, locale: "de", table: table, variables: ["n": $0]).0 }
            == ["Das Gerät hat 1 Nutzer", "Das Gerät hat 5 Nutzer*innen"], "%1$#@token@ and %1$ld, as Xcode exports them")
        let items = "{{n, localized: 'items.count'}}"
        #expect(["0", "1", "7"].map { parse(items, locale: "de", table: table, variables: ["n": $0]).0 }
            == ["Kein Artikel im Korb", "Ein Artikel im Korb", "7 Artikel im Korb"], "zero for 0, as Apple's tables have it")
    }

    @Test func aRegionFallsBackToItsLanguageAndTheSourceLanguageToTheSourceText() throws {
        let (_, table) = try tables()
        #expect(parse("^[Invoice](localized: 'invoice.title')", locale: "de_AT", table: table) == ("Rechnung", []))
        #expect(parse("^[Invoice](localized: 'invoice.title')", locale: "en_GB", table: table) == ("Invoice", []))
    }

    /// A catalog as Xcode writes it: the keys are the English text, with no English entry.
    @Test func inTheSourceLanguageAKeyWithASpecifierIsItsOwnFormat() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Localizable.xcstrings")
        try Data("""
            {"sourceLanguage": "en", "strings": {"": {},
              "Population %lld": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Bevölkerung %lld"}}}},
              "100%% sure": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "100%% sicher"}}}}}}
            """.utf8).write(to: url)
        let table = try StringTableReader.read(url.path, shownAs: "Localizable.xcstrings")
        let note = "{{n, localized: 'Population %lld'}}, {{n, localized: '100%% sure'}}"
        #expect(parse(note, locale: "en", table: table, variables: ["n": "83200000"]) == ("Population 83200000, 83200000", []))
        #expect(parse(note, locale: "de", table: table, variables: ["n": "83200000"]) == ("Bevölkerung 83200000, 100% sicher", []))
    }

    @Test func aMissingKeyWarnsOnceAndShowsTheSourceText() throws {
        let (_, table) = try tables()
        let (text, warnings) = parse("^[*Total*](localized: 'total') and ^[Total](localized: 'total')\n\n{{n, localized: 'count'}}",
                                     locale: "de", table: table, variables: ["n": "3"])
        #expect(text == "Total and Total\n3")
        #expect(warnings == [
            "s.md:1:1: warning: no translation of 'total' for locale 'de'; the source text is shown",
            "s.md:3:1: warning: no translation of 'count' for locale 'de'; the value is shown",
        ])
        #expect(parse("^[A](localized: 'a')", locale: "de", table: StringTable()).1 == [
            "s.md:1:1: warning: no translation of 'a' for locale 'de' (no string table is given, or it is empty: RenderOptions.strings or front matter strings:); the source text is shown",
        ])
    }

    @Test func badTablesAreErrorsNamingTheFileAndLine() throws {
        let folder = try TestSupport.temporaryFolder()
        func error(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            do {
                _ = try StringTableReader.read(url.path, shownAs: name)
                return "no error"
            } catch let error as LetterpressError {
                return error.description
            }
        }
        #expect(try error("a.xcstrings", "{\"sourceLanguage\": \"en\",\n  \"strings\": }") == "a.xcstrings:2:14: not a string catalog: Invalid value")
        #expect(try error("b.xcstrings", "{\"strings\": {}}") == "b.xcstrings: not a string catalog: sourceLanguage: missing")
        #expect(try error("c.strings", "\"a\" = \"b\";\n\"c\" = ;") == "c.strings:2:7: expected a value in quotes, found ';'")
        #expect(try error("d.strings", "\"a\" = \"b\"\n") == "d.strings:2:1: expected ';' after 'a'")
        #expect(try error("e.strings", "/* never closed") == "e.strings:1:1: this comment never ends")
        #expect(try error("h.strings", "\"a\" = \"\\UD83D!\";") == "h.strings:1:14: \\UD83D is half a character: its other half must follow")
        #expect(try error("i.strings", "\"a\" = \"\\UDE00\";") == "i.strings:1:14: \\UDE00 is half a character: its other half must come first")
        #expect(try error("f.stringsdict", "<plist><dict><key>k</key><string>v</string></dict></plist>") == "f.stringsdict: 'k' has neither NSStringLocalizedFormatKey nor NSStringVariableWidthRuleType")
        #expect(try error("g.txt", "x") == "g.txt: is not a string table (.xcstrings, .strings or .stringsdict)")
        #expect(throws: LetterpressError.self) { try StringTableReader.read(folder.appendingPathComponent("none.strings").path, shownAs: "none.strings") }
    }
}
