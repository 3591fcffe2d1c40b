import Testing
@testable import LetterpressMath

@Suite struct MacroTests {
    @Test func newcommandPersistsForLaterFormulas() {
        var macros = MathMacros()
        let first = Formula(parsing: "\\newcommand{\\RR}{\\mathbb{R}} x \\in \\RR", display: false, macros: &macros)
        #expect(MathDump.dump(first.body) == "ord 𝑥 rel ∈ ord ℝ")
        let second = Formula(parsing: "\\RR^n", display: false, macros: &macros)
        #expect(MathDump.dump(second.body) == "ord ℝ^{ord 𝑛}")
        #expect(macros.names == ["RR"])
    }

    @Test func parametersAndDefaults() {
        #expect(dump("\\newcommand\\pair[2]{(#1,#2)} \\pair ab") == "open ( ord 𝑎 punct , ord 𝑏 close )")
        #expect(dump("\\newcommand{\\e}[1][n]{e_{#1}} \\e \\e[k]") == "ord 𝑒_{ord 𝑛} ord 𝑒_{ord 𝑘}")
        #expect(dump("\\def\\sq#1{#1^2} \\sq{x}") == "ord 𝑥^{ord 2}")
        #expect(dump("\\let\\a\\alpha \\a") == "ord 𝛼")
    }

    @Test func renewAndProvide() {
        #expect(dump("\\newcommand\\x{a}\\renewcommand\\x{b}\\x") == "ord 𝑏")
        #expect(dump("\\newcommand\\x{a}\\providecommand\\x{b}\\x") == "ord 𝑎")
        #expect(dump("\\renewcommand\\sin{S}\\sin") == "ord 𝑆")
        #expect(messages("\\renewcommand\\foo{a}") == ["'\\renewcommand' of '\\foo', which is not defined; use '\\newcommand'"])
        let redefined = parse("\\newcommand\\frac{a}\\frac12")
        #expect(redefined.problems.map(\.message) == ["'\\newcommand' cannot redefine '\\frac', which exists; use '\\renewcommand'"])
        #expect(MathDump.dump(redefined.body) == "inner frac({ord 1}, {ord 2})")
    }

    @Test func definingTheSameMacroAgainIsQuiet() {
        var macros = MathMacros()
        _ = Formula(parsing: "\\newcommand{\\R}{\\mathbb R}", display: false, macros: &macros)
        #expect(Formula(parsing: "\\newcommand{\\R}{\\mathbb R}\\R", display: false, macros: &macros).problems.isEmpty)
    }

    @Test func frontMatterMacros() throws {
        var macros = try MathMacros(definitions: ["\\RR": "\\mathbb{R}", "\\norm": "\\left\\lVert #1 \\right\\rVert"])
        let formula = Formula(parsing: "\\norm{x} \\in \\RR", display: false, macros: &macros)
        #expect(MathDump.dump(formula.body) == "inner fenced(‖ {ord 𝑥} ‖) rel ∈ ord ℝ")
    }

    @Test func frontMatterMacrosMayRedefineBuiltInCommands() throws {
        var macros = try MathMacros(definitions: ["\\vec": "\\mathbf{#1}"])
        #expect(MathDump.dump(Formula(parsing: "\\vec v", display: false, macros: &macros).body) == "ord 𝐯")
    }

    @Test func badFrontMatterMacrosThrowClearly() {
        #expect(throws: MathMacroError(message: "math macro name 'RR' is not one command such as '\\RR'")) {
            try MathMacros(definitions: ["RR": "x"])
        }
        #expect(throws: MathMacroError(message: "math macro '\\a': '{' without its '}'")) {
            try MathMacros(definitions: ["\\a": "{x"])
        }
        #expect(throws: MathMacroError(message: "math macro '\\a': '#' must be followed by a parameter number from 1 to 9")) {
            try MathMacros(definitions: ["\\a": "#x"])
        }
    }

    @Test func badDefinitionsInFormulas() {
        #expect(messages("\\newcommand{x}{y}") == ["'\\newcommand' must be followed by the command it defines, as in '\\newcommand{\\RR}{\\mathbb{R}}'"])
        #expect(messages("\\newcommand{\\a}[1]{#2}") == ["'\\a' uses #2 but takes 1 argument"])
        #expect(messages("\\newcommand{\\a}[x]{y}") == ["'\\newcommand{\\a}': the number of arguments must be from 0 to 9, not 'x'"])
    }
}

