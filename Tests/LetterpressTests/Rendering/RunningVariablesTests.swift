import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{{…}}` in the theme's headers and footers: the note's variables, formatted for its locale,
/// beside the page's own `{page}`, `{pages}`, `{title}` placeholders.
@Suite(.fontWork) struct RunningVariablesTests {
    /// The header's and footer's lines of the first page, top to bottom, after rendering `note`
    /// with a theme whose header and footer are `header` and `footer`.
    private func runningLines(_ note: String, header: String, footer: String,
                              options: (inout RenderOptions) -> Void = { _ in }) throws -> (lines: [String], warnings: [String]) {
        let folder = try TestSupport.temporaryFolder()
        let theme = folder.appendingPathComponent("invoice.yaml")
        try "page:\n  header:\n    left: \(header)\n  footer:\n    right: \(footer)\n".write(to: theme, atomically: true, encoding: .utf8)
        var renderOptions = RenderOptions()
        renderOptions.theme = theme.path
        options(&renderOptions)
        let note = try Renderer(options: renderOptions).typeset(source: note, file: "note.md")
        let page = try #require(note.document.pages.first)
        let lines = page.items.compactMap { item -> (Double, String)? in
            guard case let .text(line) = item, line.origin.y < 64 || line.origin.y > page.size.height - 64 else { return nil }
            return (line.origin.y, line.string)
        }
        return (lines.sorted { $0.0 < $1.0 }.map(\.1), note.document.warnings.map { $0.description.replacingOccurrences(of: folder.path, with: "") })
    }

    @Test func headersTakeTheNotesVariablesFormattedForItsLocale() throws {
        let note = "---\nclient: ACME {page}\ntotal: 1234.5\nlocale: de\ntitle: Rechnung\n---\nText\n"
        let (lines, warnings) = try runningLines(note, header: "'{{client}} · {title} · {page}'",
                                                 footer: "'{{total, currency: EUR}} / {{payee}}'") { $0.variables = ["payee": "Grace"] }
        // A value is never read again as a template: the client's `{page}` stays.
        #expect(lines == ["ACME {page} · Rechnung · 1", "1.234,50\u{A0}€ / Grace"])
        #expect(warnings.isEmpty)
    }

    /// Plurals and selects as in text, with CLDR's rules for the note's locale.
    @Test func aHeaderMayHoldAPluralPattern() throws {
        let (lines, warnings) = try runningLines("---\nitems: 3\nlocale: pl\n---\nText\n",
                                                 header: "'{{items, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}}'",
                                                 footer: "'{page}'")
        #expect(lines == ["3 pliki", "1"])
        #expect(warnings.isEmpty)
    }

    @Test func anUndefinedVariableInAHeaderStaysAsWrittenWithAWarningAtTheThemesLine() throws {
        let (lines, warnings) = try runningLines("---\nclient: ACME\n---\nText\n", header: "'{{cilent}} {page}'",
                                                 footer: "'{{client, %d}}'")
        #expect(lines == ["{{cilent}} 1", "ACME"])
        #expect(warnings == [
            "/invoice.yaml:3:11: warning: no variable 'cilent' in the front matter or RenderOptions.variables (did you mean 'client'?); kept as written",
            "/invoice.yaml:5:12: warning: {{client, %d}}: 'ACME' is not a whole number; the value is shown as it is",
        ])
    }

    @Test func placeholdersAndVariablesAreFilledInOnePass() {
        let filled = HeaderFooter.filled("{{a}}{page}{{b}}{x}{ {{ c }}", placeholders: ["page": "{{b}}", "x": "X"],
                                         variables: ["a": "{page}", " c ": "C"])
        #expect(filled == "{page}{{b}}{{b}}X{ C")
    }
}
