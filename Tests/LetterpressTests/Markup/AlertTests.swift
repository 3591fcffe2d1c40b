import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// GitHub's alerts: a block quote whose first line is `[!KIND]` alone.
@Suite struct AlertTests {
    private func dump(_ markdown: String) throws -> String {
        RunDump.blocks(try TestSupport.parse(markdown).blocks).joined(separator: "\n")
    }

    @Test func everyKindInAnyCase() throws {
        for kind in AlertKind.allCases {
            for marker in [kind.rawValue.uppercased(), kind.rawValue, kind.title] {
                #expect(try dump("> [!\(marker)]\n> Body text.") == "Alert \(kind.rawValue)\n  Paragraph\n    [0..<10] \"Body text.\"")
            }
        }
        #expect(AlertKind.allCases.map(\.title) == ["Note", "Tip", "Important", "Warning", "Caution"])
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
        for markdown in ["> [!NOTE]", "> [!NOTE] on one line", "> [!NOTES]\n> x", "> [NOTE]\n> x", "> *[!NOTE]*\n> x", "> text\n> [!NOTE]"] {
            #expect(try dump(markdown).hasPrefix("BlockQuote"), "\(markdown)")
        }
    }

    @Test func theArchiveCarriesTheKind() throws {
        let document = try TestSupport.parse("> [!CAUTION]\n> Hot.")
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: nil))
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""type":"alert""#) && json.contains(#""alert":"caution""#))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.document.blocks == document.blocks)
        let unknown = #"{"format": "letterpress-runs", "version": 1, "characters": 0, "runCount": 0, "footnotes": [], "blocks": [{"type": "alert", "alert": "danger", "blocks": []}]}"#
        #expect(throws: LetterpressError.self) { try DocumentArchive.read(Data(unknown.utf8), file: "x.json") }
    }
}
