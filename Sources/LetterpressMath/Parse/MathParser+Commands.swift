import Foundation
import LetterpressCore

/// Commands: symbols, operators, fractions, radicals, fences, accents, fonts, spaces, colours.
extension MathParser {
    /// The atom a command makes, or nil for one that makes none (`\label`, `\nonumber`).
    ///
    /// Each family is read by a function of its own and this one only dispatches: the
    /// functions active while an argument is parsed are on the stack once per level of
    /// nesting, and a formula nested to `maxDepth` must fit a thread's stack.
    mutating func parseCommand(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch MathCommands.family(of: name) {
        case .symbol: return symbolAtom(name, token)
        case .operatorName, .space, .style: return simpleAtom(name, token)
        case .fraction: return try parseFraction(name, token)
        case .accent: return try parseAccent(name, token)
        case .brace: return try parseBrace(name, token)
        case .arrow: return try parseExtensibleArrow(name, token)
        case .font: return try parseFont(MathCommands.fonts[name], token)
        case .text: return try parseText(name, token)
        case .size: return try parseSized(name, token)
        case .atomClass: return try parseClassed(name, token)
        case .cancel, .phantom: return try parseCancelOrPhantom(name, token)
        case nil: return try parseStructural(name, token)
        }
    }

    /// Operator names, spaces and style changes: atoms without arguments.
    private func simpleAtom(_ name: String, _ token: MathToken) -> MathAtom? {
        if let operatorName = MathCommands.operatorNames[name] {
            return MathAtom(.symbol(operatorName.text), class: .largeOperator, limits: operatorName.limits, source: token.range)
        }
        if let ems = MathCommands.spaces[name] { return MathAtom(.space(ems: ems), class: .ordinary, source: token.range) }
        return MathCommands.styles[name].map { MathAtom(.style($0), class: .ordinary, source: token.range) }
    }

    private mutating func parseAccent(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        let base = try parseArgument(for: token)
        return MathCommands.accents[name].map { accent in
            MathAtom(.accent(MathAtom.Accent(base: base, mark: accent.mark, isWide: accent.isWide, isBelow: accent.isBelow)), class: .ordinary)
        }
    }

    private mutating func parseBrace(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        let base = try parseArgument(for: token)
        return MathCommands.braces[name].map { brace in
            MathAtom(.underOver(MathAtom.UnderOver(base: base, over: brace.isOver ? brace.mark : nil, under: brace.isOver ? nil : brace.mark)),
                     class: .ordinary)
        }
    }

    private mutating func parseText(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        MathAtom(.text(try parseTextArgument(MathCommands.texts[name] ?? .normal, for: token)), class: .ordinary)
    }

    private mutating func parseSized(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        guard let size = MathCommands.sizes[name], let delimiter = try readDelimiter(after: token) else {
            return MathAtom(.group(MathList()), class: .ordinary)
        }
        return MathAtom(.sizedDelimiter(delimiter, level: size.level), class: size.atomClass)
    }

    private mutating func parseCancelOrPhantom(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        let list = try parseArgument(for: token)
        if let cancel = MathCommands.cancels[name] { return MathAtom(.cancelled(list, cancel), class: .ordinary) }
        return MathCommands.phantoms[name].map { MathAtom(.phantom(list, $0), class: .ordinary) }
    }

    /// A symbol command's atom, its letters in the current variant.
    private func symbolAtom(_ name: String, _ token: MathToken) -> MathAtom? {
        guard let symbol = MathSymbols.symbol(for: name) else { return nil }
        var text = symbol.text
        if symbol.atomClass == .ordinary {
            let scalars = symbol.text.unicodeScalars
            text = scalars.count == 1 ? MathAlphabet.map(scalars.first!, variant) : scalars.map { MathAlphabet.map($0, variant) }.joined()
        }
        let limits: LimitsPlacement = MathSymbols.sideScripted.contains(name) ? .noLimits : .automatic
        return MathAtom(.symbol(text), class: symbol.atomClass, limits: limits, source: token.range)
    }

    // MARK: - The rest, by name

