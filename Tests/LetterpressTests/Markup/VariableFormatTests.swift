import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{{name, format}}`: printf specifiers as Apple's `String(format:)` takes them, and the
/// named formats in two locales.
@Suite struct VariableFormatTests {
    private func format(_ specifier: String, _ value: String, locale: String = "en") -> String? {
        try? VariableFormat.apply(specifier, to: value, locale: locale).get()
    }

    private func problem(_ specifier: String, _ value: String = "1") -> String? {
        if case let .failure(problem) = VariableFormat.apply(specifier, to: value) { return problem.message }
        return nil
    }

    @Test func lengthModifiersAreThoseOfStringFormat() {
        #expect(format("%lld", "1234567") == "1234567")
        #expect(format("%qd", "-42") == "-42")
        #expect(format("%zu", "7") == "7")
        #expect(format("%jd", "8") == "8")
        #expect(format("%td", "9") == "9")
        #expect(format("%05ld", "42") == "00042")
        // `h` and `hh` keep the low 16 and 8 bits, as C's printf does.
        #expect(format("%hd", "70000") == "4464")
        #expect(format("%hhd", "300") == "44")
        #expect(format("%.1lf", "3.14159") == "3.1")
        #expect(format("%8.3Lf", "2.5") == "   2.500")
        #expect(problem("%Ld")?.contains("takes no length") == true)
        #expect(problem("%ls")?.contains("takes no length") == true)
    }

    @Test func textAndPositions() {
        #expect(format("%@", "Ada") == "Ada")
        #expect(format("%1$@", "Ada") == "Ada")
        #expect(format("%1$.2f", "2") == "2.00")
        // As CFString: an object's description whole, whatever the width and precision.
        #expect(format("%-5@", "Ada") == "Ada")
        #expect(format("%.2@", "Ada") == "Ada")
        #expect(format("%D", "-7") == "-7")
        #expect(format("%U", "7") == "7")
        #expect(format("%O", "8") == "10")
        #expect(problem("%2$@")?.contains("only %1$ is there") == true)
        #expect(problem("%n") != nil)
        #expect(problem("%p") != nil)
    }

    /// This platform's `String(format:)` with the value as its one argument (but for `'`, which
    /// swift-corelibs-foundation does not group, `L`, which reads a long double, and Apple's
    /// `%D` `%U` `%O`, which it does not know).
    @Test(arguments: ["%lld", "%+5ld", "%-4hd|", "%hhu", "%#llx", "%1$d", "%zd", "%jd", "%td", "%qd"])
    func wholeNumbersAsStringFormatWritesThem(specifier: String) {
        for value in [0, 42, -1234567, 70000] {
            let trimmed = specifier.hasSuffix("|") ? String(specifier.dropLast()) : specifier
            #expect(format(trimmed, String(value)) == String(format: trimmed, value), "\(specifier) \(value)")
        }
    }

    @Test(arguments: ["%.1lf", "%lf", "%08.3lf", "%1$e", "%lg", "%A", "%-9.2f|"])
    func numbersAsStringFormatWritesThem(specifier: String) {
        for value in [0, 2.25, -1234.5678, 1e-5] {
            let trimmed = specifier.hasSuffix("|") ? String(specifier.dropLast()) : specifier
            #expect(format(trimmed, String(value)) == String(format: trimmed, value), "\(specifier) \(value)")
        }
    }

    @Test func textAsStringFormatWritesIt() {
        for specifier in ["%@", "%1$@", "%10@", "%-10@", "%.2@"] {
            #expect(format(specifier, "Ada") == String(format: specifier, "Ada" as NSString), "\(specifier)")
        }
    }

    @Test func theGroupingFlagSeparatesAsTheLocaleDoes() {
        #expect(format("%'d", "1234567") == "1,234,567")
        #expect(format("%'d", "1234567", locale: "de") == "1.234.567")
        #expect(format("%'.2f", "-1234567.5", locale: "de") == "-1.234.567,50")
        #expect(format("%'.2f", "1234567.5") == "1,234,567.50")
        #expect(format("%+'12d", "1234567") == "  +1,234,567")
        #expect(format("%-'10d", "1234") == "1,234     ")
        #expect(format("%'d", "999") == "999")
        #expect(problem("%'x")?.contains("groups the digits") == true)
    }

    @Test func numbersInTwoLocales() {
        #expect(format("number", "1234.5") == "1,234.5")
        #expect(format("number", "1234.5", locale: "de") == "1.234,5")
        #expect(format("number: .2", "1234.5") == "1,234.50")
        #expect(format("number: .2", "1234.5", locale: "de") == "1.234,50")
        #expect(format("percent", "0.25") == "25%")
        #expect(format("percent", "0.25", locale: "de") == "25\u{A0}%")
        #expect(format("currency: EUR", "1234.5") == "€1,234.50")
        #expect(format("currency: EUR", "1234.5", locale: "de") == "1.234,50\u{A0}€")
        #expect(format("currency: JPY", "1234", locale: "ja") == "\u{A5}1,234")
        #expect(problem("currency: EURO")?.contains("ISO 4217") == true)
        #expect(problem("number", "12 apples")?.contains("is not a number") == true)
        #expect(problem("number: 2")?.contains("number of decimals") == true)
    }

    @Test func datesAndTimesInTwoLocales() {
        #expect(format("date: long", "2024-03-14") == "March 14, 2024")
        #expect(format("date: long", "2024-03-14", locale: "de") == "14. März 2024")
        #expect(format("date: short", "2024-03-14", locale: "de") == "14.03.24")
        #expect(format("date: full", "2024-03-14", locale: "fr") == "jeudi 14 mars 2024")
        #expect(format("date", "2024-03-14") == "Mar 14, 2024")
        #expect(format("date: 'yMMMd'", "2024-03-14", locale: "de") == "14. März 2024")
        #expect(format("date: 'yMMMd'", "2024-03-14", locale: "ja") == "2024年3月14日")
        // At the hour and on the day the value writes, in its own zone.
        #expect(format("time", "2024-03-14T23:30+09:00", locale: "de") == "23:30")
        #expect(format("date: long", "2024-03-14T23:30+09:00") == "March 14, 2024")
        #expect(format("time", "2024-03-14 12:00:00.000000000 +09:00") == "12:00\u{202F}PM")
        #expect(problem("date", "soon")?.contains("is not a date") == true)
        #expect(problem("date: 'yMMMd", "2024-03-14")?.contains("is not short, medium") == true)
    }

    @Test func bytesAndDurationsInTwoLocales() {
        #expect(format("bytes", "1234567") == "1.2 MB")
        #expect(format("bytes", "1234567", locale: "de") == "1,2 MB")
        #expect(format("duration", "3725") == "1 hour, 2 minutes, 5 seconds")
        #expect(format("duration", "3725", locale: "de") == "1 Stunde, 2 Minuten und 5 Sekunden")
        #expect(format("duration: abbreviated", "3725") == "1 hr, 2 min, 5 sec")
        #expect(problem("duration", "an hour")?.contains("number of seconds") == true)
        #expect(problem("sum")?.contains("neither a printf specifier") == true)
    }

    @Test func dateRangesInThreeLocales() throws {
        func range(_ format: String, _ start: String, _ end: String, locale: String = "en") -> Result<String, VariableFormat.Problem> {
            VariableFormat.apply(format, to: start, locale: locale, variables: ["until": end])
        }
        #expect(try range("range: until", "2024-03-14", "2024-03-16").get() == "Mar 14\u{2009}\u{2013}\u{2009}16, 2024")
        #expect(try range("range: until, long", "2024-03-14", "2024-03-16", locale: "de").get() == "14.\u{2013}16. März 2024")
        #expect(try range("range: until, 'yMMMd'", "2024-03-14", "2024-04-02", locale: "ja").get() == "2024年3月14日～4月2日")
        #expect(try range("range: until", "2024-03-14T09:00", "2024-03-14T17:30", locale: "de").get() == "14.03.2024, 09:00\u{2013}17:30 Uhr")
        let problems = [
            (range("range: untl", "2024-03-14", "2024-03-16"), "no variable 'untl' in the front matter or RenderOptions.variables (did you mean 'until'?)"),
            (range("range:", "2024-03-14", "2024-03-16"), "range needs the variable"),
            (range("range: until", "2024-03-16", "2024-03-14"), "is before the start"),
            (range("range: until", "2024-03-14", "soon"), "not a date such as"),
            (range("range: until, huge", "2024-03-14", "2024-03-16"), "is not short, medium"),
        ]
        for (result, message) in problems {
            guard case let .failure(problem) = result else { Issue.record("\(message): no problem"); continue }
            #expect(problem.message.contains(message), "\(problem.message)")
        }
    }

    @Test func theFrontMatterLocaleComesBeforeTheCommandLines() throws {
        func text(_ note: String, locale: String) throws -> String {
            RunDump.blocks(try MarkdownParser.parse(note, file: "n.md", locale: locale).blocks).joined(separator: "\n")
        }
        let body = "price: 1234.5\nwhen: 2024-03-14\nuntil: 2024-03-16\n---\n{{price, currency: EUR}}, {{when, date: long}}\n\n{{when, range: until}}\n"
        #expect(try text("---\n" + body, locale: "en").contains("€1,234.50, March 14, 2024"))
        #expect(try text("---\n" + body, locale: "de").contains("14.\u{2013}16.03.2024"))
        #expect(try text("---\n" + body, locale: "de").contains("1.234,50\u{A0}€, 14. März 2024"))
        #expect(try text("---\nlocale: de\n" + body, locale: "en").contains("1.234,50\u{A0}€, 14. März 2024"))
        for locale in ["'de de'", "xq", "[de]"] {
            #expect(throws: LetterpressError.self) { try MarkdownParser.parse("---\nlocale: \(locale)\n---\nx\n", file: "n.md") }
        }
    }
}
