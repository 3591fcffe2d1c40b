/// `\begin{…}…\end{…}`: arrays of cells separated by `&` and `\\`, and `\substack`.
extension MathParser {
    /// The rows an environment or `\substack` read, with their rules, gaps and tags.
    struct Rows {
        var cells: [[MathList]] = []
        var horizontalRules: Set<Int> = []
        var gaps: [Int: Double] = [:]
        var tags: [EquationTag?] = []
    }

    mutating func parseEnvironment(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        let name = try readTextArgument(for: token)
        if name == "CD" { return try parseCommutativeDiagram(token) }
        guard var environment = MathEnvironment.named(name) else {
            let hint = CommandSuggestion.closest(to: name, among: MathEnvironment.names).map { "; did you mean '\($0)'?" } ?? ""
            throw FatalProblem(range: token.range, message: "unknown environment '\(name)'\(hint)")
        }
        var verticalRules: Set<Int> = []
        switch environment.argument {
        case .none: break
        case .count: _ = try readTextArgument(for: token)
        case .columnSpec: (environment.columns, verticalRules) = Self.columns(try readTextArgument(for: token))
        case .optionalAlignment:
            let spec = try input.readRawOptional()?.map(\.text).joined() ?? "c"
            environment.columns = Self.columns(spec).alignments
        }
        // A display formula's body is read as rows (see `parseDisplayBody`), one level down.
        let isWholeFormula = depth == 2 && isDisplay
        if environment.isDisplayOnly, !isWholeFormula {
            problems.append(MathProblem(range: token.range, message: "'\(name)' must be the whole of a display formula; it is set without numbers here (use 'aligned' or 'gathered' inside a formula)"))
            environment.isNumbered = false
        }
        let numbersRows = environment.isDisplayOnly && isWholeFormula && environment.layout != .multline && name.hasPrefix("equation") == false
        let savedRow = row
        if numbersRows { row = RowTag() }
        var rows = try parseRows(opening: token, closing: .environment(name), numbered: numbersRows ? environment.isNumbered : nil)
        if numbersRows { row = savedRow }
        if name.hasPrefix("equation"), isWholeFormula {
            isNumberedEquation = environment.isNumbered
            if rows.cells.count == 1, rows.cells[0].count == 1 {
                isEquationEnvironment = true
                return MathAtom(.group(rows.cells[0][0]), class: .ordinary)
            }
            problems.append(MathProblem(range: token.range, message: "'&' and '\\\\' in '\(name)' need an environment such as 'aligned' or 'split' inside it"))
        }
        if environment.layout == .multline, environment.isDisplayOnly, let tag = row.tag(numbered: environment.isNumbered) {
            rows.tags = Array(repeating: nil, count: max(rows.cells.count - 1, 0)) + [tag]
            row = RowTag()
        }
        let array = MathArray(rows: rows.cells, columns: environment.columns, verticalRules: verticalRules,
                              horizontalRules: rows.horizontalRules, left: environment.left, right: environment.right,
                              layout: environment.layout, style: environment.style, rowGaps: rows.gaps,
                              tags: rows.tags.allSatisfy { $0 == nil } ? [] : rows.tags)
        let isFenced = environment.left != nil || environment.right != nil
        return MathAtom(.array(array), class: isFenced ? .inner : .ordinary)
    }

    /// `\substack{a\\b}`: centred rows in script style, for the limits of a sum.
    mutating func parseSubstack(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        try input.skipSpaces()
        guard let open = try input.next(), open.isCharacter("{") else {
            throw FatalProblem(range: token.range, message: "'\\substack' needs its rows in braces")
        }
        let rows = try parseRows(opening: open, closing: .brace, numbered: nil)
        let array = MathArray(rows: rows.cells, columns: [.center], style: .script, rowGaps: rows.gaps)
        return MathAtom(.array(array), class: .ordinary)
    }

    /// What ends a run of rows.
    enum RowsEnd: Equatable {
        /// `\end{name}`.
        case environment(String)
        /// `}`, for `\substack{…}`.
        case brace
        /// The end of the formula, for a display formula's lines.
        case formula

        /// How a message names it.
        var text: String {
            switch self {
            case let .environment(name): return "\\end{\(name)}"
            case .brace: return "}"
            case .formula: return "the end of the formula"
            }
        }
    }

