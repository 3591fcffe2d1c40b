import Foundation

/// The token stream the parser reads: the formula's tokens with user macros expanded and
/// macro definitions taken out (into `macros`), as TeX's stomach sees them.
///
/// Expansion pushes a macro's body back on the stream instead of recursing, so a macro that
/// uses itself cannot overflow the stack; it stops instead at `maxExpansions` expansions or
/// `maxExpandedTokens` tokens in all, which also ends bodies that double at each level. KaTeX
/// stops at 1,000 expansions too; no formula written by hand comes near either limit.
struct MacroExpander {
    static let maxExpansions = 1_000
    static let maxExpandedTokens = 50_000

    private(set) var macros: MathMacros
    /// Problems that do not stop parsing, such as redefining a command with `\newcommand`.
    private(set) var problems: [MathProblem] = []
    /// Where the last token taken (and not put back) ended, spaces aside, for the source range
    /// of what was parsed.
    private(set) var lastEnd = 0
    /// `lastEnd` before the last token was taken, for when it is put back.
    private var endBeforeLast = 0
    /// The tokens still to read, last first.
    private var pending: [MathToken]
    private var expansions = 0
    private var expandedTokens = 0
    /// Commands the parser knows, which `\newcommand` may not define and `\renewcommand` may.
    private let builtIn: (String) -> Bool

    init(tokens: [MathToken], macros: MathMacros, builtIn: @escaping (String) -> Bool) {
        self.pending = tokens.reversed()
        self.macros = macros
        self.builtIn = builtIn
    }

    /// Puts a token back, to be read next.
    mutating func push(_ token: MathToken) {
        pending.append(token)
        if token.kind != .space, token.range.upperBound == lastEnd { lastEnd = endBeforeLast }
    }

    /// The next token without expanding it.
    mutating func nextRaw() -> MathToken? {
        guard let token = pending.popLast() else { return nil }
        if token.kind != .space {
            endBeforeLast = lastEnd
            lastEnd = token.range.upperBound
        }
        return token
    }

    /// The next token after expanding macros and reading definitions.
    mutating func next() throws(FatalProblem) -> MathToken? {
        while let token = nextRaw() {
            guard case let .command(name) = token.kind else { return token }
            switch name {
            case "newcommand", "renewcommand", "providecommand":
                try readNewCommand(name, at: token)
            case "def", "gdef":
                try readDef(at: token)
            case "let":
                try readLet(at: token)
            default:
                guard let definition = macros.definitions[name] else { return token }
                try expand(definition, name: name, at: token)
            }
        }
        return nil
    }

    /// The next expanded token, left on the stream.
    mutating func peek() throws(FatalProblem) -> MathToken? {
        if let token = peekUnexpandable() { return token }
        guard let token = try next() else { return nil }
        push(token)
        return token
    }

    /// The next expanded token that is not a space, left on the stream.
    mutating func peekNonSpace() throws(FatalProblem) -> MathToken? {
        try skipSpaces()
        return try peek()
    }

    mutating func skipSpaces() throws(FatalProblem) {
        while let token = pending.last, case .space = token.kind { pending.removeLast() }
        if peekUnexpandable() != nil { return }
        while let token = try next() {
            if token.kind != .space {
                push(token)
                return
            }
        }
    }

    /// The next token when no expansion can change it (it is not a command), left on the
    /// stream as `next` and `push` would leave it; nil otherwise. The parser peeks at each
    /// token several times, and taking one off and putting it back costs more than this.
    private mutating func peekUnexpandable() -> MathToken? {
        guard let token = pending.last else { return nil }
        switch token.kind {
        case .command: return nil
        case .space: return token
        default:
            endBeforeLast = lastEnd
            return token
        }
    }

    /// The tokens of a balanced `{…}` group without its braces, or one token, unexpanded:
    /// a macro's argument or body.
    mutating func readRawArgument(for command: MathToken) throws(FatalProblem) -> [MathToken] {
        while let token = nextRaw() {
            if token.kind == .space { continue }
            guard token.isCharacter("{") else {
                if token.isCharacter("}") { break }
                return [token]
            }
            return try readRawGroup(openedAt: token)
        }
        throw FatalProblem(range: command.range, message: "'\(command.text)' needs an argument here")
    }

    /// The tokens up to the `}` that closes a `{` already read, without it.
    mutating func readRawGroup(openedAt open: MathToken) throws(FatalProblem) -> [MathToken] {
        var depth = 0
        var tokens: [MathToken] = []
        while let token = nextRaw() {
            if token.isCharacter("{") {
                depth += 1
            } else if token.isCharacter("}") {
                if depth == 0 { return tokens }
                depth -= 1
            }
            tokens.append(token)
        }
        throw FatalProblem(range: open.range, message: "'{' without its '}'")
    }

