import Testing
@testable import LetterpressMath

@Suite struct EnvironmentTests {
    private func array(_ source: String, display: Bool = false) -> MathArray? {
        let formula = parse(source, display: display)
        guard formula.body.atoms.count == 1, case let .array(array) = formula.body.atoms[0].nucleus else { return nil }
        return array
    }

    @Test func matricesAndTheirDelimiters() {
        #expect(dump("\\begin{matrix} a & b \\\\ c & d \\end{matrix}") == "ord array(matrix {ord 𝑎} & {ord 𝑏} \\\\ {ord 𝑐} & {ord 𝑑})")
        let delimiters = ["pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "Bmatrix": ("{", "}"), "vmatrix": ("|", "|"), "Vmatrix": ("‖", "‖")]
        for (name, (left, right)) in delimiters {
            let matrix = array("\\begin{\(name)} 1 \\end{\(name)}")
            #expect(matrix?.left == left && matrix?.right == right, "\(name)")
            #expect(parse("\\begin{\(name)} 1 \\end{\(name)}").body.atoms.first?.atomClass == .inner)
        }
        #expect(array("\\begin{smallmatrix} 1 \\end{smallmatrix}")?.style == .script)
        #expect(array("\\begin{pmatrix*}[r] 1 \\end{pmatrix*}")?.columns == [.right])
    }

    @Test func arrayColumnsRulesAndGaps() {
        let table = array("\\begin{array}{l|cr} \\hline a & b & c \\\\[4pt] d & e & f \\\\ \\hline \\end{array}")
        #expect(table?.columns == [.left, .center, .right])
        #expect(table?.verticalRules == [1])
        #expect(table?.horizontalRules == [0, 2])
        #expect(table?.rows.count == 2)
        #expect(table?.rowGaps == [0: 0.4])
        #expect(array("\\begin{subarray}{l} i<n \\\\ j \\end{subarray}")?.style == .script)
        #expect(array("\\substack{i<n \\\\ j}")?.rows.count == 2)
    }

    @Test func casesAndAligned() {
        let cases = array("\\begin{cases} 1 & x>0 \\\\ 0 & \\text{otherwise} \\end{cases}")
        #expect(cases?.layout == .cases && cases?.left == "{" && cases?.right == nil && cases?.style == .text)
        #expect(array("\\begin{dcases} 1 \\end{dcases}")?.style == .display)
        #expect(array("\\begin{rcases} 1 \\end{rcases}")?.right == "}")
        #expect(array("\\begin{drcases} 1 \\end{drcases}")?.style == .display)
        let aligned = array("\\begin{aligned} a &= b \\\\ &= c \\end{aligned}")
        #expect(aligned?.layout == .aligned && aligned?.columns == [.right, .left] && aligned?.tags == [])
        #expect(aligned.map { MathDump.dump($0.rows[1][1]) } == "rel = ord 𝑐")
        #expect(array("\\begin{alignedat}{2} a &= b \\end{alignedat}")?.layout == .aligned)
        #expect(array("\\begin{gathered} a \\\\ b \\end{gathered}")?.layout == .gathered)
        #expect(array("\\begin{split} a &= b \\end{split}")?.layout == .aligned)
    }

    @Test func aTrailingRowBreakMakesNoEmptyRow() {
        #expect(array("\\begin{matrix} a \\\\ b \\\\ \\end{matrix}")?.rows.count == 2)
    }

    @Test func unclosedAndMismatchedEnvironmentsAreFatal() {
        let unclosed = parse("\\begin{matrix} a & b")
        #expect(unclosed.problems == [MathProblem(range: 0..<6, message: "'\\begin{matrix}' without its '\\end{matrix}'", isFatal: true)])
        #expect(messages("\\begin{matrix} a \\end{pmatrix}") == ["'\\end{pmatrix}' where '\\end{matrix}' was expected"])
        #expect(messages("\\begin{matrx} a \\end{matrx}") == ["unknown environment 'matrx'; did you mean 'matrix'?"])
        #expect(messages("a \\end{matrix}") == ["'\\end' without its '\\begin'"])
    }

    @Test func anAmpersandOutsideAnEnvironmentIsAnError() {
        let formula = parse("a & b")
        #expect(MathDump.dump(formula.body) == "ord 𝑎 ord error(&) ord 𝑏")
        #expect(formula.problems.first?.isFatal == false)
    }
}

@Suite struct TagTests {
    @Test func equationIsNumberedAutomatically() {
        let formula = parse("\\begin{equation} E = mc^2 \\end{equation}", display: true)
        #expect(formula.tag == EquationTag())
        #expect(MathDump.dump(formula.body) == "ord 𝐸 rel = ord 𝑚 ord 𝑐^{ord 2}")
        #expect(parse("\\begin{equation*} x \\end{equation*}", display: true).tag == nil)
    }

    @Test func equationTakesItsTagAndLabel() {
        let formula = parse("\\begin{equation} x \\label{eq:x} \\end{equation}", display: true)
        #expect(formula.tag == EquationTag(label: "eq:x"))
        #expect(formula.labels == ["eq:x"])
        #expect(parse("\\begin{equation} x \\tag{A} \\end{equation}", display: true).tag == EquationTag(text: "A"))
        #expect(parse("\\begin{equation} x \\nonumber \\end{equation}", display: true).tag == nil)
        #expect(parse("\\begin{equation*} x \\label{a} \\end{equation*}", display: true).tag == nil)
    }

