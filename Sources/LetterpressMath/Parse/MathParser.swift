import Foundation
import LetterpressCore

/// Reads a formula's tokens into a math list, by recursive descent over TeX's grammar of
/// math mode (TeXbook, chapters 17 and 26), with KaTeX's set of commands and environments.
///
/// What cannot be read on (an unbalanced brace, a missing argument, `\left` without `\right`)
/// throws a `FatalProblem`; what can be set around (an unknown command, a double superscript)
/// becomes an error atom and a problem, and parsing goes on.
///
/// The parser applies TeX's rules 5 and 6 of Appendix G itself: a binary operator at the start
/// of a list, or after a large operator, relation, opening, punctuation or another binary
/// operator, and one before a relation, closing or punctuation or at the end, is made
/// ordinary. The layout can space atoms by their class as it finds them. Spaces and style
/// changes (`.space`, `.style`, of class ordinary) are not atoms for these rules.
struct MathParser {
    /// How deeply groups, arguments and environments may nest: TeX itself allows 255 levels of
    /// grouping, a formula written by hand rarely goes past ten. A level costs at most 16 KB
    /// of stack in a debug build (`\sqrt{`, `\left(`), so a formula stays under 2 MB.
    static let maxDepth = 100

    var input: MacroExpander
    let isDisplay: Bool
    var problems: [MathProblem] = []
    var labels: [String] = []
    var references: [String] = []
    /// What `\tag`, `\label` and `\nonumber` said in the equation or row being read.
    var row = RowTag()
    /// Set when the formula is a numbered environment (`equation`), whose tag it takes.
    var isNumberedEquation = false
    /// Set when the formula is one `equation` or `equation*` environment, whose content is its body.
    var isEquationEnvironment = false
    /// The variant letters take: set by `\mathbf{…}` and the `\bf` switches; nil is TeX's default.
    var variant: MathVariant?
    var depth = 0
    /// The character that ends the `CD` arrow label being read: `>` in `@>label>>`.
    var diagramLabelEnd: Unicode.Scalar?
    /// Problems already reported for unknown commands, so a name misspelt often is weighed once.
    private var suggestions: [String: String?] = [:]

    init(source: String, display: Bool, macros: MathMacros) {
        input = MacroExpander(tokens: MathTokenizer.tokens(in: source), macros: macros) { MathCommands.all.contains($0) }
        isDisplay = display
    }

    // MARK: - Lists

    /// What ends the list being read; the token that ends it is left on the stream.
    struct Ends: OptionSet {
        let rawValue: Int
        /// `}`
        static let brace = Ends(rawValue: 1)
        /// `]`, for `\sqrt[…]`.
        static let bracket = Ends(rawValue: 2)
        /// `&`, `\\`, `\cr` and `\end`, in an environment.
        static let cell = Ends(rawValue: 4)
        /// `\middle` and `\right`.
        static let fence = Ends(rawValue: 8)
        /// `$`, in `\text{…$…$…}`.
        static let dollar = Ends(rawValue: 16)
        /// `@`, before an arrow of a `CD` diagram.
        static let diagramArrow = Ends(rawValue: 32)
        /// `diagramLabelEnd`, after an arrow's label in a `CD` diagram (`@>label>>`).
        static let diagramLabel = Ends(rawValue: 64)
    }

    /// Reads atoms until a token in `ends`, or the end of the formula.
    mutating func parseList(ending ends: Ends) throws(FatalProblem) -> MathList {
        try enter()
        defer { depth -= 1 }
        let savedVariant = variant
        defer { variant = savedVariant }
        var list = ListBuilder()
        while let token = try input.peekNonSpace(), try !endsList(token, ends) {
            if try readSwitch(token, into: &list) { continue }
            if let atom = try parseAtomWithScripts() { list.atoms.append(atom) }
        }
        return list.finished()
    }

