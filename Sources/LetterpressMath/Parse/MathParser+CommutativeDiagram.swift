/// amscd's `CD` environment, as KaTeX and MathJax read it: rows of objects joined by `@>>>`,
/// `@<<<` and `@=`, and rows of `@VVV`, `@AAA`, `@|` and `@.` under the objects.
extension MathParser {
    /// The diagram whose `\begin{CD}` has been read, up to its `\end{CD}`, as an array in which
    /// each arrow has a cell of its own between the objects' cells. A row of vertical arrows
    /// puts them in the objects' columns, and what is written between them in the arrows'.
    ///
    /// Arrows do not stretch to the cells' size: a horizontal one is an extensible arrow with
    /// its labels in script style above and below (as `\xrightarrow`), a vertical one is the
    /// arrow character with its labels beside it.
    mutating func parseCommutativeDiagram(_ begin: MathToken) throws(FatalProblem) -> MathAtom {
        try enter()
        defer { depth -= 1 }
        var rows: [[MathList]] = []
        var cells: [MathList] = []
        var isVerticalRow = false
        while true {
            let content = try parseList(ending: [.cell, .diagramArrow])
            if !cells.isEmpty || !isVerticalRow { cells.append(content) }
            guard let token = try input.next() else {
                throw FatalProblem(range: begin.range, message: "'\\begin{CD}' without its '\\end{CD}'")
            }
            switch token.kind {
            case .character("@"):
                let (arrow, isVertical) = try readDiagramArrow(token)
                if cells.count == 1, isVertical, cells[0].atoms.isEmpty {
                    cells = []
                    isVerticalRow = true
                }
                cells.append(arrow)
            case .command("\\"), .command("cr"):
                rows.append(Self.trimmed(cells))
                cells = []
                isVerticalRow = false
            case .command("end"):
                let name = try readTextArgument(for: token)
                guard name == "CD" else {
                    throw FatalProblem(range: token.range, message: "'\\end{\(name)}' where '\\end{CD}' was expected")
                }
                if cells.count > 1 || cells.first?.atoms.isEmpty == false { rows.append(Self.trimmed(cells)) }
                let array = MathArray(rows: rows, columns: [.center], style: .display)
                return MathAtom(.array(array), class: .ordinary)
            default:
                _ = error(token, "'\(token.text)' is not used in a 'CD' diagram; separate its cells with arrows such as '@>>>'")
            }
        }
    }

    /// The arrow after an `@`: its cell, and whether it points up or down (or is `@|` or `@.`).
    private mutating func readDiagramArrow(_ at: MathToken) throws(FatalProblem) -> (MathList, Bool) {
        guard let token = try input.next(), case let .character(kind) = token.kind else {
            throw FatalProblem(range: at.range, message: "'@' in a 'CD' diagram must be followed by an arrow: '>', '<', 'V', 'A', '=', '|' or '.'")
        }
        switch kind {
        case ">", "<":
            let above = try readDiagramLabel(until: kind, opening: token)
            let below = try readDiagramLabel(until: kind, opening: token)
            let arrow = MathAtom.UnderOver(base: MathList(), over: kind == ">" ? "→" : "←",
                                           overLabel: above.atoms.isEmpty ? nil : above, underLabel: below.atoms.isEmpty ? nil : below)
            return (MathList([MathAtom(.underOver(arrow), class: .relation)]), false)
        case "V", "A":
            let left = try readDiagramLabel(until: kind, opening: token)
            let right = try readDiagramLabel(until: kind, opening: token)
            var atoms: [MathAtom] = []
            if !left.atoms.isEmpty { atoms.append(Self.scriptGroup(left)) }
            atoms.append(MathAtom(.symbol(kind == "V" ? "↓" : "↑"), class: .ordinary))
            if !right.atoms.isEmpty { atoms.append(Self.scriptGroup(right)) }
            return (MathList(atoms), true)
        case "=":
            return (MathList([MathAtom(.underOver(MathAtom.UnderOver(base: MathList(), over: "=")), class: .relation)]), false)
        case "|":
            return (MathList([MathAtom(.symbol("‖"), class: .ordinary)]), true)
        case ".":
            return (MathList(), true)
        default:
            throw FatalProblem(range: token.range, message: "'@\(token.text)' is not an arrow of a 'CD' diagram; use '@>>>', '@<<<', '@VVV', '@AAA', '@=', '@|' or '@.'")
        }
    }

    /// An arrow's label: what comes before the next `>` (or `<`, `V`, `A`) outside braces.
    private mutating func readDiagramLabel(until end: Unicode.Scalar, opening: MathToken) throws(FatalProblem) -> MathList {
        let saved = diagramLabelEnd
        diagramLabelEnd = end
        defer { diagramLabelEnd = saved }
        let label = try parseList(ending: .diagramLabel)
        guard try input.next()?.isCharacter(end) == true else {
            throw FatalProblem(range: opening.range, message: "'@\(opening.text)' needs a third '\(end)', as in '@\(end)\(end)\(end)'")
        }
        return label
    }

    /// A row without the empty cell after its last arrow.
    private static func trimmed(_ cells: [MathList]) -> [MathList] {
        cells.count > 1 && cells.last?.atoms.isEmpty == true ? Array(cells.dropLast()) : cells
    }

    /// A label beside a vertical arrow, in script style.
    private static func scriptGroup(_ label: MathList) -> MathAtom {
        MathAtom(.group(MathList([MathAtom(.style(.script), class: .ordinary)] + label.atoms)), class: .ordinary)
    }
}
