import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The inputs on which Debian's cmark-gfm 0.29.0.gfm.6 takes quadratic time or memory, and the
/// ordinary documents the guard must leave alone. The large inputs took cmark over a minute
/// before the guard.
@Suite struct SourceGuardTests {
    private func guarded(_ markdown: String) -> (String, [String]) {
        let (text, warnings) = SourceGuard.guarded(markdown, file: "test.md")
        return (text, warnings.map(\.description))
    }

    private func table(_ document: Document) -> Block.Table? {
        for block in document.blocks { if case let .table(table) = block { return table } }
        return nil
    }

    @Test func ordinaryDocumentsAreHandedOverUnchanged() throws {
        var files: [URL] = []
        for folder in ["Samples", "Fuzz/corpus", "docs", "Tests/LetterpressTests/Fixtures"] {
            let url = TestSupport.packageRoot.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".md") }
            files += names.map { url.appendingPathComponent($0) }
        }
        #expect(files.count > 10)
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            let (text, warnings) = guarded(source)
            #expect(text == source && warnings.isEmpty, "\(file.lastPathComponent): \(warnings)")
        }
        let tricky = """
            A paragraph *with* [a link](x) and ![an image](y.png), `code | pipes`, and www.example.com.
            | a | b |
            |---|:-:|
            | 1 | 2 |
            x

            1. First step
            2. | in | a list |
               |----|------|
               | c | d |

            - item | pipe
              --|--

            Title | with pipe
            ---

            [ref]: http://example.com/a
              "A title
              over lines"
            [other]: <http://example.com/b> 'x'

            ```
            |---|---|---|
            ![[]() ![[]()
            ```
            """
        #expect(guarded(tricky) == (tricky, []))
    }

    @Test(.timeLimit(.minutes(1))) func unclosedImageOpenersBeforeLinks() throws {
        // CVE-2023-22486: each link walked back over every `![` still open.
        let markdown = String(repeating: "![[]()", count: 160_000)
        let (text, warnings) = guarded(markdown)
        #expect(text.hasPrefix(String(repeating: "![[]()", count: 1_000) + "!\\[[]()"))
        #expect(warnings == ["test.md:1:6001: warning: more than 1000 images opened and not closed in one paragraph; 159000 more are shown as written"])
        let document = try TestSupport.parse(markdown)
        #expect(document.warnings.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func linksAfterUnclosedDelimiters() throws {
        // Each link walked back over every `*`, `_`, `~` and `^[` before it.
        for unit in ["*[]()", "_[]()", "~[]()", "^[[]()"] {
            let markdown = String(repeating: unit, count: 100_000)
            let (text, warnings) = guarded(markdown)
            #expect(text.contains("\\]") && warnings.count == 1 && warnings[0].contains("too many links after unclosed"), "\(unit)")
        }
        _ = try TestSupport.parse(String(repeating: "*[]()", count: 100_000))
        let ordinary = String(repeating: "Some *emphasis*, _more_ and a [link](x). ", count: 500)
        #expect(guarded(ordinary).0 == ordinary)
    }

    @Test(.timeLimit(.minutes(1))) func tablesKeepTheirFirstColumnsBeforeCmarkReadsThem() throws {
        let columns = 120_000
        let markdown = "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns)
            + "\n|" + String(repeating: " b |", count: columns) + "\n| c |"
        let (text, warnings) = guarded(markdown)
        #expect(warnings == ["test.md:1:1: warning: table has 120000 columns; only the first 64 are shown"])
        #expect(text.split(separator: "\n" as Character).map(\.count) == [256, 256, 256, 5])
        let document = try TestSupport.parse(markdown)
        let parsed = try #require(table(document))
        #expect(parsed.header.count == 64 && parsed.rows.count == 2 && parsed.rows.allSatisfy { $0.count == 64 })
    }

    @Test func shortRowsOfAWideTableKeepFewerColumns() throws {
        // cmark fills each short row with empty cells: 2 000 columns and 50 000 rows took 4.9 GB.
        let markdown = "|" + String(repeating: "a|", count: 2_000) + "\n|" + String(repeating: "-|", count: 2_000) + "\n"
            + String(repeating: "x\n", count: 50_000)
        let (_, warnings) = guarded(markdown)
        #expect(warnings == ["test.md:1:1: warning: table has 2000 columns and 50000 rows, most of their cells empty; only the first 3 are shown"])
        let parsed = try #require(table(try TestSupport.parse(markdown)))
        #expect(parsed.header.count == 3 && parsed.rows.count == 50_000)
    }

    @Test(.timeLimit(.minutes(1))) func linesThatMayBeDelimiterRowsAreReadOnce() throws {
        // Each made cmark read the paragraph above it again.
        let alternating = "a\n" + String(repeating: "-|-\n-|-|-\n", count: 40_000)
        let (text, warnings) = guarded(alternating)
        #expect(text.hasPrefix("a\n" + String(repeating: "-|-\n-|-|-\n", count: 4) + "\\-|-\n\\-|-|-\n"))
        #expect(warnings == ["test.md:10:1: warning: 79992 lines read like a table's delimiter row but start no table; they are escaped and shown as written"])
        let long = String(repeating: "a\n", count: 200_000) + "b|c\n-|-\n"
        #expect(guarded(long).1 == ["test.md:200002:1: warning: a table here is shown as text: it follows 200000 lines of paragraph with no blank line between (put a blank line before its header)"])
        _ = try TestSupport.parse(alternating)
        _ = try TestSupport.parse(long)
    }

    @Test(.timeLimit(.minutes(1))) func webAddressesInALongRunWithoutSpaces() throws {
        // The autolinker read from each address to the next space.
        let cut = String(repeating: "http://a.b<", count: 40_000)
        let (text, warnings) = guarded(cut)
        #expect(text.contains("http\\://") && warnings.count == 1)
        let parentheses = "www.a" + String(repeating: ")", count: 200_000)
        #expect(guarded(parentheses).0 == "www\\.a" + String(repeating: ")", count: 200_000))
        _ = try TestSupport.parse(cut)
        _ = try TestSupport.parse(parentheses)
    }

    @Test func unclosedCDATAAndLargeReferenceDefinitions() throws {
        let cdata = "a" + String(repeating: "<![CDATA[a", count: 20)
        #expect(guarded(cdata).1 == ["test.md:1:162: warning: 4 more '<![CDATA[' that never close in one paragraph are escaped and shown as written"])
        // cmark copied the destination into every link that used it.
        let references = "[a]: " + String(repeating: "x", count: 100_000) + "\n\n" + String(repeating: "[a]", count: 30_000)
        let (text, warnings) = guarded(references)
        #expect(text.hasPrefix("\\[a]: xxx"))
        #expect(warnings == ["test.md:1:1: warning: 1 reference definitions of up to 100005 bytes, which the note's 30001 ']' could each copy, are shown as text"])
    }
}
