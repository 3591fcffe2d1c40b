import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite struct StylerTests {
    private func styled(_ markdown: String, theme: String = "default", scale: Double = 1) throws -> (StyledText, [Warning]) {
        let document = try TestSupport.parse(markdown)
        guard case let .paragraph(text)? = document.blocks.first else { throw LetterpressError.invalidOption(.internalError, "no paragraph") }
        let theme = try ThemeLoader().load(theme, scale: scale)
        var warnings: [Warning] = []
        let result = Styler(theme: theme, file: "test.md").style(text, base: theme.body.text, warnings: &warnings)
        return (result, document.warnings + warnings)
    }

    @Test func highlightRulesSplitRunsAndUseCustomStyles() throws {
        let folder = try TestSupport.temporaryFolder()
        let themeFile = folder.appendingPathComponent("t.yaml")
        try """
            extends: default
            highlights:
              - {pattern: "#[a-z]+", style: {customStyle: boldcaps}}
              - {pattern: "!!", style: {foregroundColor: red}}
            """.write(to: themeFile, atomically: true, encoding: .utf8)
        let tags = (1...300).map { "#tag\($0 % 7 == 0 ? "x" : "")" }.joined(separator: " and ")
        let (text, warnings) = try styled("See #o*ne*s, \(tags) !!", theme: themeFile.path)
        #expect(warnings.isEmpty)
        // A match across the emphasis keeps the emphasis and takes the custom style.
        let o = try #require(style(of: "#o", in: text))
        let emphasised = try #require(style(of: "ne", in: text))
        #expect(o.weight == .bold && o.transform == .uppercase && !o.italic)
        #expect(emphasised.weight == .bold && emphasised.transform == .uppercase && emphasised.italic)
        #expect(try #require(style(of: "See", in: text)).weight != .bold)
        let tagged = text.runs.filter { $0.style.transform == .uppercase }.count
        #expect(tagged == 303, "each tag, #o and the emphasised and plain parts after it")
        #expect(try #require(style(of: " and ", in: text)).transform != .uppercase)
        #expect(try #require(style(of: "!!", in: text)).color == Color(parsing: "red"))
        #expect(text.runs.map(\.range.lowerBound) == [0] + text.runs.dropLast().map(\.range.upperBound), "runs tile the text")
        #expect(text.runs.last?.range.upperBound == text.string.utf8.count)
    }

    /// `(a+)+$` tries 2^40 ways to match forty `a`s before a `!`; `^(a+)+$` tries them at the
    /// start only, where ICU reports no positions. Each gives up, says so once naming the
    /// theme's file and rule, and is not applied to the rest of the document; the other rule
    /// still is.
    @Test(.timeLimit(.minutes(1)), arguments: ["(a+)+$", "^(a+)+$"])
    func highlightRuleThatBacktracksGivesUp(pattern: String) throws {
        let folder = try TestSupport.temporaryFolder()
        let themeFile = folder.appendingPathComponent("slow.yaml")
        try """
            extends: default
            highlights:
              - {pattern: 'ink', style: {fontWeight: bold}}
              - {pattern: '\(pattern)', style: {italic: true}}
            """.write(to: themeFile, atomically: true, encoding: .utf8)
        let theme = try ThemeLoader().load(themeFile.path)
        let styler = Styler(theme: theme, file: "note.md")
        var warnings: [Warning] = []
        let run = String(repeating: "a", count: 40) + "!"
        let texts = [run + " ink", "aaa", "ink and " + run].map {
            styler.style(AttributedString($0), base: theme.body.text, warnings: &warnings)
        }
        #expect(warnings.map(\.description) == [
            "\(themeFile.path):4:15: warning: highlights[1].pattern '\(pattern)' backtracks past its budget (see docs/limits.md), so it is not applied to the rest of note.md",
        ])
        #expect(texts.allSatisfy { !$0.runs.contains { $0.style.italic } }, "not applied after giving up")
        #expect(texts.map { style(of: "ink", in: $0)?.weight } == [.bold, nil, .bold])
    }

    /// The text is copied run by run through the character view, which rounds a run that
    /// ends inside a grapheme to whole characters: such a run must still keep every scalar.
    @Test func runEndingInsideAGraphemeKeepsEveryScalar() throws {
        let theme = try ThemeLoader().load("default")
        var text = AttributedString("Cafe\u{301} and more")
        let mark = text.unicodeScalars.index(text.startIndex, offsetBy: 4)
        text[mark..<text.unicodeScalars.index(after: mark)][LetterpressAttributes.InlineIntentAttribute.self] = .strong
        var warnings: [Warning] = []
        let styled = Styler(theme: theme).style(text, base: theme.body.text, warnings: &warnings)
        #expect(styled.string == "Cafe\u{301} and more")
        #expect(styled.runs.map(\.range) == [0..<4, 4..<6, 6..<15])
        #expect(styled.runs[1].style.weight == .bold)
    }

    private func style(of text: String, in styled: StyledText) -> TextStyle? {
        guard let range = styled.string.range(of: text) else { return nil }
        let start = styled.string.utf8.distance(from: styled.string.startIndex, to: range.lowerBound)
        return styled.runs.first { $0.range.contains(start) }?.style
    }

    @Test func builtInCustomStylesAndColours() throws {
        let (text, warnings) = try styled("^[caps](customStyle: 'boldcaps') ^[ital](customStyle: 'smallitalics') ^[d](customColor: 'danger') ^[h](customColor: 'highlight')")
        #expect(warnings.isEmpty)
        let caps = try #require(style(of: "caps", in: text))
        #expect(caps.weight == .bold && caps.transform == .uppercase)
        #expect(text.string.hasPrefix("caps"), "the characters stay as written; Pango transforms them")
        let ital = try #require(style(of: "ital", in: text))
        #expect(ital.italic && ital.transform == .lowercase)
        let danger = try #require(style(of: "d", in: text))
        #expect(danger.background == Color(parsing: "#d7263d"))
        #expect(danger.underline == LineDecoration(pattern: .dash, color: Color(parsing: "#ffd60a")))
        let highlight = try #require(style(of: "h", in: text))
        #expect(highlight.background == Color(parsing: "#fff176"))
        #expect(highlight.underline?.pattern == .dot && highlight.underline?.color == Color(parsing: "#d7263d"))
    }

    @Test func explicitKeysMapToTheTextStyle() throws {
        let (text, warnings) = try styled("""
            ^[a](font: 'Liberation Serif', size: 20, fontWeight: 'light', italic: true, fontWidth: 'condensed', \
            foregroundColor: 'teal', backgroundColor: '#eeeeee', underline: {pattern: 'dashDot', color: 'red'}, \
            strikethrough: true, tracking: 2, baselineOffset: 3, effect: 'letterpress', link: 'https://x.example') \
            ^[m](monospaced: true, monospacedDigit: true, kerning: 0) ^[s](fontDesign: 'serif')
            """)
        #expect(warnings.map(\.message).filter { !$0.contains("tnum") }.isEmpty)
        let a = try #require(style(of: "a", in: text))
        #expect(a.fontFamilies.first == "Liberation Serif" && a.fontFamilies.contains("DejaVu Sans"))
        #expect(a.size == 20 && a.weight == .light && a.italic && a.width == .condensed)
        #expect(a.color == Color(parsing: "teal") && a.background == Color(parsing: "#eeeeee"))
        #expect(a.underline == LineDecoration(pattern: .dashDot, color: Color(parsing: "red")))
        #expect(a.strikethrough == LineDecoration())
        #expect(a.tracking == 2 && a.baselineOffset == 3 && a.effect == .letterpress && a.link == "https://x.example")
        let m = try #require(style(of: "m", in: text))
        #expect(m.fontFamilies.first == "DejaVu Sans Mono" && m.features == ["tnum"] && m.tracking == 0, "kerning 0 is the font's own")
        #expect(try #require(style(of: "s", in: text)).fontFamilies.first == "DejaVu Serif")
    }

    @Test func textStylesAreSizesRelativeToTheBodyAndScaleWithIt() throws {
        let markdown = """
            ^[L](textStyle: 'largeTitle') ^[h](textStyle: 'headline') ^[c](textStyle: 'caption2') \
            ^[t](font: 'title') ^[b](textStyle: 'title3', size: 9, fontWeight: 'bold') ^[x](textStyle: 'titel')
            """
        let (text, warnings) = try styled(markdown)
        // The default theme's body is 10.5 points: Apple's 17.
        #expect(try #require(style(of: "L", in: text)).size == 21)
        let headline = try #require(style(of: "h", in: text))
        #expect(headline.size == 10.5 && headline.weight == .semibold)
        #expect(try #require(style(of: "c", in: text)).size == 10.5 * 11 / 17)
        let title = try #require(style(of: "t", in: text))
        #expect(title.size == 10.5 * 28 / 17 && title.fontFamilies.first == "DejaVu Sans", "a text style, not a family")
        let explicit = try #require(style(of: "b", in: text))
        #expect(explicit.size == 9 && explicit.weight == .bold, "explicit keys win over the style's")
        #expect(warnings.map(\.message) == ["unknown textStyle 'titel' (did you mean 'title'?)"])
        let (larger, _) = try styled(markdown, scale: TextSize.accessibility1.scale)
        #expect(abs(try #require(style(of: "L", in: larger)).size - 21 * 28 / 17) < 1e-9)
    }

    @Test func unknownStyleNamesWarnWithTheirLocation() throws {
        let (_, warnings) = try styled("Text\nand ^[x](customStyle: 'boldcap', customColor: 'dangr')")
        #expect(warnings.map(\.description) == [
            "test.md:2:5: warning: unknown custom style 'boldcap' (did you mean 'boldcaps'?)",
            "test.md:2:5: warning: unknown custom colour 'dangr' (did you mean 'danger'?)",
        ])
    }

    @Test func outOfRangeValuesAreClamped() throws {
        let (text, warnings) = try styled("^[a](size: 100000, tracking: -500, baselineOffset: 1e9) ^[b](size: -4)")
        let a = try #require(style(of: "a", in: text))
        #expect(a.size == 400 && a.tracking == -50 && a.baselineOffset == 200)
        #expect(try #require(style(of: "b", in: text)).size == 1)
        #expect(warnings.count == 4)
        #expect(warnings[0].message == "size 100000.0 is outside 1.0…400.0; using 400.0")
    }

    @Test func themeCustomStylesAndHighlightRules() throws {
        let (report, _) = try styled("A ^[term](customStyle: 'term') here", theme: "report")
        #expect(try #require(style(of: "term", in: report)).weight == .semibold)
        let (notepad, warnings) = try styled(#"Buy \*milk\* and \_eggs\_ or -cake- from \~Anna\~ by FRIDAY now"#, theme: "notepad")
        #expect(warnings.isEmpty)
        #expect(try #require(style(of: "*milk*", in: notepad)).weight == .bold)
        #expect(try #require(style(of: "_eggs_", in: notepad)).italic)
        #expect(try #require(style(of: "-cake-", in: notepad)).strikethrough != nil)
        #expect(try #require(style(of: "~Anna~", in: notepad)).fontFamilies.first == "Z003")
        #expect(try #require(style(of: "FRIDAY", in: notepad)).color == Color(parsing: "#d11a2a"))
        #expect(try #require(style(of: "from", in: notepad)).color != Color(parsing: "#d11a2a"))
    }
}