    private mutating func parseStructural(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch name {
        case "sqrt": return try parseRadical(token)
        case "left": return try parseFenced(token)
        case "not": return try parseNot(token)
        case "operatorname": return try parseOperatorName(token)
        case "overline", "underline", "smash", "mathrlap", "mathllap", "mathclap": return try parseLine(name, token)
        case "rlap", "llap", "clap": return MathAtom(.text(try parseTextArgument(.normal, for: token)), class: .ordinary)
        case "overset", "underset", "stackrel": return try parseOverUnderSet(name, token)
        case "color", "textcolor": return try parseTextColor(token)
        case "colorbox", "fcolorbox", "boxed", "fbox": return try parseBox(name, token)
        case "bmod", "mathstrut", "strut": return bareAtom(name, token)
        case "pmod", "mod", "pod": return try parseModulo(name, token)
        case "hspace", "hskip", "kern", "mkern", "mskip": return try parseSpace(name, token)
        case "ref", "eqref": return try parseReference(name, token)
        case "label", "tag", "nonumber", "notag": return try readTagCommand(name, token)
        case "begin": return try parseEnvironment(token)
        case "substack": return try parseSubstack(token)
        case "dots": return try parseDots(token)
        case "mathnormal": return try parseFont(nil, token)
        case "relax", "nobreak", "allowbreak": return nil
        case _ where Self.notationCommands.contains(name): return try parseNotation(name, token)
        default: return try misplaced(name, token)
        }
    }

    /// `\overline`, `\underline`; `\smash` and the laps (`\mathclap{…}` under a `\sum`) are set as
    /// their content, since a list has no way to hide a box's height or width.
    private mutating func parseLine(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        if name == "smash" { _ = try input.readRawOptional() }
        let list = try parseArgument(for: token)
        switch name {
        case "overline": return MathAtom(.overline(list), class: .ordinary)
        case "underline": return MathAtom(.underline(list), class: .ordinary)
        default: return MathAtom(.group(list), class: .ordinary)
        }
    }

    /// `\bmod` and the struts: atoms without arguments.
    private func bareAtom(_ name: String, _ token: MathToken) -> MathAtom {
        guard name == "bmod" else {
            return MathAtom(.phantom(MathList([MathAtom(.symbol("("), class: .opening)]), .height), class: .ordinary, source: token.range)
        }
        return MathAtom(.symbol("mod"), class: .binary, source: token.range)
    }

    private mutating func parseReference(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let label = try readTextArgument(for: token)
        references.append(label)
        return MathAtom(.reference(label: label, parenthesized: name == "eqref"), class: .ordinary, source: token.range)
    }

    /// Commands out of their place, font switches read as an argument, and unknown commands.
    private mutating func misplaced(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch name {
        case "\\", "cr", "hline", "hdashline":
            problems.append(MathProblem(range: token.range, message: "'\(token.text)' outside an environment is ignored; use one such as 'gathered' for several lines"))
            return nil
        case "right", "middle", "end":
            throw FatalProblem(range: token.range, message: "'\(token.text)' without its '\(name == "end" ? "\\begin" : "\\left")'")
        case _ where MathCommands.infixFractions[name] != nil || name == "limits" || name == "nolimits" || name == "displaylimits":
            return error(token, "'\(token.text)' has nothing before it here")
        case _ where MathCommands.fontSwitches[name] != nil:
            variant = MathCommands.fontSwitches[name]
            return nil
        default:
            return unknownCommand(name, token)
        }
    }

    // MARK: - Fractions, radicals, fences

    private mutating func parseFraction(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        guard var fraction = MathCommands.fractions[name] else { return nil }
        if fraction.isContinued { _ = try input.readRawOptional() }
        fraction.numerator = try parseArgument(for: token)
        fraction.denominator = try parseArgument(for: token)
        return MathAtom(.fraction(fraction), class: .inner)
    }

    private mutating func parseRadical(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        var degree: MathList?
        if let open = try input.peekNonSpace(), open.isCharacter("[") {
            _ = try input.next()
            degree = try parseBracketed(openedAt: open)
        }
        return MathAtom(.radical(radicand: try parseArgument(for: token), degree: degree), class: .ordinary)
    }

    /// The list up to the `]` that closes a `[` already read.
    mutating func parseBracketed(openedAt open: MathToken) throws(FatalProblem) -> MathList {
        let list = try parseList(ending: .bracket)
        guard try input.next()?.isCharacter("]") == true else {
            throw FatalProblem(range: open.range, message: "'[' without its ']'")
        }
        return list
    }

