import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{{n, plural, …}}` and `{{x, select, …}}`: ICU's MessageFormat with CLDR's plural rules for
/// the note's locale.
@Suite struct PluralTests {
    private static let files = "{{n, plural, =0 {no files} one {# file} two {# files (two)} few {# files (few)} many {# files (many)} other {# files}}}"

    private func parse(_ markdown: String, _ variables: [String: String], locale: String = "en") -> Document {
        MarkdownParser.parseBody(markdown, file: "p.md", variables: variables, locale: locale)
    }

    private func text(_ markdown: String, _ variables: [String: String], locale: String = "en") -> String {
        guard case let .paragraph(text) = parse(markdown, variables, locale: locale).blocks.first else { return "" }
        return String(text.characters)
    }

    /// What `files` gives for each count in `locale`.
    private func files(_ counts: [String], locale: String) -> [String] {
        counts.map { text(Self.files, ["n": $0], locale: locale) }
    }

    @Test func englishAndGermanHaveOneAndOther() {
        #expect(files(["1", "2", "0", "1234.5"], locale: "en") == ["1 file", "2 files", "no files", "1,234.5 files"])
        #expect(files(["1", "3", "1234.5"], locale: "de") == ["1 file", "3 files", "1.234,5 files"])
        #expect(text("{{n, plural, one {# Datei} other {# Dateien}}}", ["n": "3"], locale: "de") == "3 Dateien")
    }

    @Test func polishHasFewAndMany() {
        #expect(files(["1", "2", "4", "5", "12", "22", "25", "1.5"], locale: "pl")
            == ["1 file", "2 files (few)", "4 files (few)", "5 files (many)", "12 files (many)", "22 files (few)",
                "25 files (many)", "1,5 files"])
    }

    @Test func arabicHasZeroAndTwo() {
        // The exact `=0` comes before the category `zero`, so ask without it.
        let pattern = "{{n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}}"
        #expect(["0", "1", "2", "3", "11", "100"].map { text(pattern, ["n": $0], locale: "ar") }
            == ["zero", "one", "two", "few", "many", "other"])
        #expect(text(Self.files, ["n": "2"], locale: "ar") == "\u{662} files (two)")
    }

    @Test func japaneseHasOtherOnly() {
        #expect(files(["1", "2"], locale: "ja") == ["1 files", "2 files"])
    }

    @Test func offsetSelectNestingAndVariablesInBranches() {
        let variables = ["n": "3", "who": "Ada", "gender": "female"]
        #expect(text("{{n, plural, offset:1 =1 {you} one {you and # other} other {you and # others}}}", variables)
            == "you and 2 others")
        #expect(text("{{gender, select, female {{who} sent her {n, plural, one {# file} other {# files}}} other {{who} sent theirs}}}",
                     variables) == "Ada sent her 3 files")
        #expect(text("{{gender, select, male {he} other {they}}} and {{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}}",
                     variables) == "they and 3rd")
    }

    @Test func badPatternsWarnAtTheirPlaceAndKeepTheValue() {
        let note = "Bad: {{n, plural, one {# file}}} {{n, plural, other {{nope}}}} {{who, plural, other {#}}}\n\n{{n, plural, one {x} other {y}} and on {{ a, b, {c} }"
        let document = parse(note, ["n": "3", "who": "Ada"])
        #expect(document.warnings.map(\.description) == [
            "p.md:1:7: warning: {{n, plural, one {# file}}}: a plural or select needs an 'other' branch; the value is shown as it is",
            "p.md:1:55: warning: {{n, plural, other {{nope}}}}: no variable 'nope' in the front matter or RenderOptions.variables; the value is shown as it is",
            "p.md:1:66: warning: {{who, plural, other {#}}}: 'Ada', the value of 'who', is not a number; the value is shown as it is",
            "p.md:3:1: warning: the braces of this '{{n, plural, …}}' do not balance before its line ends; kept as written",
        ])
        #expect(text(note, ["n": "3", "who": "Ada"]) == "Bad: 3 3 Ada")
        #expect(String(describing: parse(note, ["n": "3"]).blocks.last).contains("{{ a, b, {c} }"), "other braces are kept without a word")
        let long = "{{n, plural, one {x} other {" + String(repeating: "y", count: 5000) + "}}}"
        #expect(parse(long, ["n": "3"]).warnings.map(\.message) == [
            "this '{{n, plural, …}}' is longer than 4096 bytes, the longest pattern read; kept as written",
        ])
    }

    /// Only decimal numbers are counts: ICU would take `inf` and `NaN`, and write out
    /// `1e999999999` digit by digit.
    @Test func valuesThatAreNoCountsWarn() {
        for value in ["1e999999999", "NaN", "inf", "0x10", " "] {
            let document = parse("{{n, plural, one {# file} other {# files}}}", ["n": value])
            #expect(document.warnings.map(\.message) == ["{{n, plural, one {# file} other {# files}}}: \(Excerpt.quoted(value)), the value of 'n', is not a number; the value is shown as it is"])
        }
        #expect(text("{{n, plural, one {# file} other {# files}}}", ["n": "-1.5e2"]) == "-150 files")
        #expect(MessageFormat.pluralCategory(of: "inf", locale: "en") == nil)
    }

    /// A stray `{{` with two commas scans no further than its line and the parse's budget.
    @Test func unclosedPatternsTakeLinearTime() {
        let note = String(repeating: "{{a, b, {", count: 20_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = parse(note, ["a": "1"]) }
        #expect(elapsed < .seconds(5))
    }
}
