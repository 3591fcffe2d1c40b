import Testing
@testable import LetterpressMath

@Suite struct FontTests {
    @Test func alphabetsThroughMathematicalAlphanumerics() {
        #expect(dump("\\mathbf{x1}") == "ord {ord 𝐱 ord 𝟏}")
        #expect(dump("\\mathrm{d}x") == "ord d ord 𝑥")
        #expect(dump("\\mathit{A}") == "ord 𝐴")
        #expect(dump("\\mathsf{A}\\mathtt{A}\\mathfrak{A}\\boldsymbol{A}\\bm{a}") == "ord 𝖠 ord 𝙰 ord 𝔄 ord 𝑨 ord 𝒂")
    }

    @Test func theHolesInTheBlockAreTheLetterlikeSymbols() {
        #expect(dump("\\mathbb{CHNPQRZ}") == "ord {ord ℂ ord ℍ ord ℕ ord ℙ ord ℚ ord ℝ ord ℤ}")
        #expect(dump("\\mathbb{A}") == "ord 𝔸")
        #expect(dump("\\mathcal{BEFHILMR}") == "ord {ord ℬ ord ℰ ord ℱ ord ℋ ord ℐ ord ℒ ord ℳ ord ℛ}")
        #expect(dump("\\mathscr{ego}") == "ord {ord ℯ ord ℊ ord ℴ}")
        #expect(dump("\\mathfrak{CHIRZ}") == "ord {ord ℭ ord ℌ ord ℑ ord ℜ ord ℨ}")
        #expect(dump("\\mathbb{R}^n") == "ord ℝ^{ord 𝑛}")
    }

    @Test func greekInBoldAndBoldItalic() {
        #expect(dump("\\mathbf{\\alpha}\\boldsymbol{\\alpha}\\boldsymbol{\\Gamma}") == "ord 𝛂 ord 𝜶 ord 𝜞")
    }

    @Test func oldSwitchesLastToTheEndOfTheirGroup() {
        #expect(dump("{\\bf x} x") == "ord {ord 𝐱} ord 𝑥")
        #expect(dump("{\\rm d}{\\it x}{\\cal L}") == "ord {ord d} ord {ord 𝑥} ord {ord ℒ}")
        #expect(dump("\\mathnormal{x}") == "ord 𝑥")
    }

    @Test func classCommands() {
        #expect(dump("a\\mathbin{x}b") == "ord 𝑎 bin 𝑥 ord 𝑏")
        #expect(dump("a\\mathrel{\\star}b") == "ord 𝑎 rel ⋆ ord 𝑏")
        #expect(dump("\\mathop{T}_x") == "op 𝑇_{ord 𝑥}")
        #expect(dump("\\mathopen{x}\\mathclose{y}\\mathpunct{z}\\mathinner{w}\\mathord{+}") == "open 𝑥 close 𝑦 punct 𝑧 inner 𝑤 ord +")
    }

    @Test func styles() {
        #expect(dump("\\displaystyle x\\scriptstyle y") == "ord style(display) ord 𝑥 ord style(script) ord 𝑦")
        #expect(dump("\\textstyle\\scriptscriptstyle") == "ord style(text) ord style(scriptScript)")
    }
}

@Suite struct TextTests {
    @Test func textKeepsSpacesAndTakesFormulas() {
        #expect(dump("\\text{if } x") == "ord text(\"if \") ord 𝑥")
        #expect(dump("\\text{if $x>0$ then}") == "ord text(\"if \", $ord 𝑥 rel > ord 0$, \" then\")")
        #expect(dump("\\mbox{a  b}") == "ord text(\"a b\")")
        #expect(dump("\\hbox{a}") == "ord text(\"a\")")
    }

    @Test func textVariants() {
        #expect(dump("\\textbf{a}\\textit{b}\\textrm{c}\\textsf{d}\\texttt{e}")
            == "ord text(\"a\":bold) ord text(\"b\":italic) ord text(\"c\") ord text(\"d\":sansSerif) ord text(\"e\":monospace)")
        #expect(dump("\\textbf{a \\textit{b}}") == "ord text(\"a \":bold, \"b\":boldItalic)")
    }

    @Test func textEscapesAndAccents() {
        #expect(dump("\\text{50\\% \\& \\$5 \\'e}") == "ord text(\"50% & $5 é\")")
    }

    @Test func mathOnlyCommandsInTextAreErrors() {
        let formula = parse("\\text{\\frac}")
        #expect(MathDump.dump(formula.body) == "ord text($ord error(\\frac)$)")
        #expect(formula.problems.map(\.message) == ["'\\frac' works only in math; put it in '$…$' inside the text"])
    }

    @Test func anUnclosedDollarInTextIsFatal() {
        #expect(parse("\\text{a $x}").problems.first?.isFatal == true)
    }
}

