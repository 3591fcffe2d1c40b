import Foundation

/// One TeX formula of a note, parsed: its math list, its equation number, what it labels and
/// refers to, and what was wrong in it. Parsing never fails: a formula that cannot be read is
/// one error atom holding its source, with a fatal problem.
public struct Formula: Sendable, Equatable {
    /// The TeX source, as written between the delimiters (or a whole `\begin{align}…\end{align}`).
    public var source: String
    /// The math list.
    public var body: MathList
    /// Whether it is display math.
    public var isDisplay: Bool
    /// The number of a single display equation: from `\tag{…}` or `\tag*{…}`, from `\label{…}`
    /// (an automatic number), or the automatic number of a top-level `equation`. The rows of
    /// `align`, `gather` and `multline` carry theirs in their `MathArray.tags` instead.
    public var tag: EquationTag?
    /// What was wrong, in source order; at most one is fatal.
    public var problems: [MathProblem]
    /// A readable Unicode rendering (`x² + y²`, `a/b`, `√x`) for PDF outlines and text search.
    public var plainText: String
    /// Every `\label{…}`, in order.
    public var labels: [String]
    /// Every `\ref{…}` and `\eqref{…}` label, in order.
    public var references: [String]

    /// Parses `source`, reading and adding to the note's `macros`.
    /// - Parameters:
    ///   - source: The TeX between the formula's delimiters.
    ///   - display: Whether it is display math (`$$…$$`, `\[…\]`, a top-level environment).
    ///   - macros: The macros defined so far in the note; definitions in this formula are added.
    public init(parsing source: String, display: Bool, macros: inout MathMacros) {
        self.source = source
        self.isDisplay = display
        var parser = MathParser(source: source, display: display, macros: macros)
        do {
            var body = try display ? parser.parseDisplayBody() : parser.parseList(ending: [])
            if parser.isEquationEnvironment, body.atoms.count == 1, case let .group(content) = body.atoms[0].nucleus {
                body = content
            }
            self.body = body
            self.tag = display ? parser.row.tag(numbered: parser.isNumberedEquation || parser.row.label != nil && !parser.isEquationEnvironment) : nil
            self.problems = (parser.input.problems + parser.problems).sorted { $0.range.lowerBound < $1.range.lowerBound }
            self.labels = parser.labels
            self.references = parser.references
            self.plainText = PlainTextWriter.text(of: body)
        } catch {
            self.body = MathList([MathAtom(.error(source), class: .ordinary, source: 0..<source.utf8.count)])
            self.tag = nil
            self.problems = [MathProblem(range: error.range, message: error.message, isFatal: true)]
            self.labels = []
            self.references = []
            self.plainText = source.replacingOccurrences(of: "\\", with: "")
        }
        macros = parser.input.macros
    }
}
