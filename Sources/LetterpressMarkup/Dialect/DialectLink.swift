/// A link the dialect passes write for a place cmark's links cannot name: another note (an
/// Obsidian `[[wikilink]]` to a note not rendered with this one, Jekyll's `{% post_url %}`) and
/// an Obsidian `#tag`, and an Obsidian `![[Other note]]` alone on its line, which brings the
/// other note's text in where it can. Its text keeps a link's look, or a tag's, without a dead
/// link.
enum DialectLink {
    case note(String)
    case tag(String)
    case embed(String)

    static let noteScheme = "x-letterpress-note:"
    private static let tagScheme = "x-letterpress-tag:"
    private static let embedScheme = "x-letterpress-embed:"

    /// The link destination standing for it, written between `<` and `>`.
    var destination: String {
        switch self {
        case let .note(name): "<" + Self.noteScheme + Self.escaped(name) + ">"
        case let .tag(name): "<" + Self.tagScheme + Self.escaped(name) + ">"
        case let .embed(name): "<" + Self.embedScheme + Self.escaped(name) + ">"
        }
    }

    /// The link `url` stands for, or nil for any other.
    init?(url: String) {
        guard url.hasPrefix("x-letterpress-") else { return nil }
        if url.hasPrefix(Self.noteScheme) {
            self = .note(String(url.dropFirst(Self.noteScheme.count)))
        } else if url.hasPrefix(Self.tagScheme) {
            self = .tag(String(url.dropFirst(Self.tagScheme.count)))
        } else if url.hasPrefix(Self.embedScheme) {
            self = .embed(String(url.dropFirst(Self.embedScheme.count)))
        } else {
            return nil
        }
    }

    /// The intent its text is drawn with.
    var intent: InlineIntent {
        switch self {
        case .note, .embed: .noteReference
        case .tag: .tag
        }
    }

    /// `name` as a destination between `<` and `>` may hold it: no angle brackets, line ends
    /// or backslashes.
    private static func escaped(_ name: String) -> String {
        String(name.map { "<>\\\n\r".contains($0) ? " " : $0 })
    }

    /// `text` with what a link's text would read as Markdown escaped.
    static func escapedText(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            if "[]\\`*_<>$^".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
