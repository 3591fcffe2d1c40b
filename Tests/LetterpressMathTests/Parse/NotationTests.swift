import Testing
@testable import LetterpressMath

/// Commands KaTeX and MathJax accept beyond TeX's core, as public notes use them.
@Suite struct NotationTests {
    @Test func oldFontSwitchesInTextLastToTheGroupsEnd() {
        #expect(dump("\\text{a \\bf b}") == "ord text(\"a \", \"b\":bold)")
        #expect(dump("\\mbox{\\it a {\\bf b} c}") == "ord text(\"a \":italic, \"b\":bold, \" c\":italic)")
        #expect(dump("\\text{\\rm x \\sf y \\tt z}") == "ord text(\"x \", \"y \":sansSerif, \"z\":monospace)")
        #expect(messages("\\text{\\rm x}\\mbox{\\bf y}") == [])
    }

    @Test func didYouMeanSuggestsOnlyPrintableCommandWords() {
        #expect(messages("\\R") == ["unknown command '\\R'; did you mean '\\Re'?"])
        #expect(messages("\\E") == ["unknown command '\\E'"])
        for name in ["E", "R", "B", "x"] {
            let message = messages("\\\(name)").first ?? ""
            #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(message)")
        }
    }

    @Test func katexAliasesTheNotesUse() {
        #expect(dump("A \\sube B \\sub C \\supe D") == "ord 𝐴 rel ⊆ ord 𝐵 rel ⊂ ord 𝐶 rel ⊇ ord 𝐷")
        #expect(dump("\\exist x") == "ord ∃ ord 𝑥")
    }

    @Test func verbatimTakesAnyDelimiterAndReadsNothingInside() {
        #expect(dump("\\verb|\\frac{a}{b}|") == "ord text(\"\\frac{a}{b}\":monospace)")
        #expect(dump("\\verb!a  % b!x") == "ord text(\"a  % b\":monospace) ord 𝑥")
        #expect(dump("\\text{use \\verb+$x$+}") == "ord text(\"use \", \"$x$\":monospace)")
        #expect(messages("\\verb|x") == ["'\\verb' needs its text between two equal characters, as in '\\verb|x^2|'"])
    }

    @Test func circledTeXLogosAndTheOldMathItalic() {
        #expect(dump("\\textcircled{1}\\textcircled{20}\\textcircled{a}\\textcircled{B}")
            == "ord text(\"①\") ord text(\"⑳\") ord text(\"ⓐ\") ord text(\"Ⓑ\")")
        #expect(dump("\\textcircled{21}") == "ord text($ord boxed({ord text(\"21\")})$)")
        #expect(dump("\\TeX\\LaTeX") == "ord text(\"TeX\") ord text(\"LaTeX\")")
        #expect(dump("\\mit\\Omega x") == "ord 𝛺 ord 𝑥")
    }

    @Test func charactersByCodePoint() {
        #expect(dump("a\\unicode{x2260}b\\unicode{8800}") == "ord 𝑎 rel ≠ ord 𝑏 rel ≠")
        #expect(dump("\\char\"2260 \\char'101") == "rel ≠ ord 𝐴")
        #expect(messages("\\unicode{zz}") == ["'\\unicode' needs a character's code, as in '\\unicode{x2260}' or '\\char\"2260'"])
    }

    @Test func linksKeepTheirText() {
        #expect(dump("\\href{https://example.org}{x^2}") == "ord {ord 𝑥^{ord 2}}")
        #expect(dump("\\url{https://example.org}") == "ord text(\"https://example.org\":monospace)")
        #expect(messages("\\href{https://example.org}{x}\\url{a}") == [])
    }

    @Test func braKet() {
        #expect(dump("\\bra{x}\\ket{y}\\braket{z}")
            == "inner {open ⟨ ord {ord 𝑥} close |} inner {open | ord {ord 𝑦} close ⟩} inner {open ⟨ ord {ord 𝑧} close ⟩}")
        #expect(dump("\\Ket{x}") == "inner fenced(| {ord 𝑥} ⟩)")
    }

    @Test func generalFractionsAndAbove() {
        #expect(dump("\\genfrac(){0pt}{2}{a}{b}") == "inner frac({ord 𝑎}, {ord 𝑏} norule () script)")
        #expect(dump("\\genfrac{}{}{}{}{a}{b}") == "inner frac({ord 𝑎}, {ord 𝑏})")
        #expect(dump("\\genfrac{\\langle}{.}{1pt}{0}{a}{b}") == "inner frac({ord 𝑎}, {ord 𝑏} ⟨ display)")
        #expect(dump("a \\above 1pt b") == "inner frac({ord 𝑎}, {ord 𝑏})")
        #expect(dump("a \\above 0pt b") == "inner frac({ord 𝑎}, {ord 𝑏} norule)")
    }

    @Test func sidesetPutsScriptsBeforeAndBesideTheOperator() {
        #expect(dump("\\sideset{_a^b}{_c^d}\\sum_{i}")
            == "op {ord {}_{ord 𝑎}^{ord 𝑏} op ∑_{ord 𝑐}^{ord 𝑑} nolimits}_{ord 𝑖}")
        #expect(messages("\\sideset{}{'}\\prod") == [])
    }

    @Test func raiseboxAndRequireAreReadQuietly() {
        #expect(dump("\\raisebox{0.25em}{up}") == "ord text(\"up\")")
        #expect(dump("\\require{AMScd} x") == "ord 𝑥")
    }

    @Test func definitionsWithDelimitedParameters() {
        #expect(dump("\\def\\foo#1.{(#1)} \\foo ab. c") == dump("(ab) c"))
        #expect(dump("\\def\\pair(#1,#2){#1+#2} \\pair(a,{b,c})") == dump("a+b,c"))
        #expect(dump("\\def\\first#1#2.{#1} \\first xyz.") == dump("x"))
        #expect(messages("\\def\\pair(#1,#2){#1} \\pair a") == ["'\\pair' must be followed by '(', as its definition says"])
        #expect(messages("\\def\\foo#1.{#1} \\foo ab") == ["'\\foo' needs its argument ended by '.', as its definition says"])
    }

    @Test func commutativeDiagramsAreArraysOfObjectsAndArrows() {
        let diagram = "\\begin{CD} A @>a>> B \\\\ @VbVV = @VVcV \\\\ C @<<d< D @= E \\\\ @. @AAA @| \\end{CD}"
        #expect(dump(diagram, display: true)
            == "ord array(matrix {ord 𝐴} & {rel underover({} over:→ ^{ord 𝑎})} & {ord 𝐵} \\\\ "
            + "{ord {ord style(script) ord 𝑏} ord ↓} & {rel =} & {ord ↓ ord {ord style(script) ord 𝑐}} \\\\ "
            + "{ord 𝐶} & {rel underover({} over:← _{ord 𝑑})} & {ord 𝐷} & {rel underover({} over:=)} & {ord 𝐸} \\\\ "
            + "{} & {} & {ord ↑} & {} & {ord ‖})")
        #expect(parse(diagram, display: true).problems == [])
        #expect(parse("\\begin{CD} A @>{\\text{long label}}>> B \\end{CD}", display: true).problems == [])
        #expect(!parse("\\begin{CD} A @X B \\end{CD}", display: true).problems.isEmpty)
    }
}
