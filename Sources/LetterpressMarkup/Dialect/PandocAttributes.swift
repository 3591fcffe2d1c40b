import Foundation

/// pandoc's attribute braces, `{#id .class key=value}` (also `{-}`, short for `.unnumbered`),
/// as written after a heading, a bracketed span or a fence's info.
struct PandocAttributes: Equatable {
    var id: String?
    var classes: [String] = []
    var pairs: [(key: String, value: String)] = []

    static func == (left: Self, right: Self) -> Bool {
        left.id == right.id && left.classes == right.classes && left.pairs.map(\.key) == right.pairs.map(\.key)
            && left.pairs.map(\.value) == right.pairs.map(\.value)
    }

    /// Whether the heading is left out of numbering: `{-}` or `.unnumbered`.
    var unnumbered: Bool { classes.contains("unnumbered") }

    /// The attributes `inner` (what the braces hold) writes; nil when it is not made only of
    /// attributes, so that braces of prose (`{like this}`) stay text.
    init?(_ inner: Substring) {
        var rest = inner[...]
        func skipBlanks() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        skipBlanks()
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let token = rest.prefix { $0 != " " && $0 != "\t" }
            if token == "-" {
                classes.append("unnumbered")
                rest = rest.dropFirst()
            } else if token.first == "#" || token.first == "." {
                let name = token.dropFirst()
                guard !name.isEmpty, name.allSatisfy(Self.isNameCharacter) else { return nil }
                if token.first == "#" { id = String(name) } else { classes.append(String(name)) }
                rest = rest.dropFirst(token.count)
            } else {
                guard let equals = token.firstIndex(of: "="), rest.startIndex < equals,
                      rest[rest.startIndex..<equals].allSatisfy(Self.isNameCharacter) else { return nil }
                let key = String(rest[rest.startIndex..<equals])
                rest = rest[rest.index(after: equals)...]
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
                    pairs.append((key, String(rest[rest.index(after: rest.startIndex)..<close])))
                    rest = rest[rest.index(after: close)...]
                } else {
                    let value = rest.prefix { $0 != " " && $0 != "\t" }
                    pairs.append((key, String(value)))
                    rest = rest.dropFirst(value.count)
                }
            }
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
            skipBlanks()
        }
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_" || character == ":" || character == "."
    }

    /// A fence's info string with pandoc's braces read: ` ```{.python .numberLines} ` is
    /// `python linenos`, ` ```{r setup, echo=FALSE} ` (R Markdown, Quarto) is `r`; nil when
    /// nothing is left. Any other info is returned as written.
    static func fenceInfo(_ info: String) -> String? {
        let trimmed = info.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix("}"), let open = trimmed.firstIndex(of: "{") else { return info }
        let before = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        if before.isEmpty, let engine = inner.split(whereSeparator: { $0 == " " || $0 == "," }).first,
           engine.first?.isLetter == true, engine.allSatisfy({ $0.isLetter || $0.isNumber }) {
            return String(engine)
        }
        guard let attributes = PandocAttributes(inner) else { return info }
        var words = before.isEmpty ? [] : [before]
        let numbered = attributes.classes.contains { $0 == "numberLines" || $0 == "number-lines" }
        if words.isEmpty, let language = attributes.classes.first(where: { $0 != "numberLines" && $0 != "number-lines" }) {
            words.append(language)
        }
        if numbered { words.append("linenos") }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