    /// The tokens of a `[…]` optional argument if one comes next, unexpanded; braces inside
    /// hide a `]`.
    mutating func readRawOptional() throws(FatalProblem) -> [MathToken]? {
        while let token = nextRaw() {
            if token.kind == .space { continue }
            guard token.isCharacter("[") else {
                push(token)
                return nil
            }
            var depth = 0
            var tokens: [MathToken] = []
            while let inner = nextRaw() {
                if inner.isCharacter("{") { depth += 1 }
                if inner.isCharacter("}") { depth -= 1 }
                if inner.isCharacter("]"), depth == 0 { return tokens }
                tokens.append(inner)
            }
            throw FatalProblem(range: token.range, message: "'[' without its ']'")
        }
        return nil
    }

    // MARK: - Expansion

    private mutating func expand(_ definition: MathMacros.Definition, name: String, at token: MathToken) throws(FatalProblem) {
        expansions += 1
        guard expansions <= Self.maxExpansions else {
            throw FatalProblem(range: token.range, message: "macro '\\\(name)' expands too many times (is it defined in terms of itself?)")
        }
        var arguments: [[MathToken]] = definition.delimiters.isEmpty ? [] : try readDelimitedArguments(definition, name: name, at: token)
        if definition.parameterCount > 0, let defaultArgument = definition.defaultArgument {
            let given = try readRawOptional()
            arguments.append(given ?? defaultArgument.map { MathToken(kind: $0, range: token.range) })
        }
        while arguments.count < definition.parameterCount {
            arguments.append(try readRawArgument(for: token))
        }
        var body: [MathToken] = []
        for kind in definition.body {
            if case let .parameter(number) = kind {
                body += arguments.indices.contains(number - 1) ? arguments[number - 1] : []
            } else {
                body.append(MathToken(kind: kind, range: token.range))
            }
            guard expandedTokens + body.count <= Self.maxExpandedTokens else {
                throw FatalProblem(range: token.range, message: "macro '\\\(name)' expands to too much (over \(Self.maxExpandedTokens) tokens)")
            }
        }
        expandedTokens += body.count
        pending.append(contentsOf: body.reversed())
    }

    // MARK: - Definitions

    private mutating func readNewCommand(_ kind: String, at token: MathToken) throws(FatalProblem) {
        let nameTokens = try readRawArgument(for: token)
        guard nameTokens.count == 1, case let .command(name) = nameTokens[0].kind, !name.isEmpty else {
            throw FatalProblem(range: token.range, message: "'\\\(kind)' must be followed by the command it defines, as in '\\\(kind){\\RR}{\\mathbb{R}}'")
        }
        var count = 0
        if let countTokens = try readRawOptional() {
            let digits = String(countTokens.map(\.text).joined()).trimmingCharacters(in: .whitespaces)
            guard let number = Int(digits), (0...9).contains(number) else {
                throw FatalProblem(range: token.range, message: "'\\\(kind){\\\(name)}': the number of arguments must be from 0 to 9, not '\(digits)'")
            }
            count = number
        }
        let defaultArgument = count > 0 ? try readRawOptional() : nil
        let body = try readRawArgument(for: token)
        try checkParameters(body, count: count, name: name, at: token)
        let exists = macros.definitions[name] != nil || builtIn(name)
        let definition = MathMacros.Definition(parameterCount: count, defaultArgument: defaultArgument?.map(\.kind),
                                               body: body.map(\.kind))
        switch kind {
        case "newcommand" where exists && macros.definitions[name] != definition:
            problems.append(MathProblem(range: token.range, message: "'\\newcommand' cannot redefine '\\\(name)', which exists; use '\\renewcommand'"))
            if builtIn(name), macros.definitions[name] == nil { return }
        case "renewcommand" where !exists:
            problems.append(MathProblem(range: token.range, message: "'\\renewcommand' of '\\\(name)', which is not defined; use '\\newcommand'"))
        case "providecommand" where exists:
            return
        default:
            break
        }
        macros.definitions[name] = definition
    }

