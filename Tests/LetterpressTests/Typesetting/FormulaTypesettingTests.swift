import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressMath
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Formulas on the page: inline ones on the baseline and inside the line's room, display ones
/// centred with their numbers at the margin, drawn in the theme's math font as text.
@Suite(.fontWork) struct FormulaTypesettingTests {
    private static let margins = Margins(top: 72, right: 72, bottom: 72, left: 72)

    /// The text lines of `document` not in the footer, in order.
    private func lines(_ document: TypesetDocument) -> [TextLine] {
        document.pages.flatMap { page in
            page.items.compactMap { item -> TextLine? in
                guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
                return line
            }
        }
    }

    private func isMathFont(_ run: GlyphRun) -> Bool {
        run.font.face.file.contains("Math") || run.font.face.file.contains("math")
    }

    /// The lines that are a formula's glyphs.
    private func formulaLines(_ document: TypesetDocument) -> [TextLine] {
        lines(document).filter { !$0.runs.isEmpty && $0.runs.allSatisfy(isMathFont) }
    }

    @Test func anInlineFormulaIsDrawnInTheMathFontOnTheTextsBaseline() throws {
        let document = try TestSupport.typeset("The area is $\\pi r^2$ here.")
        let lines = lines(document)
        let text = try #require(lines.first { $0.runs.contains { !isMathFont($0) } })
        let formula = try #require(formulaLines(document).first)
        #expect(abs(formula.origin.y - text.origin.y) < 0.01, "the formula's baseline is the line's")
        #expect(formula.string == "𝜋𝑟2", "its glyphs carry their characters, for search and copy")
        #expect(!text.string.contains("\\pi"))
        #expect(formula.origin.x > text.origin.x + 20, "after 'The area is'")
    }

    @Test func aTallInlineFormulaMakesItsLineTallerWithoutOverlappingTheNext() throws {
        let plain = try TestSupport.typeset("one line of text\\\nand a second line of text")
        let tall = try TestSupport.typeset("one $\\dfrac{\\dfrac{a}{b}}{\\dfrac{c}{d}}$ line\\\nand a second line of text")
        let plainGap = lines(plain)[1].origin.y - lines(plain)[0].origin.y
        let tallLines = lines(tall)
        let second = try #require(tallLines.first { $0.string.hasPrefix("and") })
        let first = try #require(tallLines.first { $0.string.hasPrefix("one") })
        #expect(second.origin.y - first.origin.y > plainGap + 5, "the line holds the formula's depth")
        let formula = try #require(formulaLines(tall).first)
        let deepest = formula.runs.flatMap { run in run.glyphs.map { Double($0.y) / 1024 } }.max() ?? 0
        #expect(formula.origin.y + deepest < second.origin.y - 8, "the denominator stays above the next line's text")
    }

    @Test func aLongInlineFormulaBreaksAfterARelationOrOperator() throws {
        let terms = (1...30).map { "x_{\($0)}" }.joined(separator: " + ")
        let document = try TestSupport.typeset("Sum: $\(terms) = y$ done.")
        #expect(Set(formulaLines(document).map(\.origin.y)).count >= 2, "the formula continues on the next line")
        for line in formulaLines(document) {
            #expect(line.origin.x + Double(line.metrics.width) <= 595 - Self.margins.right + 0.5)
        }
    }

    @Test func aDisplayFormulaIsCentredWithItsNumberAtTheRightMargin() throws {
        let document = try TestSupport.typeset("\\begin{equation}\\label{eq:e} E = mc^2 \\end{equation}\n\nSee \\eqref{eq:e} and [the equation](#eq:e).")
        let page = try #require(document.pages.first)
        let all = lines(document)
        let formula = try #require(all.first { $0.string.contains("𝐸") })
        let number = try #require(all.first { $0.string == "(1)" })
        let right = page.size.width - Self.margins.right
        #expect(abs(number.origin.x + number.metrics.width - right) < 0.5, "the number ends at the margin")
        let middle = formula.origin.x + formula.metrics.width / 2
        #expect(abs(middle - page.size.width / 2) < 1, "the formula is centred")
        #expect(abs(number.origin.y - formula.origin.y) < 0.01, "on the formula's baseline")
        let destinations = page.items.compactMap { item -> String? in
            if case let .destination(name, _) = item { return name }
            return nil
        }
        #expect(destinations.contains("eq:e"), "links to the label land on the equation")
        let links = page.items.compactMap { item -> LinkTarget? in
            if case let .link(target, _) = item { return target }
            return nil
        }
        #expect(links.filter { $0 == .anchor("eq:e") }.count == 2, "from the \\eqref in the text, as MathJax reads it, and the Markdown link")
        #expect(all.contains { $0.string == "(1)" && $0.origin.y > formula.origin.y + 5 }, "the \\eqref shows the number")
    }

