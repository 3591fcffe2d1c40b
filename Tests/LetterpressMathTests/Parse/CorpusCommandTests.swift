import Testing
@testable import LetterpressMath

/// The commands and environments 32 public math-heavy notes use most (issue 39's corpus), each
/// read without a problem.
@Suite struct CorpusCommandTests {
    /// Each command as the notes write it, with arguments where it takes some.
    static let commands: [String] = [
        "\\frac{a}{b}", "\\left( x \\right)", "\\theta", "\\boldsymbol{x}", "\\sum_i x_i", "\\mathbf{x}", "\\alpha",
        "\\mathcal{L}", "\\text{if}", "a \\cdot b", "\\partial f", "a \\cdots b", "x \\in A", "\\mathbb{R}", "\\log x",
        "\\sqrt{x}", "\\lambda", "\\hat{x}", "\\mathrm{d}x", "\\color{red} x", "\\infty", "a \\le b", "\\verb|x^2|",
        "\\sum\\limits_i", "a \\times b", "\\sigma", "a \\mid b", "\\dfrac{a}{b}", "a, \\dots, b", "\\operatorname{rank} A",
        "\\pi", "\\mu", "x \\to y", "\\vec{v}", "\\det A", "{\\bf x}", "\\overline{x}", "a \\quad b", "\\varepsilon",
        "f \\circ g", "\\cfrac{1}{1 + x}", "\\epsilon", "\\beta", "a \\pmod{n}", "a \\equiv b", "\\ell", "a, \\ldots, b",
        "\\Phi", "\\phi", "a \\ge b", "{\\rm d}", "\\gamma", "a \\geq b", "\\Delta", "\\vert x \\vert", "a \\leq b",
        "a \\rightarrow b", "\\min x", "a \\xrightarrow{f} b", "\\top", "\\eta", "a \\sim b", "a \\neq b", "\\ln x",
        "\\int f", "\\tau", "\\vdots", "a \\approx b", "a \\implies b", "\\lim_{n}", "\\overrightarrow{AB}", "\\gcd(a, b)",
        "\\Sigma", "\\xi", "a \\leqslant b", "a \\geqslant b",
    ]

    /// Each environment with a cell or two; `align` and `alignat` must be a whole display formula.
    static let environments: [(source: String, display: Bool)] = [
        ("\\begin{aligned} a &= b \\end{aligned}", false), ("\\begin{bmatrix} a & b \\end{bmatrix}", false),
        ("\\begin{array}{cc} a & b \\\\ \\hline c & d \\end{array}", false), ("\\begin{align} a &= b \\end{align}", true),
        ("\\begin{cases} a & x > 0 \\end{cases}", false), ("\\begin{pmatrix} a \\end{pmatrix}", false),
        ("\\begin{align*} a &= b \\end{align*}", true), ("\\begin{split} a &= b \\end{split}", true),
        ("\\begin{smallmatrix} a & b \\end{smallmatrix}", false), ("\\begin{equation} a = b \\end{equation}", true),
        ("\\begin{vmatrix} a \\end{vmatrix}", false), ("\\begin{CD} A @>>> B \\end{CD}", true),
        ("\\begin{matrix} a \\end{matrix}", false), ("\\begin{Bmatrix} a \\end{Bmatrix}", false),
        ("\\begin{Vmatrix} a \\end{Vmatrix}", false), ("\\begin{alignat}{2} a &= b & c &= d \\end{alignat}", true),
    ]

    @Test(arguments: commands) func commandIsRead(_ source: String) {
        let formula = parse(source)
        #expect(formula.problems == [], "\(source)")
        #expect(!MathDump.dump(formula.body).contains("error"), "\(source)")
    }

    @Test(arguments: environments) func environmentIsRead(_ environment: (source: String, display: Bool)) {
        let formula = parse(environment.source, display: environment.display)
        #expect(formula.problems == [], "\(environment.source)")
        #expect(!MathDump.dump(formula.body).contains("error"), "\(environment.source)")
    }
}