    /// A display formula's body: when `\\` breaks it into lines, as KaTeX sets them, an array of
    /// them (gathered, or aligned at their `&`); otherwise its one list.
    mutating func parseDisplayBody() throws(FatalProblem) -> MathList {
        let start = MathToken(kind: .space, range: 0..<0)
        let rows = try parseRows(opening: start, closing: .formula, numbered: nil)
        guard rows.cells.count > 1 || rows.cells.first?.count ?? 0 > 1 else { return rows.cells.first?.first ?? MathList() }
        let isAligned = rows.cells.contains { $0.count > 1 }
        let array = MathArray(rows: rows.cells, columns: isAligned ? [.right, .left] : [.center], horizontalRules: rows.horizontalRules,
                              layout: isAligned ? .aligned : .gathered, style: .display, rowGaps: rows.gaps)
        return MathList([MathAtom(.array(array), class: .ordinary)])
    }

    /// Cells up to `closing`. `numbered` is nil when rows carry no tags, else whether a row
    /// without `\tag` or `\nonumber` gets a number.
    private mutating func parseRows(opening: MathToken, closing: RowsEnd, numbered: Bool?) throws(FatalProblem) -> Rows {
        try enter()
        defer { depth -= 1 }
        var rows = Rows()
        var current: [MathList] = []
        try readRules(into: &rows)
        while true {
            current.append(try parseList(ending: closing == .brace ? [.cell, .brace] : .cell))
            guard let token = try input.next() else {
                switch closing {
                case .formula: break
                case .brace: throw FatalProblem(range: opening.range, message: "'{' without its '}'")
                case let .environment(name): throw FatalProblem(range: opening.range, message: "'\\begin{\(name)}' without its '\\end{\(name)}'")
                }
                endLastRow(&current, into: &rows, numbered: numbered)
                return rows
            }
            switch token.kind {
            case .character("&"):
                continue
            case .command("\\"), .command("cr"):
                endRow(&current, into: &rows, numbered: numbered)
                if let star = try input.peek(), star.isCharacter("*") { _ = try input.next() }
                if let gap = try readRowGap(after: token) { rows.gaps[rows.cells.count - 1] = gap }
                try readRules(into: &rows)
            default:
                let name = token.isCommand("end") ? try readTextArgument(for: token) : nil
                guard name.map(RowsEnd.environment) ?? .brace == closing else {
                    if closing == .formula { throw FatalProblem(range: token.range, message: "'\\end' without its '\\begin'") }
                    let found = name.map { "'\\end{\($0)}'" } ?? "'}'"
                    throw FatalProblem(range: token.range, message: "\(found) where '\(closing.text)' was expected")
                }
                endLastRow(&current, into: &rows, numbered: numbered)
                return rows
            }
        }
    }

    /// Ends the last row, unless a `\\` before the end ended it already and it is empty.
    private mutating func endLastRow(_ current: inout [MathList], into rows: inout Rows, numbered: Bool?) {
        if current.count > 1 || current.first?.atoms.isEmpty == false || rows.cells.isEmpty {
            endRow(&current, into: &rows, numbered: numbered)
        }
    }

    private mutating func endRow(_ current: inout [MathList], into rows: inout Rows, numbered: Bool?) {
        rows.cells.append(current)
        current = []
        if let numbered {
            rows.tags.append(row.tag(numbered: numbered))
            row = RowTag()
        }
    }

    /// `\\[4pt]`: extra space below the row.
    private mutating func readRowGap(after token: MathToken) throws(FatalProblem) -> Double? {
        guard let open = try input.peek(), open.isCharacter("[") else { return nil }
        guard let tokens = try input.readRawOptional() else { return nil }
        let text = tokens.map(\.text).joined()
        guard let ems = MathDimension.ems(text) else {
            problems.append(MathProblem(range: open.range, message: "'\\\\[\(text)]' needs a length such as '4pt'"))
            return nil
        }
        return ems
    }

    /// `\hline` and `\hdashline` at a row's start: a rule above it.
    private mutating func readRules(into rows: inout Rows) throws(FatalProblem) {
        while let token = try input.peekNonSpace(), token.isCommand("hline") || token.isCommand("hdashline") {
            _ = try input.next()
            rows.horizontalRules.insert(rows.cells.count)
        }
    }

    /// `array`'s column spec: `l`, `c`, `r` (and `p{…}` as `l`), `|` for rules between.
    static func columns(_ spec: String) -> (alignments: [MathArray.ColumnAlignment], rules: Set<Int>) {
        var alignments: [MathArray.ColumnAlignment] = []
        var rules: Set<Int> = []
        var skippingBraces = 0
        for character in spec {
            if character == "{" { skippingBraces += 1 }
            if character == "}" { skippingBraces = max(skippingBraces - 1, 0) }
            guard skippingBraces == 0 else { continue }
            switch character {
            case "l", "p", "m", "b": alignments.append(.left)
            case "c": alignments.append(.center)
            case "r": alignments.append(.right)
            case "|", ":": rules.insert(alignments.count)
            default: break
            }
        }
        return (alignments.isEmpty ? [.center] : alignments, rules)
    }
}
