/// Commands KaTeX and MathJax accept that notes use and TeX's core lacks: Dirac's brackets,
/// circled letters, the TeX logos, characters by code point, links, `\genfrac`, `\sideset`,
/// `\raisebox`. Each is set with the nuclei the layout already knows.
extension MathParser {
    /// The atom of one of `notationCommands`.
    mutating func parseNotation(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        switch name {
        case "bra", "ket", "braket", "Bra", "Ket", "Braket": return try parseBraKet(name, token)
        case "textcircled": return MathAtom(.text(Self.circled(try readTextArgument(for: token))), class: .ordinary, source: token.range)
        case "TeX", "LaTeX": return MathAtom(.text([.text(name, .normal)]), class: .ordinary, source: token.range)
        case "unicode", "char": return try parseCharacterCode(name, token)
        case "href": return try parseLink(token)
        case "url": return MathAtom(.text([.text(try readTextArgument(for: token), .monospace)]), class: .ordinary, source: token.range)
        case "genfrac": return try parseGeneralFraction(token)
        case "sideset": return try parseSideset(token)
        case "raisebox":
            _ = try input.readRawArgument(for: token)
            return MathAtom(.text(try parseTextArgument(.normal, for: token)), class: .ordinary)
        case "require":
            // MathJax's `\require{AMScd}` loads an extension; everything it could load is built in.
            _ = try input.readRawArgument(for: token)
            return nil
        case "verb":
            return error(token, "'\\verb' needs its text between two equal characters, as in '\\verb|x^2|'")
        default: return nil
        }
    }

    /// The commands `parseNotation` reads.
    static let notationCommands: Set<String> = [
        "bra", "ket", "braket", "Bra", "Ket", "Braket", "textcircled", "TeX", "LaTeX", "unicode", "char", "href", "url",
        "genfrac", "sideset", "raisebox", "require", "verb",
    ]

    /// `\bra{x}` is ⟨x|, `\ket{x}` |x⟩, `\braket{x}` ⟨x⟩, as KaTeX's `\mathinner` definitions;
    /// the capitalised forms (braket's package) have delimiters that grow.
    private mutating func parseBraKet(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom {
        let content = try parseArgument(for: token)
        let left = name.lowercased() == "ket" ? "|" : "⟨"
        let right = name.lowercased() == "bra" ? "|" : "⟩"
        if name.first?.isUppercase == true {
            return MathAtom(.fenced(MathAtom.Fenced(left: left, parts: [content], right: right)), class: .inner)
        }
        let atoms = [MathAtom(.symbol(left), class: .opening), MathAtom(.group(content), class: .ordinary),
                     MathAtom(.symbol(right), class: .closing)]
        return MathAtom(.group(MathList(atoms)), class: .inner)
    }

    /// `\textcircled{1}`: Unicode's enclosed alphanumerics where there is one (⓪, ① to ⑳, Ⓐ to
    /// Ⓩ, ⓐ to ⓩ); anything else is framed, as `\fbox` would.
    static func circled(_ text: String) -> [MathAtom.TextPiece] {
        if let number = Int(text), (0...20).contains(number) {
            let scalar = number == 0 ? Unicode.Scalar(0x24EA) : Unicode.Scalar(0x2460 + UInt32(number) - 1)
            return [.text(String(scalar!), .normal)]
        }
        if let letter = text.unicodeScalars.first, text.unicodeScalars.count == 1, MathTokenizer.isLetter(letter) {
            let start: UInt32 = letter.value >= 0x61 ? 0x24D0 + letter.value - 0x61 : 0x24B6 + letter.value - 0x41
            return [.text(String(Unicode.Scalar(start)!), .normal)]
        }
        let framed = MathAtom(.boxed(MathList([MathAtom(.text([.text(text, .normal)]), class: .ordinary)])), class: .ordinary)
        return [.math(MathList([framed]))]
    }

    /// `\unicode{x2260}` or `\unicode{8800}` (MathJax), `\char"2260`, `\char'42140`, `\char8800`:
    /// the character, as if it were typed.
    private mutating func parseCharacterCode(_ name: String, _ token: MathToken) throws(FatalProblem) -> MathAtom? {
        var digits: String
        var radix = 10
        if name == "unicode" {
            _ = try input.readRawOptional()
            digits = try readTextArgument(for: token)
            if digits.hasPrefix("x") || digits.hasPrefix("X") || digits.hasPrefix("0x") {
                digits = String(digits.drop { $0 != "x" && $0 != "X" }.dropFirst())
                radix = 16
            }
        } else {
            (digits, radix) = try readCharacterNumber()
        }
        guard let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), value >= 0x20 else {
            return error(token, "'\(token.text)' needs a character's code, as in '\\unicode{x2260}' or '\\char\"2260'")
        }
        return try parseCharacter(scalar, MathToken(kind: .character(scalar), range: token.range.lowerBound..<input.lastEnd))
    }

