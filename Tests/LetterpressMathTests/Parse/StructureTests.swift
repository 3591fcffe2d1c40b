import Testing
@testable import LetterpressMath

@Suite struct ScriptTests {
    @Test func superscriptsAndSubscripts() {
        #expect(dump("x^2") == "ord 𝑥^{ord 2}")
        #expect(dump("x_i^2") == "ord 𝑥_{ord 𝑖}^{ord 2}")
        #expect(dump("x^{a+b}") == "ord 𝑥^{ord 𝑎 bin + ord 𝑏}")
        #expect(dump("x^\\alpha") == "ord 𝑥^{ord 𝛼}")
        #expect(dump("^2") == "ord {}^{ord 2}")
    }

    @Test func scriptTakesACommandWithItsArguments() {
        #expect(dump("x^\\frac12") == "ord 𝑥^{inner frac({ord 1}, {ord 2})}")
    }

    @Test func doubleScriptsAreProblemsThatDoNotStopTheParse() {
        let formula = parse("x^a^b")
        #expect(formula.problems.map(\.message) == ["double superscript: write 'x^{ab}' or '{x^a}^b'"])
        #expect(formula.problems.first?.isFatal == false)
        #expect(formula.problems.first?.range == 3..<4)
        #expect(MathDump.dump(formula.body) == "ord 𝑥^{ord 𝑎}")
        #expect(messages("x_a_b") == ["double subscript: write 'x_{ab}' or '{x_a}_b'"])
    }

    @Test func primesBecomeSuperscriptsMergedWithAFollowingOne() {
        #expect(dump("f'") == "ord 𝑓^{ord ′}")
        #expect(dump("f''") == "ord 𝑓^{ord ″}")
        #expect(dump("f'''") == "ord 𝑓^{ord ‴}")
        #expect(dump("f'^2") == "ord 𝑓^{ord ′ ord 2}")
        #expect(dump("f'_i") == "ord 𝑓_{ord 𝑖}^{ord ′}")
        #expect(messages("f^2'") == ["a prime after a superscript: write 'x'^2' instead"])
    }

    @Test func limitsAndNoLimits() {
        #expect(dump("\\sum_{i=1}^n") == "op ∑_{ord 𝑖 rel = ord 1}^{ord 𝑛}")
        #expect(dump("\\int\\limits_0^1") == "op ∫_{ord 0}^{ord 1} limits")
        #expect(dump("\\sum\\nolimits_i") == "op ∑_{ord 𝑖} nolimits")
        #expect(messages("x\\limits") == ["'\\limits' may only follow an operator such as '\\sum'"])
    }

    @Test func bracesTakeTheirScriptsAsLabels() {
        #expect(dump("\\overbrace{a+b}^{n}") == "ord underover({ord 𝑎 bin + ord 𝑏} over:⏞ ^{ord 𝑛})")
        #expect(dump("\\underbrace{x}_{k}") == "ord underover({ord 𝑥} under:⏟ _{ord 𝑘})")
        #expect(dump("\\overset{!}{=}") == "rel underover({rel =} ^{close !})")
        #expect(dump("\\underset{x}{\\max}") == "op underover({op max} _{ord 𝑥})")
        #expect(dump("\\stackrel{\\text{def}}{=}") == "rel underover({rel =} ^{ord text(\"def\")})")
        #expect(dump("\\xrightarrow[n]{f}") == "rel underover({} over:→ ^{ord 𝑓} _{ord 𝑛})")
    }
}

@Suite struct FractionTests {
    @Test func fractionsAndBinomials() {
        #expect(dump("\\frac{a}{b}") == "inner frac({ord 𝑎}, {ord 𝑏})")
        #expect(dump("\\frac12") == "inner frac({ord 1}, {ord 2})")
        #expect(dump("\\dfrac ab") == "inner frac({ord 𝑎}, {ord 𝑏} display)")
        #expect(dump("\\tfrac ab") == "inner frac({ord 𝑎}, {ord 𝑏} text)")
        #expect(dump("\\cfrac[l]{1}{2}") == "inner frac({ord 1}, {ord 2} display continued)")
        #expect(dump("\\binom nk") == "inner frac({ord 𝑛}, {ord 𝑘} norule ())")
        #expect(dump("\\dbinom nk") == "inner frac({ord 𝑛}, {ord 𝑘} norule () display)")
        #expect(dump("\\tbinom nk") == "inner frac({ord 𝑛}, {ord 𝑘} norule () text)")
    }