@Suite struct HostileInputTests {
    @Test func recursiveMacrosEndWithAProblem() {
        let formula = parse("\\def\\a{\\a}\\a")
        #expect(formula.problems.map(\.message) == ["macro '\\a' expands too many times (is it defined in terms of itself?)"])
        #expect(formula.problems.first?.isFatal == true)
        let mutual = parse("\\def\\a{\\b x}\\def\\b{\\a}\\a")
        #expect(mutual.problems.first?.isFatal == true)
    }

    @Test func exponentialMacrosEndWithAProblem() {
        var source = "\\def\\a{x}"
        for index in 0..<30 {
            let name = String(UnicodeScalar(UInt8(98 + index % 20))) + String(repeating: "q", count: index / 20)
            let previous = index == 0 ? "a" : String(UnicodeScalar(UInt8(98 + (index - 1) % 20))) + String(repeating: "q", count: (index - 1) / 20)
            source += "\\def\\\(name){\\\(previous)\\\(previous)}"
        }
        source += "\\bq"
        let formula = parse(source)
        #expect(formula.problems.first?.isFatal == true)
        #expect(formula.problems.first?.message.contains("expands") == true)
        let doubling = parse("\\def\\d#1{#1#1}\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{\\d{x}}}}}}}}}}}}}}}}}}}}")
        #expect(doubling.problems.first?.isFatal == true)
    }

    /// Found by the fuzzer: each use of `\\a` reads two arguments and leaves more uses behind.
    @Test func aMacroThatGrowsAtEachUseStopsAtTheExpansionLimit() {
        let source = "\\def\\a#1#2{#2#\\a#1#2{#2#1}\\a{x[}ef\\a#11}\\a{x[}ef\\a#1# f'^eq} \\mathbb{R}^{\\alpha} \\label{eq}"
        let formula = parse(source)
        #expect(formula.problems.map(\.message) == ["macro '\\a' expands too many times (is it defined in terms of itself?)"])
        #expect(formula.labels == [])
    }

    @Test func deepNestingIsAProblemNotACrash() {
        let braces = parse(String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000))
        #expect(braces.problems.map(\.message) == ["the formula nests more than 100 groups deep"])
        #expect(braces.problems.first?.isFatal == true)
        #expect(braces.body.atoms.count == 1)
        let fine = parse(String(repeating: "{", count: 50) + "x" + String(repeating: "}", count: 50))
        #expect(fine.problems.isEmpty)
    }

    @Test func aMegabyteOfNestedScripts() {
        var source = ""
        source.reserveCapacity(1_100_000)
        while source.utf8.count < 1_000_000 { source += "x^{" }
        source += "x" + String(repeating: "}", count: source.utf8.count / 3)
        let formula = parse(source)
        #expect(formula.problems.first?.isFatal == true)
        #expect(formula.body.atoms.count == 1)
    }

    @Test func aMegabyteOfFlatScriptsParses() {
        let source = String(repeating: "x^{x}+", count: 170_000) + "x"
        let formula = parse(source)
        #expect(formula.problems.isEmpty)
        #expect(formula.body.atoms.count == 340_001)
    }

    @Test func aLoneBackslash() {
        let formula = parse("\\")
        #expect(MathDump.dump(formula.body) == "ord error(\\)")
        #expect(formula.problems.map(\.message) == ["a lone '\\' at the end of the formula"])
        #expect(formula.plainText == "")
    }

    @Test func unbalancedBraces() {
        #expect(parse("{x").problems == [MathProblem(range: 0..<1, message: "'{' without its '}'", isFatal: true)])
        #expect(parse("x}").problems == [MathProblem(range: 1..<2, message: "'}' without its '{'", isFatal: true)])
        #expect(parse("\\frac{a}{b").problems.first?.isFatal == true)
    }

    @Test func unfinishedConstructs() {
        for source in ["\\begin{matrix}", "\\left(", "\\sqrt[3", "x^", "\\text{a", "\\left( x \\middle|", "\\begin{array}{cc} a",
                       "\\newcommand", "\\def", "\\def\\a", "\\hspace", "\\color", "\\begin", "\\operatorname", "\\xrightarrow["] {
            let formula = parse(source)
            #expect(formula.problems.contains { $0.isFatal }, "\(source)")
            #expect(formula.body == MathList([MathAtom(.error(source), class: .ordinary, source: 0..<source.utf8.count)]), "\(source)")
        }
    }

    @Test func oddCharactersAreKept() {
        #expect(dump("#") == "ord error(#)")
        #expect(dump("x$") == "ord 𝑥 ord error($)")
        #expect(dump("\u{0}\u{301}") == "ord \u{0} ord \u{301}")
    }
}