    /// The number after `\char`: `"` before hexadecimal digits, `'` before octal ones.
    private mutating func readCharacterNumber() throws(FatalProblem) -> (String, Int) {
        try input.skipSpaces()
        var radix = 10
        if let mark = try input.peek(), mark.isCharacter("\"") || mark.isCharacter("'") {
            _ = try input.next()
            radix = mark.isCharacter("\"") ? 16 : 8
        }
        var digits = ""
        while let token = try input.peek(), case let .character(scalar) = token.kind,
              let digit = Character(scalar).hexDigitValue, digit < radix {
            _ = try input.next()
            digits.unicodeScalars.append(scalar)
        }
        return (digits, radix)
    }

    /// `\href{url}{text}`: the text, as a formula; the link is not kept, as a math list has no
    /// place for one.
    private mutating func parseLink(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        _ = try input.readRawArgument(for: token)
        return MathAtom(.group(try parseArgument(for: token)), class: .ordinary)
    }

    /// `\genfrac{left}{right}{thickness}{style}{numerator}{denominator}`: an empty thickness
    /// draws the usual rule, a zero one none; style 0 to 3 is display to scriptscript.
    private mutating func parseGeneralFraction(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        let left = try readDelimiterArgument(for: token)
        let right = try readDelimiterArgument(for: token)
        let thickness = try readTextArgument(for: token)
        let style = try readTextArgument(for: token)
        let styles: [String: MathStyle] = ["0": .display, "1": .text, "2": .script, "3": .scriptScript]
        if !style.isEmpty, styles[style] == nil {
            problems.append(MathProblem(range: token.range, message: "'\\genfrac' takes a style from 0 to 3, not '\(style)'"))
        }
        let hasRule = thickness.isEmpty || (MathDimension.ems(thickness) ?? 1) != 0
        let numerator = try parseArgument(for: token)
        let denominator = try parseArgument(for: token)
        let fraction = MathAtom.Fraction(numerator: numerator, denominator: denominator, hasRule: hasRule,
                                         left: left, right: right, style: styles[style])
        return MathAtom(.fraction(fraction), class: .inner)
    }

    /// A delimiter given in braces, `{(}` or `{\langle}`; nil for `{}` or `{.}`.
    private mutating func readDelimiterArgument(for token: MathToken) throws(FatalProblem) -> String? {
        let tokens = try input.readRawArgument(for: token).filter { $0.kind != .space }
        guard let first = tokens.first else { return nil }
        input.push(first)
        return try readDelimiter(after: token)
    }

    /// `\sideset{_a^b}{_c^d}\sum`: the first scripts before the operator, on an empty group, and
    /// the second beside it; the limits that follow go above and below the whole.
    private mutating func parseSideset(_ token: MathToken) throws(FatalProblem) -> MathAtom {
        let before = try parseArgument(for: token)
        let after = try parseArgument(for: token)
        guard var operatorAtom = try parseNucleus() else { return error(token, "'\\sideset' needs an operator such as '\\sum' after it") }
        var trailing = after.atoms
        if let first = trailing.first, case let .group(list) = first.nucleus, list.atoms.isEmpty {
            operatorAtom.subscript = first.subscript
            operatorAtom.superscript = first.superscript
            trailing.removeFirst()
        }
        operatorAtom.limits = .noLimits
        return MathAtom(.group(MathList(before.atoms + [operatorAtom] + trailing)), class: .largeOperator)
    }
}