    private mutating func parseFenced(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        let left = try readDelimiter(after: token)
        var parts: [MathList] = []
        var middles: [String?] = []
        while true {
            parts.append(try parseList(ending: .fence))
            guard let end = try input.next() else {
                throw FatalProblem(range: token.range, message: "'\\left' without its '\\right'")
            }
            if end.isCommand("middle") {
                middles.append(try readDelimiter(after: end))
                continue
            }
            guard end.isCommand("right") else {
                throw FatalProblem(range: end.range, message: "'\(end.text)' before the '\\right' of this '\\left'")
            }
            let right = try readDelimiter(after: end)
            return MathAtom(.fenced(MathAtom.Fenced(left: left, parts: parts, middles: middles, right: right)), class: .inner)
        }
    }

    /// The delimiter after `\left`, `\right`, `\middle` or `\big`: nil for `.`, none.
    mutating func readDelimiter(after command: MathToken) throws(FatalProblem) -> String? {
        try input.skipSpaces()
        guard let token = try input.next() else {
            throw FatalProblem(range: command.range, message: "'\(command.text)' needs a delimiter such as '(' after it")
        }
        switch token.kind {
        case .character("."): return nil
        case .character("<"): return "⟨"
        case .character(">"): return "⟩"
        case let .character(scalar) where "()[]|/⟨⟩‖⌈⌉⌊⌋⟮⟯⎰⎱↑↓↕⇑⇓⇕∣∥⟦⟧".unicodeScalars.contains(scalar):
            return String(scalar)
        case let .command(name):
            if let text = MathSymbols.openings[name] ?? MathSymbols.closings[name] ?? Self.delimiterCommands[name] { return text }
        default:
            break
        }
        throw FatalProblem(range: token.range, message: "'\(token.text)' is not a delimiter '\(command.text)' can take; use one such as '(', '\\{', '|' or '.'")
    }

    private static let delimiterCommands: [String: String] = [
        "|": "‖", "vert": "|", "Vert": "‖", "backslash": "\\", "uparrow": "↑", "downarrow": "↓", "updownarrow": "↕",
        "Uparrow": "⇑", "Downarrow": "⇓", "Updownarrow": "⇕", "mid": "∣",
    ]

    // MARK: - Relations, operators, over and under

    /// `\not=` is `≠` where Unicode has the negated character, a slash over the atom otherwise.
    private mutating func parseNot(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        try enter()
        defer { depth -= 1 }
        guard let atom = try parseNucleus() else { return error(token, "'\\not' needs a relation after it") }
        if case let .symbol(text) = atom.nucleus, let negated = MathSymbols.negations[text] {
            return MathAtom(.symbol(negated), class: .relation)
        }
        return MathAtom(.negated(MathList([atom])), class: atom.atomClass)
    }

    /// `\operatorname{…}` as one upright symbol when it is only letters, with scripts beside it;
    /// `\operatorname*` with limits, as `\lim`.
    private mutating func parseOperatorName(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        var isStarred = false
        if let star = try input.peek(), star.isCharacter("*") {
            _ = try input.next()
            isStarred = true
        }
        let saved = variant
        variant = .normal
        let list = try parseArgument(for: token)
        variant = saved
        let limits: LimitsPlacement = isStarred ? .automatic : .noLimits
        var text = ""
        for atom in list.atoms {
            guard case let .symbol(symbol) = atom.nucleus, atom.subscript == nil, atom.superscript == nil else {
                return MathAtom(.group(list), class: .largeOperator, limits: limits)
            }
            text += symbol == "\u{2212}" ? "-" : symbol == "\u{2217}" ? "*" : symbol
        }
        return MathAtom(.symbol(text), class: .largeOperator, limits: limits)
    }

    private mutating func parseOverUnderSet(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let label = try parseArgument(for: token)
        let base = try parseArgument(for: token)
        let underOver = name == "underset" ? MathAtom.UnderOver(base: base, underLabel: label) : MathAtom.UnderOver(base: base, overLabel: label)
        // `\overset{def}{=}` is still a relation; `\stackrel` always is one.
        let atomClass = name == "stackrel" ? .relation : base.atoms.count == 1 ? base.atoms[0].atomClass : .ordinary
        return MathAtom(.underOver(underOver), class: atomClass)
    }

