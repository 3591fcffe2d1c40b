import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Where text says which language it is in: the front matter's `lang`, a `lang` attribute and
/// HTML's `lang`, dumped as runs.
@Suite struct LanguageTagTests {
    private func dump(_ markdown: String) throws -> String {
        RunDump.blocks(try TestSupport.parse(markdown).blocks).joined(separator: "\n")
    }

    @Test func tagsAreBCP47() {
        #expect(LanguageTag(parsing: "ja")?.description == "ja")
        #expect(LanguageTag(parsing: "pt_BR")?.description == "pt-BR")
        #expect(LanguageTag(parsing: "zh-Hant-TW")?.description == "zh-Hant-TW")
        for bad in ["", "j", "x y", "ja-", "日本", "toolonglanguage", "en-abcdefghi"] {
            #expect(LanguageTag(parsing: bad) == nil, "\(bad) is no tag")
        }
    }

    @Test func attributeAndHTMLTagRuns() throws {
        #expect(try dump("a ^[直](lang: 'ja') <span lang=\"zh-CN\">直</span> <b lang=\"ja\">b</b>") == """
            Paragraph
              [0..<2] "a "
              [2..<3] "直" lang=ja
              [3..<4] " "
              [4..<5] "直" lang=zh-CN
              [5..<6] " "
              [6..<7] "b" strong lang=ja
            """)
        #expect(try dump("<div lang=\"ja\">\n\n<p align=\"center\">直</p>\n\n</div>") == """
            Division center
              Paragraph
                [0..<1] "直" lang=ja
            """)
    }

    @Test func aBadTagIsAWarningAtItsPlace() throws {
        let document = try TestSupport.parse("x ^[y](lang: 'no tag')")
        #expect(document.warnings.map(\.description) == [
            "test.md:1:3: warning: 'lang' must be a language tag such as 'ja' or 'pt-BR'; attribute ignored",
        ])
        #expect(try dump("<span lang=\"no tag\">y</span>") == "Paragraph\n  [0..<1] \"y\"")
    }

    @Test func frontMatterLang() throws {
        #expect(try TestSupport.parse("---\nlang: ja\n---\nx").frontMatter.lang == LanguageTag(parsing: "ja"))
        #expect(throws: LetterpressError.self) { try TestSupport.parse("---\nlang: 'two words'\n---\nx") }
        do {
            _ = try TestSupport.parse("---\ntitle: t\nlang: 'two words'\n---\nx")
        } catch {
            #expect("\(error)".contains("test.md:3:7") && "\(error)".contains("lang: 'two words' is not a language tag"))
        }
    }

    /// The archive keeps the front matter's language, and leaves it out when there is none.
    @Test func archivesKeepTheLanguage() throws {
        let document = try TestSupport.parse("---\nlang: ja\n---\nx")
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        #expect(String(decoding: data, as: UTF8.self).contains("\"lang\":\"ja\""))
        #expect(try JSONDecoder().decode(DocumentArchive.self, from: data).document.frontMatter.lang == LanguageTag(parsing: "ja"))
        let plain = try JSONEncoder().encode(DocumentArchive(try TestSupport.parse("x"), theme: nil))
        #expect(!String(decoding: plain, as: UTF8.self).contains("lang"))
    }
}