    @Test func displayFormulasTakeTagAndLabel() {
        #expect(parse("x \\tag{1.2}", display: true).tag == EquationTag(text: "1.2"))
        #expect(parse("x \\tag*{$\\ast$}", display: true).tag == EquationTag(text: "∗", isStarred: true))
        #expect(parse("x \\label{e} \\tag{3}", display: true).tag == EquationTag(text: "3", label: "e"))
        #expect(parse("x \\label{e}", display: true).tag == EquationTag(label: "e"))
        #expect(parse("x", display: true).tag == nil)
    }

    @Test func tagsInInlineMathAreProblems() {
        let formula = parse("x \\tag{1}")
        #expect(formula.tag == nil)
        #expect(formula.problems.map(\.message) == ["'\\tag' works only in display math"])
    }

    @Test func alignNumbersEachRowUnlessNonumber() {
        let formula = parse("\\begin{align} a &= b \\label{first} \\\\ c &= d \\nonumber \\\\ e &= f \\tag{*} \\end{align}", display: true)
        guard case let .array(array)? = formula.body.atoms.first?.nucleus else {
            Issue.record("no array")
            return
        }
        #expect(array.layout == .aligned)
        #expect(array.tags == [EquationTag(label: "first"), nil, EquationTag(text: "*")])
        #expect(formula.tag == nil)
        #expect(formula.labels == ["first"])
    }

    @Test func starredAndGatherAndMultline() {
        let starred = parse("\\begin{align*} a &= b \\\\ c &= d \\tag{2} \\end{align*}", display: true)
        guard case let .array(array)? = starred.body.atoms.first?.nucleus else {
            Issue.record("no array")
            return
        }
        #expect(array.tags == [nil, EquationTag(text: "2")])
        if case let .array(gather)? = parse("\\begin{gather} a \\\\ b \\notag \\end{gather}", display: true).body.atoms.first?.nucleus {
            #expect(gather.layout == .gathered && gather.tags == [EquationTag(), nil])
        } else {
            Issue.record("no gather")
        }
        if case let .array(multline)? = parse("\\begin{multline} a \\\\ b \\\\ c \\end{multline}", display: true).body.atoms.first?.nucleus {
            #expect(multline.layout == .multline && multline.tags == [nil, nil, EquationTag()])
        } else {
            Issue.record("no multline")
        }
    }

    @Test func displayEnvironmentsInsideAFormulaAreProblems() {
        let formula = parse("x = \\left( \\begin{align} a \\end{align} \\right)", display: true)
        #expect(formula.problems.first?.message.hasPrefix("'align' must be the whole of a display formula") == true)
        #expect(formula.problems.first?.isFatal == false)
    }

    @Test func referencesAreCollected() {
        let formula = parse("\\eqref{a} + \\ref{b}")
        #expect(formula.references == ["a", "b"])
        #expect(MathDump.dump(formula.body) == "ord eqref(a) bin + ord ref(b)")
    }
}

@Suite struct MoreEnvironmentTests {
    @Test func alignatAndFlalignAreNumberedAlignments() {
        for source in ["\\begin{alignat}{2} a &= b & c &= d \\end{alignat}", "\\begin{flalign} a &= b \\end{flalign}"] {
            guard case let .array(array)? = parse(source, display: true).body.atoms.first?.nucleus else {
                Issue.record("no array: \(source)")
                continue
            }
            #expect(array.layout == .aligned && array.tags == [EquationTag()], "\(source)")
        }
        guard case let .array(starred)? = parse("\\begin{alignat*}{1} a &= b \\end{alignat*}", display: true).body.atoms.first?.nucleus else {
            Issue.record("no array")
            return
        }
        #expect(starred.tags == [])
        #expect(starred.rows.first?.count == 2)
    }

    @Test func nestedEnvironments() {
        #expect(dump("\\begin{pmatrix} \\begin{matrix} a \\end{matrix} & b \\end{pmatrix}")
            == "inner array(matrix {ord array(matrix {ord 𝑎})} & {ord 𝑏})")
        #expect(dump("\\left( \\begin{array}{c} x \\end{array} \\right)") == "inner fenced(( {ord array(matrix {ord 𝑥})} ))")
    }

    @Test func aRowBreakOutsideAnEnvironmentIsIgnoredInInlineMath() {
        let formula = parse("a \\\\ b")
        #expect(MathDump.dump(formula.body) == "ord 𝑎 ord 𝑏")
        #expect(formula.problems.map(\.message) == ["'\\\\' outside an environment is ignored; use one such as 'gathered' for several lines"])
    }

    @Test func displayLinesAreGatheredOrAligned() {
        let gathered = parse("a \\\\ b \\\\", display: true)
        #expect(MathDump.dump(gathered.body) == "ord array(gathered {ord 𝑎} \\\\ {ord 𝑏})")
        #expect(gathered.problems.isEmpty)
        #expect(dump("a &= b \\\\ &= c", display: true) == "ord array(aligned {ord 𝑎} & {rel = ord 𝑏} \\\\ {} & {rel = ord 𝑐})")
        #expect(dump("a \\\\", display: true) == "ord 𝑎")
        #expect(parse("a \\\\ b \\tag{1}", display: true).tag == EquationTag(text: "1"))
        #expect(messages("a \\end{x}", display: true) == ["'\\end' without its '\\begin'"])
        #expect(messages("a } b", display: true) == ["'}' without its '{'"])
    }
}
