/// One token of TeX math source, with the UTF-8 bytes of the formula it came from. Tokens a
/// macro expands to carry the range of the macro's use, so messages point at what was written.
struct MathToken: Sendable, Equatable {
    /// What a token is, without where it came from: macro bodies are stored this way.
    enum Kind: Sendable, Equatable {
        /// `\name`, without the backslash; `\,` is `","` and a lone backslash at the end is `""`.
        case command(String)
        /// Any other character, braces and `^`, `_`, `&`, `$` included.
        case character(Unicode.Scalar)
        /// `#1` … `#9` in a macro's body.
        case parameter(Int)
        /// A run of spaces, tabs and newlines: ignored in math, kept in `\text`.
        case space
        /// `\verb|…|` (any character for `|`): the text between the delimiters, as written.
        case verbatim(String)
    }

    var kind: Kind
    var range: Range<Int>

    /// Whether it is the character `scalar`.
    func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        kind == .character(scalar)
    }

    /// Whether it is the command `\name`.
    func isCommand(_ name: String) -> Bool {
        kind == .command(name)
    }

    /// The token as written, for error atoms and messages.
    var text: String {
        switch kind {
        case let .command(name): return "\\" + name
        case let .character(scalar): return String(scalar)
        case let .parameter(number): return "#\(number)"
        case .space: return " "
        case let .verbatim(text):
            let delimiter = ["|", "!", "+", "/", "\"", "="].first { !text.contains($0) } ?? "|"
            return "\\verb" + delimiter + text + delimiter
        }
    }
}
