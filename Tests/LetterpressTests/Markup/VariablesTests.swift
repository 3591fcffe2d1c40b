import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{{name}}` and `{{name, %spec}}`: values from the front matter and `--var`, put in as text
/// wherever the note has text, and nowhere else.
@Suite struct VariablesTests {
    private func parse(_ markdown: String, variables: [String: String] = [:]) throws -> Document {
        try MarkdownParser.parse(markdown, file: "v.md", variables: variables)
    }

    private func dump(_ markdown: String, variables: [String: String] = [:]) throws -> String {
        RunDump.blocks(try parse(markdown, variables: variables).blocks).joined(separator: "\n")
    }

    @Test func valuesComeFromTheFrontMatterAndTheCommandLineFirst() throws {
        let note = """
            ---
            client: Ada
            total: 1234.5
            ---
            # For {{client}}

            *Due:* **{{ total, %.2f }}** by {{ client }}, to {{payee}}.
            """
        #expect(try dump(note, variables: ["payee": "Grace", "client": "Babbage"]) == """
            Heading 1
              [0..<11] "For Babbage" anchor=for-babbage
            Paragraph
              [0..<4] "Due:" emphasized
              [4..<5] " "
              [5..<12] "1234.50" strong
              [12..<34] " by Babbage, to Grace."
            """)
    }

    /// Among names as close as each other, the hint names the first in alphabetical order, not
    /// the first the dictionary happens to hold, so the warning is the same on every run.
    @Test func theHintAmongEquallyCloseNamesIsAlwaysTheSame() throws {
        let names = ["abce", "abcd", "abcg", "abcf", "abch"]
        let variables = Dictionary(uniqueKeysWithValues: names.map { ($0, "1") })
        for note in ["{{abcx}}", "{{abcx, number}}", "{{abcd, range: abcx}}"] {
            let warnings = try parse(note, variables: variables).warnings.map(\.message)
            #expect(warnings.count == 1 && warnings[0].contains("(did you mean 'abcd'?)"), "\(note): \(warnings)")
        }
    }

    @Test func listsQuotesAndTableCellsTakeValuesToo() throws {
        let note = "- item {{n}}\n\n> quote {{n}}\n\n| a | b |\n|---|--:|\n| {{n}} | {{n, %5.1f}} |\n"
        #expect(try dump(note, variables: ["n": "3"]) == """
            BulletList tight
              Item
                Paragraph
                  [0..<6] "item 3"
            BlockQuote
              Paragraph
                [0..<7] "quote 3"
            Table none,right
              Header "a" | "b"
              Row "3" | "  3.0"
            """)
    }

    /// Code keeps its braces (template samples are common there), as do an escaped `\{{`, text
    /// in braces that is no name, and a value that is itself Markdown.
    @Test func codeEscapesAndOtherBracesStayAsWritten() throws {
        let note = "\\{{n}} `{{n}}` {{ n + 1 }} {{}} {{n} {{star}}\n\n```\n{{n}}\n```\n"
        let document = try parse(note, variables: ["n": "3", "star": "*not emphasis*"])
        #expect(RunDump.blocks(document.blocks).joined(separator: "\n") == """
            Paragraph
              [0..<6] "{{n}} "
              [6..<11] "{{n}}" code
              [11..<48] " {{ n + 1 }} {{}} {{n} *not emphasis*"
            Code "{{n}}"
            """)
        #expect(document.warnings.isEmpty)
    }

    @Test func unknownNamesAndBadFormatsWarnWhereTheyAre() throws {
        let document = try parse("---\ntotal: 12.5\n---\nSum {{totl}}.\n\nAs {{total, %d}}, {{total, %q}}, {{total, %n}}.\n")
        #expect(document.warnings.map(\.description) == [
            "v.md:4:5: warning: no variable 'totl' in the front matter or RenderOptions.variables (did you mean 'total'?); kept as written",
            "v.md:6:4: warning: {{total, %d}}: '12.5' is not a whole number; the value is shown as it is",
            "v.md:6:19: warning: {{total, %q}}: '%q' is not a printf specifier such as %.2f, %05d, %lld or %@; the value is shown as it is",
            "v.md:6:34: warning: {{total, %n}}: '%n' is not a printf specifier such as %.2f, %05d, %lld or %@; the value is shown as it is",
        ])
        #expect(try dump("Sum {{totl}}.") == "Paragraph\n  [0..<13] \"Sum {{totl}}.\"")
    }

    @Test(arguments: [
        ("%.2f", "3.14159", "3.14"), ("%08.3f", "-2.5", "-002.500"), ("%+d", "42", "+42"), ("%05d", "7", "00007"),
        ("%x", "255", "ff"), ("%#X", "255", "0XFF"), ("%o", "8", "10"), ("%d", "1e3", "1000"), ("%e", "12345", "1.234500e+04"),
        ("%g", "0.0001", "0.0001"), ("%s", "text", "text"), ("%6s", "ab", "    ab"), ("%-6s|", "ab", "ab    |"), ("%.2s", "abc", "ab"),
    ])
    func printfSpecifiersFormatAsInC(specifier: String, value: String, expected: String) {
        let trimmed = specifier.hasSuffix("|") ? String(specifier.dropLast()) : specifier
        let formatted = try? VariableFormat.apply(trimmed, to: value).get()
        #expect(formatted.map { specifier.hasSuffix("|") ? $0 + "|" : $0 } == expected)
    }

    @Test func specifiersThatAreNotOneConversionAreRefused() {
        for specifier in ["%", "%q", "%n", "%d%d", "%*d", "d", "%9999d", "%.2f extra", "%99999999999999999999.2f", "%.99999999999999999999f"] {
            #expect((try? VariableFormat.apply(specifier, to: "1").get()) == nil, "\(specifier)")
        }
        #expect((try? VariableFormat.apply("%d", to: "1.5").get()) == nil)
        #expect((try? VariableFormat.apply("%f", to: "many").get()) == nil)
    }
}
