import Foundation

/// `\text{…}` and its relatives: text set as written, spaces kept, with `$…$` formulas inside.
extension MathParser {
    /// The pieces of a text argument in `textVariant`: a group in braces, or one token.
    mutating func parseTextArgument(_ textVariant: MathVariant, for command: MathToken) throws(FatalProblem) -> [MathAtom.TextPiece] {
        try input.skipSpaces()
        guard let open = try input.next() else {
            throw FatalProblem(range: command.range, message: "'\(command.text)' needs an argument here")
        }
        guard open.isCharacter("{") else {
            input.push(open)
            var pieces = TextPieces(variant: textVariant)
            try readTextToken(open, into: &pieces)
            return pieces.finished()
        }
        try enter()
        defer { depth -= 1 }
        var pieces = TextPieces(variant: textVariant)
        while true {
            guard let token = try input.next() else {
                throw FatalProblem(range: open.range, message: "'{' without its '}'")
            }
            if token.isCharacter("}") { return pieces.finished() }
            input.push(token)
            try readTextToken(token, into: &pieces)
        }
    }

    /// Reads `token` (still on the stream) and what it takes into `pieces`.
    private mutating func readTextToken(_ token: MathToken, into pieces: inout TextPieces) throws(FatalProblem) {
        _ = try input.next()
        switch token.kind {
        case .space, .character("~"):
            pieces.append(" ")
        case .character("{"):
            input.push(token)
            pieces.append(contentsOf: try parseTextArgument(pieces.variant, for: token))
        case .character("$"):
            let list = try parseList(ending: .dollar)
            guard try input.next()?.isCharacter("$") == true else {
                throw FatalProblem(range: token.range, message: "'$' without its closing '$' in text")
            }
            pieces.append(math: list)
        case let .character(scalar):
            pieces.append(String(scalar))
        case let .command(name):
            try readTextCommand(name, token, into: &pieces)
        case let .verbatim(text):
            pieces.append(text, variant: .monospace)
        case .parameter:
            pieces.append(math: MathList([error(token, "'\(token.text)' outside a macro's definition")]))
        }
    }

    private mutating func readTextCommand(_ name: String, _ token: MathToken, into pieces: inout TextPieces) throws(FatalProblem) {
        if let escaped = Self.textEscapes[name] {
            pieces.append(escaped)
        } else if let ems = MathCommands.spaces[name] {
            pieces.append(ems >= 1 ? String(repeating: "\u{2003}", count: Int(ems)) : ems > 0 ? " " : "")
        } else if let inner = MathCommands.texts[name] {
            pieces.append(contentsOf: try parseTextArgument(Self.combined(pieces.variant, inner), for: token))
        } else if let mark = Self.textAccents[name] {
            let base = try input.readRawArgument(for: token).map(\.text).joined()
            pieces.append((base + mark).precomposedStringWithCanonicalMapping)
        } else if let symbol = MathSymbols.symbol(for: name) {
            pieces.append(symbol.text)
        } else if let switched = Self.textSwitches[name] {
            pieces.switchVariant(to: switched)
        } else if name == "\\" || name == "relax" {
            pieces.append(name == "\\" ? " " : "")
        } else if MathCommands.all.contains(name) {
            pieces.append(math: MathList([error(token, "'\(token.text)' works only in math; put it in '$…$' inside the text")]))
        } else {
            pieces.append(math: MathList([unknownCommand(name, token)]))
        }
    }

    /// `\textbf{\textit{…}}` is bold italic.
    private static func combined(_ outer: MathVariant, _ inner: MathVariant) -> MathVariant {
        switch (outer, inner) {
        case (.bold, .italic), (.italic, .bold): return .boldItalic
        case (_, .normal): return outer == .boldItalic ? outer : .normal
        default: return inner
        }
    }

    /// The old font switches as KaTeX reads them in text: to the end of the group.
    private static let textSwitches: [String: MathVariant] = [
        "rm": .normal, "bf": .bold, "it": .italic, "sl": .italic, "sf": .sansSerif, "tt": .monospace,
        "em": .italic, "upshape": .normal, "itshape": .italic, "bfseries": .bold, "mdseries": .normal,
        "rmfamily": .normal, "sffamily": .sansSerif, "ttfamily": .monospace, "normalfont": .normal,
    ]

    private static let textEscapes: [String: String] = [
        "$": "$", "%": "%", "&": "&", "#": "#", "_": "_", "{": "{", "}": "}", "textbackslash": "\\",
        "textasciitilde": "~", "textasciicircum": "^", "textendash": "–", "textemdash": "—", "ldots": "…",
        "textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
    ]

    /// `\'e` and its relatives: the combining mark each adds to the letter after it.
    private static let textAccents: [String: String] = [
        "'": "\u{301}", "`": "\u{300}", "^": "\u{302}", "\"": "\u{308}", "~": "\u{303}", "=": "\u{304}", ".": "\u{307}",
        "u": "\u{306}", "v": "\u{30C}", "H": "\u{30B}", "r": "\u{30A}", "c": "\u{327}",
    ]
}