    /// `\over` and its relatives, font switches and `\color`, which act on the rest of the list;
    /// false for any other token, left on the stream.
    private mutating func readSwitch(_ token: MathToken, into list: inout ListBuilder) throws(FatalProblem) -> Bool {
        guard case let .command(name) = token.kind else { return false }
        if let fraction = MathCommands.infixFractions[name] {
            _ = try input.next()
            if list.infix != nil {
                problems.append(MathProblem(range: token.range, message: "'\(token.text)' twice in one group; put braces around one of the fractions"))
            }
            var fraction = fraction
            if name == "above" { fraction.hasRule = MathDimension.ems(try readInlineDimension()) != 0 }
            list.infix = (fraction, list.atoms.count, token.range)
        } else if let switched = MathCommands.fontSwitches[name] {
            _ = try input.next()
            variant = switched
        } else if name == "color" {
            _ = try input.next()
            list.colors.append((list.atoms.count, try readColor(for: token)))
        } else {
            return false
        }
        return true
    }

    /// Whether `token` ends the list; throws for a closing token nothing opened.
    private mutating func endsList(_ token: MathToken, _ ends: Ends) throws(FatalProblem) -> Bool {
        switch token.kind {
        case .character("}"):
            if ends.contains(.brace) { return true }
            throw FatalProblem(range: token.range, message: "'}' without its '{'")
        case .character("]"):
            return ends.contains(.bracket)
        case .character("$"):
            return ends.contains(.dollar)
        case .character("@") where ends.contains(.diagramArrow):
            return true
        case let .character(scalar) where ends.contains(.diagramLabel) && scalar == diagramLabelEnd:
            return true
        case .character("&"), .command("\\"), .command("cr"):
            return ends.contains(.cell)
        case .command("end"):
            if ends.contains(.cell) { return true }
            throw FatalProblem(range: token.range, message: "'\\end' without its '\\begin'")
        case .command("right"), .command("middle"):
            if ends.contains(.fence) { return true }
            throw FatalProblem(range: token.range, message: "'\(token.text)' without its '\\left'")
        default:
            return false
        }
    }