    /// `\xrightarrow[below]{above}`: an arrow under and over its labels, with nothing as base.
    private mutating func parseExtensibleArrow(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let arrow = MathCommands.extensibleArrows[name] ?? "→"
        var below: MathList?
        if let open = try input.peekNonSpace(), open.isCharacter("[") {
            _ = try input.next()
            below = try parseBracketed(openedAt: open)
        }
        let above = try parseArgument(for: token)
        let underOver = MathAtom.UnderOver(base: MathList(), over: arrow, overLabel: above.atoms.isEmpty ? nil : above, underLabel: below)
        return MathAtom(.underOver(underOver), class: .relation)
    }

    /// `\mathop{…}` and its relatives: one atom takes the class, anything else is a group in it.
    private mutating func parseClassed(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let atomClass = MathCommands.classes[name] ?? .ordinary
        let list = try parseArgument(for: token)
        if list.atoms.count == 1, var atom = list.atoms.first, atom.subscript == nil, atom.superscript == nil {
            atom.atomClass = atomClass
            return atom
        }
        return MathAtom(.group(list), class: atomClass)
    }

    /// `\mathbf{…}` and its relatives (nil: `\mathnormal`); one atom comes out as itself, so
    /// `\mathbb{R}^n` scripts the letter.
    private mutating func parseFont(_ font: MathVariant?, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let saved = variant
        variant = font
        let list = try parseArgument(for: token)
        variant = saved
        if list.atoms.count == 1, let atom = list.atoms.first { return atom }
        return MathAtom(.group(list), class: .ordinary)
    }

    // MARK: - Colour and boxes

    /// `\color{c}` read as a command's argument, or `\textcolor{c}{…}`: each atom in the colour.
    private mutating func parseTextColor(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        let color = try readColor(for: token)
        let list = try parseArgument(for: token)
        let atoms = color.map { ListBuilder.colored(list.atoms, switches: [(0, $0)]) } ?? list.atoms
        if atoms.count == 1, let atom = atoms.first { return atom }
        return MathAtom(.group(MathList(atoms)), class: .ordinary)
    }

    /// A colour argument: a name, `#rrggbb`, or xcolor's `[rgb]{1,0,0}`, `[RGB]{255,0,0}`,
    /// `[HTML]{FF0000}`, `[gray]{0.5}`; nil, with a problem, for one that cannot be read.
    mutating func readColor(for token: MathToken) throws(FatalProblem) -> Color? {
        let model = try input.readRawOptional()?.map(\.text).joined()
        let text = try readTextArgument(for: token)
        if let color = Self.color(text, model: model) { return color }
        problems.append(MathProblem(range: token.range, message: "'\(token.text)': unknown colour '\(text)'"))
        return nil
    }