    @Test func infixFractionsTakeTheWholeGroup() {
        #expect(dump("a+b \\over c") == "inner frac({ord 𝑎 bin + ord 𝑏}, {ord 𝑐})")
        #expect(dump("x={n \\choose k}") == "ord 𝑥 rel = ord {inner frac({ord 𝑛}, {ord 𝑘} norule ())}")
        #expect(dump("a \\atop b") == "inner frac({ord 𝑎}, {ord 𝑏} norule)")
    }

    @Test func aMissingArgumentIsFatal() {
        let formula = parse("\\frac{a}")
        #expect(formula.problems == [MathProblem(range: 0..<5, message: "'\\frac' needs an argument here", isFatal: true)])
        #expect(formula.body == MathList([MathAtom(.error("\\frac{a}"), class: .ordinary, source: 0..<8)]))
    }
}

@Suite struct RadicalAndFenceTests {
    @Test func radicals() {
        #expect(dump("\\sqrt x") == "ord sqrt({ord 𝑥})")
        #expect(dump("\\sqrt{x+1}") == "ord sqrt({ord 𝑥 bin + ord 1})")
        #expect(dump("\\sqrt[3]{x}") == "ord sqrt([ord 3] {ord 𝑥})")
        #expect(dump("\\sqrt[\\frac12]{x}") == "ord sqrt([inner frac({ord 1}, {ord 2})] {ord 𝑥})")
    }

    @Test func leftMiddleRight() {
        #expect(dump("\\left( x \\right)") == "inner fenced(( {ord 𝑥} ))")
        #expect(dump("\\left. x \\right|") == "inner fenced(. {ord 𝑥} |)")
        #expect(dump("\\left\\{ x \\middle| y \\right\\}") == "inner fenced({ {ord 𝑥} | {ord 𝑦} })")
        #expect(dump("\\left\\langle a \\right\\rangle") == "inner fenced(⟨ {ord 𝑎} ⟩)")
        #expect(dump("\\left< a \\right>") == "inner fenced(⟨ {ord 𝑎} ⟩)")
    }

    @Test func unbalancedFencesAreFatal() {
        #expect(parse("\\left( x").problems.map(\.message) == ["'\\left' without its '\\right'"])
        #expect(parse("\\left( x").problems.first?.isFatal == true)
        #expect(parse("x \\right)").problems.map(\.message) == ["'\\right' without its '\\left'"])
        #expect(parse("\\left x \\right)").problems.map(\.message)
            == ["'𝑥' is not a delimiter '\\left' can take; use one such as '(', '\\{', '|' or '.'"].map { $0.replacingOccurrences(of: "𝑥", with: "x") })
    }

    @Test func sizedDelimiters() {
        #expect(dump("\\big( \\Big[ \\bigg\\| \\Bigg\\rangle") == "ord big1(() ord big2([) ord big3(‖) ord big4(⟩)")
        #expect(dump("\\bigl( x \\bigr) \\bigm|") == "open big1(() ord 𝑥 close big1()) rel big1(|)")
    }
}

@Suite struct OperatorNameTests {
    @Test func namedOperatorsAreUprightWithTheirLimits() {
        #expect(dump("\\lim_{x\\to0}") == "op lim_{ord 𝑥 rel → ord 0}")
        #expect(dump("\\sin x") == "op sin nolimits ord 𝑥")
        #expect(dump("\\log\\ln\\exp\\det\\max") == "op log nolimits op ln nolimits op exp nolimits op det op max")
        #expect(dump("\\liminf") == "op lim inf")
    }

