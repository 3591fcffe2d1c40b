import Testing
@testable import LetterpressMath

@Suite struct UnknownCommandTests {
    @Test func anUnknownCommandIsAnErrorAtomWithADidYouMean() {
        let formula = parse("\\fracc{a}{b} + x")
        #expect(formula.problems == [MathProblem(range: 0..<6, message: "unknown command '\\fracc'; did you mean '\\frac'?")])
        #expect(MathDump.dump(formula.body) == "ord error(\\fracc) ord {ord 𝑎} ord {ord 𝑏} bin + ord 𝑥")
    }

    @Test func suggestionsCoverSwapsAndMacros() {
        #expect(messages("\\apha") == ["unknown command '\\apha'; did you mean '\\alpha'?"])
        #expect(messages("\\lamdba") == ["unknown command '\\lamdba'; did you mean '\\lambda'?"])
        #expect(messages("\\newcommand\\myop{x}\\myopp") == ["unknown command '\\myopp'; did you mean '\\myop'?"])
        #expect(messages("\\zzzzzz") == ["unknown command '\\zzzzzz'"])
    }

    @Test func rangesAreUTF8Offsets() {
        let formula = parse("α + \\foo")
        #expect(formula.problems.first?.range == 5..<9)
    }

    @Test func manyMisspellingsStayFast() {
        let source = (0..<5_000).map { "\\unknown\($0 % 26 + 10)x" }.joined()
        #expect(parse(source).problems.count == 5_000)
    }
}

@Suite struct PlainTextTests {
    @Test func scriptsInUnicode() {
        #expect(parse("x^2 + y^2").plainText == "x² + y²")
        #expect(parse("a_{i+1}").plainText == "aᵢ₊₁")
        #expect(parse("e^{i\\pi}").plainText == "e^(iπ)")
        #expect(parse("f'(x)").plainText == "f′(x)")
    }

    @Test func fractionsRootsAndOperators() {
        #expect(parse("\\frac{a}{b}").plainText == "a/b")
        #expect(parse("\\frac{a+b}{2}").plainText == "(a + b)/2")
        #expect(parse("\\sqrt{x}").plainText == "√x")
        #expect(parse("\\sqrt[3]{x}").plainText == "∛x")
        #expect(parse("\\sum_{i=1}^n i").plainText == "∑ᵢ₌₁ⁿ i")
        #expect(parse("\\sin x \\le 1").plainText == "sin x ≤ 1")
        #expect(parse("\\mathbb{R}^n").plainText == "ℝⁿ")
        #expect(parse("-\\alpha").plainText == "−α")
        #expect(parse("\\binom nk").plainText == "(n choose k)")
    }

    @Test func noTeXCommandsEver() {
        for source in ["\\fracc{a}", "\\frac{a}{", "\\text{if $x$}", "\\left( \\frac12 \\right)", "\\begin{pmatrix} a & b \\end{pmatrix}",
                       "\\hat x \\vec v \\overline{AB}", "\\color{red} x \\boxed{y}", "\\mathrm{d}x"] {
            #expect(!parse(source).plainText.contains("\\"), "\(source)")
        }
        #expect(parse("\\hat x").plainText == "x\u{302}")
        #expect(parse("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}").plainText == "(a b; c d)")
        #expect(parse("\\text{if } x > 0").plainText == "if x > 0")
    }
}

@Suite struct SupportedCommandTests {
    /// The list did-you-mean suggests from is the list the parser reads.
    @Test func everySupportedCommandIsRead() {
        for name in MathCommands.sortedNames where !["newcommand", "renewcommand", "providecommand", "def", "gdef", "let"].contains(name) {
            let formula = parse("\\\(name){1pt}{x}{y}")
            #expect(!formula.problems.contains { $0.message.hasPrefix("unknown command") }, "\\\(name): \(formula.problems.map(\.message))")
        }
    }

    @Test func theListHoldsEveryFamily() {
        #expect(MathCommands.all.count > 800)
        #expect(["alpha", "frac", "sqrt", "mathbb", "overbrace", "xrightarrow", "hspace", "operatorname", "begin", "tag"].allSatisfy(MathCommands.all.contains))
    }
}