    private static func color(_ text: String, model: String?) -> Color? {
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            .filter(\.isFinite).map { min(max($0, 0), 255) }
        switch model {
        case nil: return Color(parsing: text)
        case "HTML": return Color(parsing: "#" + text)
        case "rgb" where numbers.count == 3:
            return Color(red: min(numbers[0], 1), green: min(numbers[1], 1), blue: min(numbers[2], 1))
        case "RGB" where numbers.count == 3:
            return Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255)
        case "gray" where numbers.count == 1:
            return Color(red: min(numbers[0], 1), green: min(numbers[0], 1), blue: min(numbers[0], 1))
        default: return nil
        }
    }

    /// `\boxed` (math), `\fbox` (text), `\colorbox{c}{text}` (a frame: the background colour is not
    /// drawn, so the text stays readable) and `\fcolorbox{frame}{background}{text}`.
    private mutating func parseBox(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let frame = name == "fcolorbox" ? try readColor(for: token) : nil
        if name == "colorbox" || name == "fcolorbox" { _ = try readColor(for: token) }
        let content = name == "boxed" ? try parseArgument(for: token)
            : MathList([MathAtom(.text(try parseTextArgument(.normal, for: token)), class: .ordinary)])
        let boxed = MathAtom(.boxed(content), class: .ordinary)
        return frame.map { ListBuilder.wrapped(boxed, in: $0) } ?? boxed
    }

    // MARK: - Spaces, modulo, dots

    /// `\hspace{1em}`, `\kern3pt`, `\mkern6mu`, `\mskip 6mu`, `\hskip 1em`.
    private mutating func parseSpace(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        if name == "hspace", let star = try input.peek(), star.isCharacter("*") { _ = try input.next() }
        let text = try name == "hspace" ? readTextArgument(for: token) : readInlineDimension()
        guard let ems = MathDimension.ems(text) else {
            problems.append(MathProblem(range: token.range, message: "'\(token.text)' needs a length such as '1em', '3pt' or '6mu', not '\(text)'"))
            return nil
        }
        return MathAtom(.space(ems: ems), class: .ordinary, source: token.range)
    }

    /// A length written straight after `\kern`: a signed number and a two-letter unit.
    mutating func readInlineDimension() throws(FatalProblem) -> String {
        try input.skipSpaces()
        if let open = try input.peek(), open.isCharacter("{") {
            _ = try input.next()
            return try input.readRawGroup(openedAt: open).map(\.text).joined()
        }
        var text = ""
        var unitLetters = 0
        while unitLetters < 2, let token = try input.next() {
            guard case let .character(scalar) = token.kind else {
                if token.kind == .space, unitLetters == 0 { continue }
                input.push(token)
                break
            }
            if MathTokenizer.isLetter(scalar) {
                unitLetters += 1
            } else if unitLetters > 0 || !"+-.,0123456789".unicodeScalars.contains(scalar) {
                input.push(token)
                break
            }
            text.unicodeScalars.append(scalar == "," ? "." : scalar)
        }
        return text
    }

    /// `\pmod{n}` is `(mod n)` after a space, `\mod{n}` `mod n`, `\pod{n}` `(n)`: amsmath's spaces.
    private mutating func parseModulo(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let argument = MathAtom(.group(try parseArgument(for: token)), class: .ordinary)
        let mod = MathAtom(.symbol("mod"), class: .ordinary)
        let gap = MathAtom(.space(ems: 6 / 18), class: .ordinary)
        var atoms = [MathAtom(.space(ems: isDisplay ? 1 : (name == "mod" ? 12 / 18 : 8 / 18)), class: .ordinary)]
        switch name {
        case "pmod": atoms += [MathAtom(.symbol("("), class: .opening), mod, gap, argument, MathAtom(.symbol(")"), class: .closing)]
        case "mod": atoms += [mod, gap, argument]
        default: atoms += [MathAtom(.symbol("("), class: .opening), argument, MathAtom(.symbol(")"), class: .closing)]
        }
        return MathAtom(.group(MathList(atoms)), class: .ordinary, source: token.range)
    }

    /// `\dots` as amsmath chooses: `⋯` before a binary operator or relation, `…` otherwise.
    private mutating func parseDots(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        var centered = false
        if let next = try input.peekNonSpace() {
            switch next.kind {
            case let .character(scalar): centered = [.binary, .relation].contains(MathSymbols.atomClass(of: scalar))
            case let .command(name): centered = [.binary, .relation].contains(MathSymbols.symbol(for: name)?.atomClass)
            default: break
            }
        }
        return MathAtom(.symbol(centered ? "⋯" : "…"), class: .inner, source: token.range)
    }

    // MARK: - Tags

    /// `\label{…}`, `\tag{…}`, `\tag*{…}`, `\nonumber` and `\notag`, for the equation or row being read.
    private mutating func readTagCommand(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch name {
        case "label":
            let label = try readTextArgument(for: token)
            labels.append(label)
            if row.label != nil {
                problems.append(MathProblem(range: token.range, message: "a second '\\label' in one equation: '\(label)' is ignored"))
            } else {
                row.label = label
            }
        case "tag":
            var isStarred = false
            if let star = try input.peek(), star.isCharacter("*") {
                _ = try input.next()
                isStarred = true
            }
            let pieces = try parseTextArgument(.normal, for: token)
            if !isDisplay {
                problems.append(MathProblem(range: token.range, message: "'\\tag' works only in display math"))
            } else if row.text != nil {
                problems.append(MathProblem(range: token.range, message: "a second '\\tag' in one equation is ignored"))
            } else {
                row.text = PlainTextWriter.text(of: MathList([MathAtom(.text(pieces), class: .ordinary)]))
                row.isStarred = isStarred
            }
        default:
            row.hasNoNumber = true
        }
        return nil
    }
}