    @Test func operatorname() {
        #expect(dump("\\operatorname{rank} A") == "op rank nolimits ord 𝐴")
        #expect(dump("\\operatorname*{argmax}_x") == "op argmax_{ord 𝑥}")
        #expect(dump("\\operatorname{x-y}") == "op x-y nolimits")
    }

    @Test func modulo() {
        #expect(dump("a \\bmod b") == "ord 𝑎 bin mod ord 𝑏")
        #expect(dump("a \\pmod{n}") == "ord 𝑎 ord {ord space(0.444) open ( ord mod ord space(0.333) ord {ord 𝑛} close )}")
        #expect(dump("a \\pmod{n}", display: true).hasPrefix("ord 𝑎 ord {ord space(1.000)"))
    }
}

@Suite struct AccentTests {
    @Test func accentsUseCombiningMarksOrArrows() {
        #expect(dump("\\hat x") == "ord accent(U+302 {ord 𝑥})")
        #expect(dump("\\vec v") == "ord accent(U+2192 {ord 𝑣})")
        #expect(dump("\\bar x \\dot x \\ddot x \\tilde x \\check x \\breve x \\acute x \\grave x \\mathring x \\dddot x")
            == ["304", "307", "308", "303", "30C", "306", "301", "300", "30A", "20DB"].map { "ord accent(U+\($0) {ord 𝑥})" }.joined(separator: " "))
    }

    @Test func wideAndBelowAccents() {
        #expect(dump("\\widehat{xy}") == "ord accent(U+302 wide {ord 𝑥 ord 𝑦})")
        #expect(dump("\\widetilde{x}\\widecheck{x}") == "ord accent(U+303 wide {ord 𝑥}) ord accent(U+30C wide {ord 𝑥})")
        #expect(dump("\\overrightarrow{AB}") == "ord accent(U+2192 wide {ord 𝐴 ord 𝐵})")
        #expect(dump("\\overleftarrow{A}\\overleftrightarrow{A}") == "ord accent(U+2190 wide {ord 𝐴}) ord accent(U+2194 wide {ord 𝐴})")
        #expect(dump("\\underrightarrow{A}\\underleftarrow{A}\\underleftrightarrow{A}\\utilde{A}")
            == "ord accent(U+2192 wide below {ord 𝐴}) ord accent(U+2190 wide below {ord 𝐴}) ord accent(U+2194 wide below {ord 𝐴}) ord accent(U+303 wide below {ord 𝐴})")
    }

    @Test func linesOverAndUnder() {
        #expect(dump("\\overline{x}\\underline{y}") == "ord overline({ord 𝑥}) ord underline({ord 𝑦})")
    }
}

@Suite struct ModuloAndArrowTests {
    @Test func lapsAreSetAsTheirContent() {
        #expect(dump("\\sum_{\\mathclap{i<n}}") == "op ∑_{ord {ord 𝑖 rel < ord 𝑛}}")
        #expect(dump("\\rlap{a}") == "ord text(\"a\")")
    }

    @Test func modAndPod() {
        #expect(dump("a \\mod{n}") == "ord 𝑎 ord {ord space(0.667) ord mod ord space(0.333) ord {ord 𝑛}}")
        #expect(dump("a \\pod{n}") == "ord 𝑎 ord {ord space(0.444) open ( ord {ord 𝑛} close )}")
    }

    @Test func longArrowsAndTheirAliases() {
        #expect(dump("a \\iff b \\impliedby c \\gets d") == "ord 𝑎 rel ⟺ ord 𝑏 rel ⟸ ord 𝑐 rel ← ord 𝑑")
        #expect(dump("\\xleftarrow{n}") == "rel underover({} over:← ^{ord 𝑛})")
    }

    @Test func sourceRangesCoverTheAtom() {
        let formula = parse("x^2 + \\frac{a}{b}")
        #expect(formula.body.atoms.map(\.source) == [0..<3, 4..<5, 6..<17])
    }

    @Test func macroBodiesPointAtTheirUse() {
        let formula = parse("\\newcommand\\bad{\\fracc} x \\bad")
        #expect(formula.problems.map(\.range) == [26..<30])
    }
}
