import Foundation

/// The macros a note defines: in front matter or a theme (`math: {macros: …}`), and with
/// `\newcommand`, `\renewcommand`, `\providecommand` and `\def` inside its formulas, which last
/// for the formulas after them in the same note.
public struct MathMacros: Sendable, Equatable {
    /// One macro: how many arguments it takes and what it expands to.
    struct Definition: Sendable, Equatable {
        var parameterCount: Int
        /// `\newcommand{\name}[2][default]{…}`: what the first argument is when no `[…]` follows.
        var defaultArgument: [MathToken.Kind]?
        var body: [MathToken.Kind]
        /// `\def\pair(#1,#2){…}`: what must come before the first argument, then what ends each
        /// argument (nothing for one read as usual); empty for a macro without such text.
        var delimiters: [[MathToken.Kind]] = []
    }

    var definitions: [String: Definition] = [:]

    /// No macros.
    public init() {}

    /// Macros from front matter or a theme: each key is a command (`\RR`), each value its TeX
    /// expansion, whose `#1` … `#9` are its arguments (as many as the highest used).
    /// - Throws: `MathMacroError` for a name that is not one command, a body whose braces do
    ///   not balance, or a `#` that is not followed by a digit from 1 to 9.
    public init(definitions: [String: String]) throws {
        for (key, value) in definitions.sorted(by: { $0.key < $1.key }) {
            let nameTokens = MathTokenizer.tokens(in: key.trimmingCharacters(in: .whitespaces))
            guard nameTokens.count == 1, case let .command(name) = nameTokens[0].kind, !name.isEmpty else {
                throw MathMacroError(message: "math macro name '\(key)' is not one command such as '\\RR'")
            }
            let body = MathTokenizer.tokens(in: value).map(\.kind)
            if let problem = Self.problem(in: body) {
                throw MathMacroError(message: "math macro '\\\(name)': \(problem)")
            }
            let count = body.reduce(0) { if case let .parameter(number) = $1 { max($0, number) } else { $0 } }
            self.definitions[name] = Definition(parameterCount: count, body: body)
        }
    }

    /// The names of the macros defined, without backslashes, sorted.
    public var names: [String] {
        definitions.keys.sorted()
    }

    /// What is wrong with a body given as text, if anything.
    private static func problem(in body: [MathToken.Kind]) -> String? {
        var depth = 0
        for kind in body {
            switch kind {
            case .character("{"): depth += 1
            case .character("}"):
                depth -= 1
                if depth < 0 { return "'}' without its '{'" }
            case .character("#"): return "'#' must be followed by a parameter number from 1 to 9"
            default: break
            }
        }
        return depth == 0 ? nil : "'{' without its '}'"
    }
}
