import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{{…}}` where cmark's inline parser does not put values: link destinations (and the text of
/// autolinks), image paths, HTML `href` and `src`, and the strings of attribute bodies.
@Suite struct VariablesEverywhereTests {
    private let values = ["url": "https://example.com/a b?q=\"x\"&r=1", "dir": "My Pics/100%", "accent": "#d7263d",
                          "site": "example.com", "quote": "it's \\ \"odd\"\n"]

    private func parse(_ markdown: String) -> Document {
        MarkdownParser.parseBody(markdown, file: "v.md", variables: values)
    }

    private func dump(_ markdown: String) -> String {
        RunDump.blocks(parse(markdown).blocks).joined(separator: "\n")
    }

    /// A value is percent-encoded where a URI may not hold it; reserved characters stay, so a
    /// value may be a whole URL.
    @Test func linkDestinationsTakeValuesPercentEncoded() {
        #expect(dump("[site]({{url}}) [page](https://{{site}}/{{dir}}#top)") == """
            Paragraph
              [0..<4] "site" link=https://example.com/a%20b?q=%22x%22&r=1
              [4..<5] " "
              [5..<9] "page" link=https://example.com/My%20Pics/100%25#top
            """)
        #expect(parse("[site]({{url}})").warnings.isEmpty)
    }

    /// cmark-gfm finds no autolink in a domain with braces: its domain is written out.
    /// Braces nest only in a message pattern, as in text; any other `{` inside ends the search.
    @Test func referencesAreFoundAsInText() {
        let text = "{{a}} {{ b , %d }} {{c, plural, one {#} other {# x}}} {{d {e}} {{ x + 1 }} {{f}"
        #expect(VariableValues.references(in: text).map(\.inside) == ["a", " b , %d ", "c, plural, one {#} other {# x}"])
    }

    @Test func anAutolinkShowsTheValueItLinksTo() {
        #expect(dump("See https://example.com/{{dir}} now") == """
            Paragraph
              [0..<4] "See "
              [4..<36] "https://example.com/My Pics/100%" link=https://example.com/My%20Pics/100%25
              [36..<40] " now"
            """)
    }

    @Test func anUndefinedVariableInALinkLeavesItsTextPlainWithAWarning() {
        let document = parse("Go to\n[the site]({{urk}}) or [![logo](x.png)]({{nope}}).")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<18] "Go to the site or "
              [18..<19] "\\u{FFFC}" image=x.png
              [19..<20] "."
            """)
        #expect(document.warnings.map(\.description) == [
            "v.md:2:12: warning: no variable 'urk' in the front matter or RenderOptions.variables (did you mean 'url'?); its text is shown without the link",
            "v.md:2:41: warning: no variable 'nope' in the front matter or RenderOptions.variables; its text is shown without the link",
        ])
    }

    /// An image's path is read percent-decoded, so a value's `%` is written `%25` and names
    /// the file it says.
    @Test func imagePathsTakeValuesAsFileNames() throws {
        let document = parse("![logo]({{dir}}/logo.png) ![x]({{missing}}/x.png)")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<1] "\\u{FFFC}" image=My Pics/100%25/logo.png
              [1..<2] " "
              [2..<3] "\\u{FFFC}" image={{missing}}/x.png
            """)
        #expect(ImagePath.fileURL("My Pics/100%25/logo.png", relativeTo: URL(fileURLWithPath: "/notes"))?.path == "/notes/My Pics/100%/logo.png")
        #expect(document.warnings.map(\.description) == [
            "v.md:1:32: warning: no variable 'missing' in the front matter or RenderOptions.variables; the image's path is kept as written",
        ])
    }

    @Test func htmlHrefAndSrcTakeValues() {
        let document = parse("""
            <a href="{{url}}">inline</a> <img src="{{dir}}/a.png"> <a href="{{gone}}">gone</a>

            <p><a href="https://{{site}}">block</a></p>
            """)
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<6] "inline" link=https://example.com/a%20b?q=%22x%22&r=1
              [6..<7] " "
              [7..<8] "\\u{FFFC}" image=My Pics/100%25/a.png
              [8..<13] " gone"
            Paragraph
              [0..<5] "block" link=https://example.com
            """)
        #expect(document.warnings.map(\.description) == [
            "v.md:1:65: warning: no variable 'gone' in the front matter or RenderOptions.variables; its text is shown without the link",
        ])
    }

    /// Values go into the body's strings, escaped for their quotes: a value with quotes,
    /// backslashes or a line break stays one string, and cannot add keys.
    @Test func attributeBodiesTakeValuesInTheirStrings() {
        #expect(dump("^[red](foregroundColor: '{{accent}}', link: \"{{url}}\") ^[odd](link: '{{quote}}')") == """
            Paragraph
              [0..<3] "red" link=https://example.com/a b?q="x"&r=1 foregroundColor=#d7263d
              [3..<4] " "
              [4..<7] "odd" link=it's \\ "odd"

            """)
        let document = parse("^[x](foregroundColor: '{{colour}}')\n\n^[y][s]\n\n^[s]: backgroundColor: '{{accent}}'")
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<1] "x"
            Paragraph
              [0..<1] "y" backgroundColor=#d7263d
            """)
        #expect(document.warnings.first?.description ==
            "v.md:1:24: warning: no variable 'colour' in the front matter or RenderOptions.variables; kept as written")
    }

    /// Outside a string a `{{…}}` is no value: the body is not valid JSON5, as written.
    @Test func aVariableOutsideABodysStringsIsNotPutIn() {
        let document = parse("^[x](size: {{n}})")
        #expect(document.warnings.map(\.message) == ["attributes 'size: {{n}}' are not valid JSON5; text kept without them"])
    }

    /// A quote inside a JSON5 comment starts no string, so a value cannot reach keys through one.
    @Test func aQuoteInACommentOpensNoString() {
        let note = "^[two](/* it's */ foregroundColor: {{x}} /* ' */) ^[one](/* it's */ foregroundColor: '{{accent}}' /* ' */)"
        let document = MarkdownParser.parseBody(note, file: "v.md",
                                                variables: values.merging(["x": "\"blue\", link: \"https://evil.example\", size: 40"]) { $1 })
        let dump = RunDump.blocks(document.blocks).joined(separator: "\n")
        #expect(!dump.contains("evil") && !dump.contains("size"), "\(dump)")
        #expect(dump.contains("\"one\" foregroundColor=#d7263d"), "\(dump)")
        #expect(document.warnings.map(\.message).contains { $0.contains("are not valid JSON5") })
    }

    /// cmark counts a lone carriage return as a line's end, and so do the warnings' places.
    @Test func carriageReturnLinesPlaceWarningsWithoutCrashing() {
        for note in ["Line one\rLine two\rLine three [x]({{nope}}) end\r", "a\r\rb ![i]({{nope}}/x.png)\r\r^[x](foregroundColor: '{{nope}}')",
                     "a\r\nb [x]({{nope}})\r\n"] {
            let warnings = parse(note).warnings.filter { $0.message.contains("'nope'") }
            #expect(!warnings.isEmpty && warnings.allSatisfy { $0.location != nil }, "\(note.debugDescription)")
        }
        #expect(parse("Line one\rLine two\rLine three [x]({{nope}}) end\r").warnings.first?.location == SourceLocation(line: 3, column: 16))
    }

    /// Thousands of undefined names in one destination cost what they cost in text: the first
    /// few warnings are placed at their own reference, the rest at the link's.
    @Test func manyUndefinedReferencesInADestinationTakeLinearTime() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let document = parse("[x](<" + String(repeating: "{{a}}", count: 20_000) + ">)\n")
            #expect(document.warnings.count == 20_000)
        }
        #expect(elapsed < .seconds(3), "\(elapsed)")
    }
}