    /// Counts one more level of nesting, failing past `maxDepth`.
    mutating func enter() throws(FatalProblem) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw FatalProblem(range: input.lastEnd..<input.lastEnd, message: "the formula nests more than \(Self.maxDepth) groups deep")
        }
    }

    /// The group whose `{` has just been read, up to its `}`.
    mutating func parseGroup(openedAt open: MathToken) throws(FatalProblem) -> MathList {
        let list = try parseList(ending: .brace)
        guard try input.next()?.isCharacter("}") == true else {
            throw FatalProblem(range: open.range, message: "'{' without its '}'")
        }
        return list
    }

    /// A command's argument: a group in braces, or one atom without scripts.
    mutating func parseArgument(for command: MathToken) throws(FatalProblem) -> MathList {
        try input.skipSpaces()
        guard let token = try input.next() else {
            throw FatalProblem(range: command.range, message: "'\(command.text)' needs an argument here")
        }
        if token.isCharacter("{") { return try parseGroup(openedAt: token) }
        if token.isCharacter("}") || token.isCharacter("&") || token.isCharacter("^") || token.isCharacter("_") {
            throw FatalProblem(range: command.range, message: "'\(command.text)' needs an argument here, not '\(token.text)'")
        }
        input.push(token)
        try enter()
        defer { depth -= 1 }
        return MathList(try parseNucleus().map { [$0] } ?? [])
    }

    /// An argument read as its source text (a label, a colour, a length), without expanding it.
    mutating func readTextArgument(for command: MathToken) throws(FatalProblem) -> String {
        try input.readRawArgument(for: command).map(\.text).joined().trimmingCharacters(in: .whitespaces)
    }

    // MARK: - Atoms

    /// A nucleus and the scripts, primes and `\limits` after it; nil for commands that make no
    /// atom (`\label`, `\nonumber`).
    mutating func parseAtomWithScripts() throws(FatalProblem) -> MathAtom? {
        let start = try input.peekNonSpace()?.range.lowerBound ?? input.lastEnd
        guard var atom = try parseNucleus() else { return nil }
        try parseScripts(into: &atom)
        atom.source = start..<max(start, input.lastEnd)
        return atom
    }

    /// One nucleus, without scripts.
    mutating func parseNucleus() throws(FatalProblem) -> MathAtom? {
        try input.skipSpaces()
        guard let token = try input.next() else { return nil }
        switch token.kind {
        case let .character(scalar): return try parseCharacter(scalar, token)
        case let .command(name): return try parseCommand(name, token)
        case .parameter:
            return error(token, "'\(token.text)' outside a macro's definition")
        case let .verbatim(text):
            return MathAtom(.text([.text(text, .monospace)]), class: .ordinary, source: token.range)
        case .space: return nil
        }
    }

    mutating func parseCharacter(_ scalar: Unicode.Scalar, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch scalar {
        case "{":
            return MathAtom(.group(try parseGroup(openedAt: token)), class: .ordinary, source: token.range)
        case "^", "_", "'":
            // A script with nothing before it: TeX gives it an empty nucleus.
            input.push(token)
            return MathAtom(.group(MathList()), class: .ordinary, source: token.range.lowerBound..<token.range.lowerBound)
        case "~":
            return MathAtom(.space(ems: 1 / 3), class: .ordinary, source: token.range)
        case "&":
            return error(token, "'&' outside an environment; use one such as 'aligned' or 'matrix', or write '\\&'")
        case "$":
            return error(token, "'$' inside a formula; write '\\$' for a dollar sign")
        case "#":
            return error(token, "'#' outside a macro's definition; write '\\#' for the sign")
        case "}":
            throw FatalProblem(range: token.range, message: "'}' without its '{'")
        default:
            return characterAtom(scalar, token)
        }
    }

    /// A letter, digit or symbol typed in the formula, in the current variant and its class.
    /// Letters of other scripts (`$x_{最大}$`, Cyrillic) are text, which the math font lacks.
    private func characterAtom(_ scalar: Unicode.Scalar, _ token: MathToken) -> MathAtom {
        if Self.isTextLetter(scalar) {
            return MathAtom(.text([.text(String(scalar), .normal)]), class: .ordinary, source: token.range)
        }
        let text = MathAlphabet.map(MathSymbols.mathCharacter(for: scalar), variant)
        let limits: LimitsPlacement = Self.isIntegral(scalar) ? .noLimits : .automatic
        return MathAtom(.symbol(text), class: MathSymbols.atomClass(of: scalar), limits: limits, source: token.range)
    }

    /// The integrals typed as characters, whose scripts stay beside them as `\int`'s do.
    private static func isIntegral(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "∫", "∬", "∭", "⨌", "∮", "∯", "∰": return true
        default: return false
        }
    }

    /// Whether `scalar` is a letter outside Latin, Greek and the letterlike and mathematical blocks.
    private static func isTextLetter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x400, scalar.properties.isAlphabetic else { return false }
        return !(0x2100...0x214F).contains(scalar.value) && !(0x1D400...0x1D7FF).contains(scalar.value)
    }

    /// An error atom for `token`, with a problem that does not stop the parse.
    mutating func error(_ token: MathToken, _ message: String) -> MathAtom {
        problems.append(MathProblem(range: token.range, message: message))
        return MathAtom(.error(token.text), class: .ordinary, source: token.range)
    }

    /// The error atom for a command nobody defined, with the closest supported one.
    mutating func unknownCommand(_ name: String, _ token: MathToken) -> MathAtom {
        let suggestion: String?
        if let known = suggestions[name] {
            suggestion = known
        } else {
            // Weighing every candidate is a few thousand comparisons; a formula of many
            // different misspellings is weighed only for its first ones.
            suggestion = suggestions.count < 20 ? closestCommand(to: name) : nil
            suggestions[name] = suggestion
        }
        let hint = suggestion.map { "; did you mean '\\\($0)'?" } ?? ""
        return error(token, name.isEmpty ? "a lone '\\' at the end of the formula" : "unknown command '\\\(name)'\(hint)")
    }

    /// The supported command or macro closest to `name`.
    private func closestCommand(to name: String) -> String? {
        let candidates = [CommandSuggestion.commands.closest(to: name), CommandSuggestion.closest(to: name, among: input.macros.names)]
            .compactMap { $0 }
        return CommandSuggestion.closest(to: name, among: candidates)
    }

    // MARK: - Scripts

    /// Attaches `^`, `_`, primes and `\limits` that follow an atom.
    private mutating func parseScripts(into atom: inout MathAtom) throws(FatalProblem) {
        var superscriptIsPrimes = false
        while let token = try input.peekNonSpace() {
            switch token.kind {
            case .character("^"): try attachSuperscript(token, to: &atom, replacingPrimes: &superscriptIsPrimes)
            case .character("_"): try attachSubscript(token, to: &atom)
            case .character("'"): try attachPrimes(token, to: &atom, replacingPrimes: &superscriptIsPrimes)
            case .command("limits"), .command("nolimits"), .command("displaylimits"): try setLimits(token, of: &atom)
            default:
                moveLabels(of: &atom)
                return
            }
        }
        moveLabels(of: &atom)
    }

    private mutating func attachSuperscript(_ token: MathToken, to atom: inout MathAtom, replacingPrimes isPrimes: inout Bool) throws(FatalProblem) {
        _ = try input.next()
        let script = try parseArgument(for: token)
        guard atom.superscript == nil || isPrimes else {
            problems.append(MathProblem(range: token.range, message: "double superscript: write 'x^{ab}' or '{x^a}^b'"))
            return
        }
        atom.superscript = MathList((atom.superscript?.atoms ?? []) + script.atoms)
        isPrimes = false
    }

    private mutating func attachSubscript(_ token: MathToken, to atom: inout MathAtom) throws(FatalProblem) {
        _ = try input.next()
        let script = try parseArgument(for: token)
        guard atom.subscript == nil else {
            problems.append(MathProblem(range: token.range, message: "double subscript: write 'x_{ab}' or '{x_a}_b'"))
            return
        }
        atom.subscript = script
    }

    private mutating func attachPrimes(_ token: MathToken, to atom: inout MathAtom, replacingPrimes isPrimes: inout Bool) throws(FatalProblem) {
        let primes = try readPrimes()
        guard atom.superscript == nil || isPrimes else {
            problems.append(MathProblem(range: token.range, message: "a prime after a superscript: write 'x'^2' instead"))
            return
        }
        atom.superscript = MathList((atom.superscript?.atoms ?? []) + [primes])
        isPrimes = true
    }

    private mutating func setLimits(_ token: MathToken, of atom: inout MathAtom) throws(FatalProblem) {
        _ = try input.next()
        guard atom.atomClass == .largeOperator else {
            problems.append(MathProblem(range: token.range, message: "'\(token.text)' may only follow an operator such as '\\sum'"))
            return
        }
        atom.limits = token.isCommand("limits") ? .limits : token.isCommand("nolimits") ? .noLimits : .automatic
    }

    /// `'`, `''`, `'''`: one prime character for each run, as TeX's `\prime`s.
    private mutating func readPrimes() throws(FatalProblem) -> MathAtom {
        var count = 0
        var range = input.lastEnd..<input.lastEnd
        while let token = try input.peek(), token.isCharacter("'") {
            _ = try input.next()
            count += 1
            range = (count == 1 ? token.range.lowerBound : range.lowerBound)..<token.range.upperBound
        }
        let primes = ["′", "″", "‴", "⁗"]
        let text = count <= primes.count ? primes[max(count, 1) - 1] : String(repeating: "′", count: count)
        return MathAtom(.symbol(text), class: .ordinary, source: range)
    }

    /// `\overbrace{…}^{label}`: the script is the brace's label, set beyond it.
    private func moveLabels(of atom: inout MathAtom) {
        guard case var .underOver(underOver) = atom.nucleus else { return }
        if underOver.over != nil, underOver.overLabel == nil, let superscript = atom.superscript {
            underOver.overLabel = superscript
            atom.superscript = nil
        }
        if underOver.under != nil, underOver.underLabel == nil, let lower = atom.subscript {
            underOver.underLabel = lower
            atom.subscript = nil
        }
        atom.nucleus = .underOver(underOver)
    }
}