@Suite struct SpaceTests {
    @Test func namedSpaces() {
        #expect(dump("\\,\\:\\;\\>\\!\\quad\\qquad\\ ~")
            == "ord space(0.167) ord space(0.222) ord space(0.278) ord space(0.222) ord space(-0.167) ord space(1.000) ord space(2.000) ord space(0.333) ord space(0.333)")
        #expect(dump("\\thinspace\\medspace\\thickspace\\enspace") == "ord space(0.167) ord space(0.222) ord space(0.278) ord space(0.500)")
    }

    @Test func lengthsInEveryUnit() {
        #expect(dump("\\hspace{1em}\\hspace{5pt}\\hspace*{18mu}\\hspace{-2ex}")
            == "ord space(1.000) ord space(0.500) ord space(1.000) ord space(-0.862)")
        #expect(dump("\\kern3pt\\mkern9mu\\mskip 18mu\\hskip 1cm") == "ord space(0.300) ord space(0.500) ord space(1.000) ord space(2.845)")
        #expect(dump("\\hspace{1in}\\hspace{10mm}") == "ord space(7.227) ord space(2.845)")
    }

    @Test func aBadLengthIsAProblem() {
        #expect(messages("\\hspace{3furlongs}") == ["'\\hspace' needs a length such as '1em', '3pt' or '6mu', not '3furlongs'"])
    }

    @Test func hugeLengthsAreCapped() {
        #expect(dump("\\hspace{1e300pt}") == "ord space(100.000)" || dump("\\hspace{99999999999pt}") == "ord space(100.000)")
    }
}

@Suite struct DecorationTests {
    @Test func notNegatesRelations() {
        #expect(dump("a\\not= b") == "ord 𝑎 rel ≠ ord 𝑏")
        #expect(dump("\\not\\in \\not\\subseteq") == "rel ∉ rel ⊈")
        #expect(dump("\\not\\perp") == "rel not({rel ⊥})")
    }

    @Test func colours() {
        #expect(dump("\\color{red} x") == "ord color(#ff0000 {ord 𝑥})")
        #expect(dump("a {\\color{#00f} = b} c") == "ord 𝑎 ord {rel color(#0000ff {rel =}) ord color(#0000ff {ord 𝑏})} ord 𝑐")
        #expect(dump("\\textcolor{blue}{x}") == "ord color(#0000ff {ord 𝑥})")
        #expect(dump("\\color[rgb]{1,0,0}x") == "ord color(#ff0000 {ord 𝑥})")
        #expect(dump("\\textcolor[HTML]{00FF00}{x}") == "ord color(#00ff00 {ord 𝑥})")
    }

    @Test func anUnknownColourIsAProblemAndTheContentStays() {
        let formula = parse("\\textcolor{reddish}{x}")
        #expect(formula.problems.map(\.message) == ["'\\textcolor': unknown colour 'reddish'"])
        #expect(MathDump.dump(formula.body) == "ord 𝑥")
    }

    @Test func boxesCancelsAndPhantoms() {
        #expect(dump("\\boxed{x}") == "ord boxed({ord 𝑥})")
        #expect(dump("\\fbox{a b}") == "ord boxed({ord text(\"a b\")})")
        #expect(dump("\\colorbox{yellow}{a}") == "ord boxed({ord text(\"a\")})")
        #expect(dump("\\cancel{x}\\bcancel{x}\\xcancel{x}\\sout{x}")
            == "ord cancel(forward {ord 𝑥}) ord cancel(backward {ord 𝑥}) ord cancel(cross {ord 𝑥}) ord cancel(horizontal {ord 𝑥})")
        #expect(dump("\\phantom{x}\\hphantom{x}\\vphantom{x}") == "ord phantom(both {ord 𝑥}) ord phantom(width {ord 𝑥}) ord phantom(height {ord 𝑥})")
    }
}