    /// `\def\name#1#2{…}`, whose parameters may be delimited by text, as in `\def\pair(#1,#2){…}`.
    private mutating func readDef(at token: MathToken) throws(FatalProblem) {
        guard let nameToken = nextRaw(), case let .command(name) = nameToken.kind, !name.isEmpty else {
            throw FatalProblem(range: token.range, message: "'\\def' must be followed by the command it defines, as in '\\def\\RR{\\mathbb{R}}'")
        }
        var count = 0
        var delimiters: [[MathToken.Kind]] = [[]]
        while let next = nextRaw() {
            if case let .parameter(number) = next.kind {
                guard number == count + 1 else {
                    throw FatalProblem(range: next.range, message: "'\\def\\\(name)': parameters must be #1, #2, … in order, then the body in braces")
                }
                count = number
                delimiters.append([])
                continue
            }
            guard next.isCharacter("{") else {
                delimiters[delimiters.count - 1].append(next.kind)
                continue
            }
            let body = try readRawGroup(openedAt: next)
            try checkParameters(body, count: count, name: name, at: token)
            macros.definitions[name] = MathMacros.Definition(parameterCount: count, body: body.map(\.kind),
                                                             delimiters: delimiters.allSatisfy(\.isEmpty) ? [] : delimiters)
            return
        }
        throw FatalProblem(range: token.range, message: "'\\def\\\(name)' has no body")
    }

    /// The arguments of a macro whose parameters are delimited by text: TeX's rule (TeXbook,
    /// chapter 20) is that each takes the tokens up to its delimiter outside braces, without
    /// the braces of one group that would be all of it.
    private mutating func readDelimitedArguments(_ definition: MathMacros.Definition, name: String, at token: MathToken) throws(FatalProblem) -> [[MathToken]] {
        try match(definition.delimiters[0], name: name, at: token)
        var arguments: [[MathToken]] = []
        for delimiter in definition.delimiters.dropFirst() {
            arguments.append(delimiter.isEmpty ? try readRawArgument(for: token) : try readArgument(until: delimiter, name: name, at: token))
        }
        return arguments
    }

    /// Reads `expected`, the text a macro's definition puts before its first argument.
    private mutating func match(_ expected: [MathToken.Kind], name: String, at token: MathToken) throws(FatalProblem) {
        for kind in expected {
            var next = nextRaw()
            while kind != .space, next?.kind == .space { next = nextRaw() }
            guard next?.kind == kind else {
                let text = expected.map { MathToken(kind: $0, range: token.range).text }.joined()
                throw FatalProblem(range: token.range, message: "'\\\(name)' must be followed by '\(text)', as its definition says")
            }
        }
    }

    private mutating func readArgument(until delimiter: [MathToken.Kind], name: String, at token: MathToken) throws(FatalProblem) -> [MathToken] {
        var tokens: [MathToken] = []
        var depth = 0
        while let next = nextRaw() {
            if next.isCharacter("{") { depth += 1 }
            if next.isCharacter("}") { depth -= 1 }
            if depth < 0 { break }
            tokens.append(next)
            if depth == 0, tokens.count >= delimiter.count, tokens.suffix(delimiter.count).map(\.kind) == delimiter {
                tokens.removeLast(delimiter.count)
                return Self.withoutOuterBraces(tokens)
            }
        }
        let text = delimiter.map { MathToken(kind: $0, range: token.range).text }.joined()
        throw FatalProblem(range: token.range, message: "'\\\(name)' needs its argument ended by '\(text)', as its definition says")
    }

    /// `tokens` without the braces around them when they are one group, as `{a.b}`.
    private static func withoutOuterBraces(_ tokens: [MathToken]) -> [MathToken] {
        guard tokens.count >= 2, tokens[0].isCharacter("{"), tokens[tokens.count - 1].isCharacter("}") else { return tokens }
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.isCharacter("{") { depth += 1 }
            if token.isCharacter("}") { depth -= 1 }
            if depth == 0, index < tokens.count - 1 { return tokens }
        }
        return Array(tokens[1..<tokens.count - 1])
    }

    /// `\let\a\b`: `\a` means what `\b` means now.
    private mutating func readLet(at token: MathToken) throws(FatalProblem) {
        guard let nameToken = nextRaw(), case let .command(name) = nameToken.kind, !name.isEmpty else {
            throw FatalProblem(range: token.range, message: "'\\let' must be followed by two commands, as in '\\let\\a\\alpha'")
        }
        var value = nextRaw()
        if value?.isCharacter("=") == true || value?.kind == .space { value = nextRaw() }
        guard let value else { throw FatalProblem(range: token.range, message: "'\\let\\\(name)' has nothing to mean") }
        if case let .command(other) = value.kind, let definition = macros.definitions[other] {
            macros.definitions[name] = definition
        } else {
            macros.definitions[name] = MathMacros.Definition(parameterCount: 0, body: [value.kind])
        }
    }

    private func checkParameters(_ body: [MathToken], count: Int, name: String, at token: MathToken) throws(FatalProblem) {
        for part in body {
            if case let .parameter(number) = part.kind, number > count {
                throw FatalProblem(range: part.range, message: "'\\\(name)' uses #\(number) but takes \(count) argument\(count == 1 ? "" : "s")")
            }
        }
    }
}
