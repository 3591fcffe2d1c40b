import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// GitHub's alerts: a block quote whose first line is `[!KIND]` alone; and Obsidian's call-outs,
/// `[!type]` with a fold sign and a title.
@Suite struct AlertTests {
    private func dump(_ markdown: String, dialect: MarkupDialect? = nil) throws -> String {
        let frontMatter = dialect.map { "---\nmarkup: \($0.rawValue)\n---\n" } ?? ""
        return RunDump.blocks(try TestSupport.parse(frontMatter + markdown).blocks).joined(separator: "\n")
    }

    @Test func everyKindInAnyCase() throws {
        for kind in AlertKind.allCases where kind.isGitHubs {
            for marker in [kind.rawValue.uppercased(), kind.rawValue, kind.title] {
                #expect(try dump("> [!\(marker)]\n> Body text.") == "Alert \(kind.rawValue)\n  Paragraph\n    [0..<10] \"Body text.\"")
            }
        }
        #expect(AlertKind.allCases.filter(\.isGitHubs).map(\.title) == ["Note", "Tip", "Important", "Warning", "Caution"])
    }

    @Test func theMarkerLineIsTakenOutWhateverFollows() throws {
        #expect(try dump("> [!TIP]  \n> After a hard break.") == "Alert tip\n  Paragraph\n    [0..<19] \"After a hard break.\"")
        #expect(try dump("> [!WARNING]\n>\n> A paragraph of its own.\n>\n> - and a list") == """
            Alert warning
              Paragraph
                [0..<23] "A paragraph of its own."
              BulletList tight
                Item
                  Paragraph
                    [0..<10] "and a list"
            """)
        #expect(try dump("- > [!NOTE]\n  > In a list.") == "BulletList tight\n  Item\n    Alert note\n      Paragraph\n        [0..<10] \"In a list.\"")
    }

    @Test func otherQuotesStayQuotes() throws {
        for markdown in ["> [!NOTE]", "> [NOTE]\n> x", "> *[!NOTE]*\n> x", "> text\n> [!NOTE]", "> [!no such]\n> x", "> [!tip]x\n> y"] {
            #expect(try dump(markdown).hasPrefix("BlockQuote"), "\(markdown)")
        }
        // GitHub reads neither a title nor a type of its own.
        for markdown in ["> [!NOTE] on one line", "> [!NOTES]\n> x", "> [!info]\n> x"] {
            #expect(try dump(markdown, dialect: .gfm).hasPrefix("BlockQuote"), "\(markdown)")
            #expect(try dump(markdown).hasPrefix("Alert"), "\(markdown)")
        }
    }

    @Test func obsidiansTypesAndTheirAliases() throws {
        let types: [(String, AlertKind)] = [
            ("note", .note), ("abstract", .abstract), ("summary", .abstract), ("tldr", .abstract), ("info", .info), ("todo", .todo),
            ("tip", .tip), ("hint", .tip), ("important", .important), ("success", .success), ("check", .success), ("done", .success),
            ("question", .question), ("help", .question), ("faq", .question), ("warning", .warning), ("caution", .caution),
            ("attention", .warning), ("failure", .failure), ("fail", .failure), ("missing", .failure), ("danger", .danger),
            ("error", .danger), ("bug", .bug), ("example", .example), ("quote", .quote), ("cite", .quote), ("definition", .plain),
        ]
        for (type, kind) in types {
            let title = type.prefix(1).uppercased() + type.dropFirst()
            let expected = "Alert \(kind.rawValue)" + (title == kind.title ? "" : " '\(title)'") + "\n  Paragraph\n    [0..<4] \"Body\""
            #expect(try dump("> [!\(type)]\n> Body") == expected, "\(type)")
        }
    }

    @Test func titlesFoldSignsAndNesting() throws {
        #expect(try dump("> [!faq]- Why *fold* `it`?\n> Open.") == "Alert question 'Why fold it?'\n  Paragraph\n    [0..<5] \"Open.\"")
        #expect(try dump("> [!tip]+ Shown\n> Open.").hasPrefix("Alert tip 'Shown'"))
        #expect(try dump("> [!NOTE] Title alone") == "Alert note 'Title alone'")
        #expect(try dump("> [!NOTE]", dialect: .obsidian) == "Alert note")
        #expect(try dump("> [!tip] Outer\n> > [!bug] Inner\n> > Text") == """
            Alert tip 'Outer'
              Alert bug 'Inner'
                Paragraph
                  [0..<4] "Text"
            """)
        #expect(try dump("1. Step\n   > [!warning]\n   > In a list.").contains("    Alert warning\n"))
    }

    @Test func theArchiveCarriesTheKind() throws {
        let document = try TestSupport.parse("> [!CAUTION]\n> Hot.\n\n> [!bug] Titled\n> Crawls.")
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""type":"alert""#) && json.contains(#""alert":"caution""#) && json.contains(#""title":"Titled""#))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.document.blocks == document.blocks)
        let unknown = #"{"format": "letterpress-runs", "version": 1, "characters": 0, "runCount": 0, "footnotes": [], "blocks": [{"type": "alert", "alert": "alarm", "blocks": []}]}"#
        #expect(throws: LetterpressError.self) { try DocumentArchive.read(Data(unknown.utf8), file: "x.json") }
    }
}