    @Test func aFormulaTooWideForTheColumnIsScaledDownWithAWarning() throws {
        let wide = (1...60).map { "a_{\($0)}" }.joined(separator: " + ")
        let document = try TestSupport.typeset("$$\(wide)$$")
        let formula = try #require(formulaLines(document).first)
        #expect(formula.origin.x >= Self.margins.left - 0.01)
        let rightmost = formula.runs.flatMap { run in run.glyphs.map { formula.origin.x + Double($0.x) / 1024 } }.max() ?? 0
        #expect(rightmost <= 595 - Self.margins.right)
        #expect(document.warnings.contains { $0.message.contains("too large for the page") })
    }

    @Test func aNoteWithoutMathLooksUpNoMathFont() throws {
        let fonts = FontContext()
        let document = try TestSupport.parse("Prices: $5 and $10, and `$x$` in code, or \\$ escaped.")
        _ = try PageTypesetter(geometry: PageGeometry(size: .a4, margins: Self.margins), fonts: fonts)
            .typeset(TestSupport.styled(document), baseURL: nil, file: "test.md")
        #expect(fonts.mathFonts.isEmpty)
    }

    @Test func aThemeWhoseMathFontHasNoMathTableFailsNamingIt() throws {
        var theme = TestSupport.defaultTheme
        theme.math.fontFamilies = ["Liberation Serif", "No Such Math"]
        #expect {
            _ = try TestSupport.typeset("Area $\\pi r^2$.", theme: theme)
        } throws: { error in
            "\(error)".contains("'Liberation Serif' has no OpenType MATH table; 'No Such Math' is not installed")
        }
    }

    /// Characters the math font lacks come from the fonts of the text around, and those no
    /// font has are named once, however many formulas hold them.
    @Test func charactersNoFontHasAreNamedOnce() throws {
        let document = try TestSupport.typeset("$x \\text{好} \u{10FFFD}$ and $\u{10FFFD}$")
        let warnings = document.warnings.filter { $0.message.contains("has no glyph for") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.contains("U+10FFFD") == true)
        #expect(warnings.first?.message.contains("好") == false, "好 comes from the text's font")
    }

    @Test func theThemesMathFontAndColourAreUsed() throws {
        var theme = try ThemeLoader().load("times")
        theme.math.color = Color(red: 1, green: 0, blue: 0)
        let document = try TestSupport.typeset("$x$", theme: theme)
        let formula = try #require(formulaLines(document).first)
        #expect(formula.runs.allSatisfy { $0.font.face.file.hasSuffix("texgyretermes-math.otf") })
        #expect(formula.runs.allSatisfy { $0.color == Color(red: 1, green: 0, blue: 0) })
    }

    @Test func aThemeWhoseMathFontsAreNotInstalledShowsThePlainReadingWithAWarning() throws {
        var theme = TestSupport.defaultTheme
        theme.math.fontFamilies = ["No Such Math"]
        let document = try TestSupport.typeset("Area $\\pi r^2$.", theme: theme)
        #expect(document.warnings.contains { $0.message.contains("no math font is installed") })
        #expect(lines(document).contains { $0.string.contains("πr²") })
    }

    @Test func aDisplayFormulaWithNoRoomLeftStaysInTheColumn() throws {
        var theme = TestSupport.defaultTheme
        theme.math.alignment = .left
        theme.math.indent = 5_000
        let document = try TestSupport.typeset("$$x + y \\tag{a very long tag that takes the whole column and then some more words}$$", theme: theme)
        let formula = try #require(formulaLines(document).first)
        #expect(formula.origin.x >= Self.margins.left - 0.01, "within the column, however far the indent")
        #expect(formula.origin.x + formula.metrics.width <= 595 - Self.margins.right + 0.5)
    }

    @Test func anInlineFormulaWiderThanTheColumnIsSetSmallerToFit() throws {
        let wide = "\\text{" + String(repeating: "W", count: 300) + "}"
        let document = try TestSupport.typeset("A $\(wide)$ b.")
        for line in formulaLines(document) {
            let rightmost = line.runs.flatMap { run in run.glyphs.map { line.origin.x + Double($0.x) / 1024 } }.max() ?? 0
            #expect(rightmost <= 595 - Self.margins.right)
        }
        #expect(document.warnings.contains { $0.message.contains("wider than the column") })
    }

    /// A formula of many letters is one run laid out in linear time (merging runs once copied
    /// the run each time: 80,000 letters took 41 s).
    @Test func aFormulaOfFortyThousandLettersTakesLinearTime() throws {
        let started = Date()
        _ = try TestSupport.typeset("$$" + String(repeating: "ab", count: 20_000) + "$$")
        #expect(Date().timeIntervalSince(started) < 20)
    }
}
