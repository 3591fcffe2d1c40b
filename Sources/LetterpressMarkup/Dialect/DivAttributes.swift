import Foundation

/// The attributes of a pandoc fenced div, `{#id .class key="value"}`: what a `:::` line's
/// braces say about the call-out it may be.
struct DivAttributes {
    private(set) var classes: [String] = []
    /// `title="…"` (Quarto's call-outs, Docusaurus' `:::tip{title="…"}`).
    private(set) var title: String?

    init(_ text: Substring) {
        var rest = text[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { return }
            if first == "\"" || first == "'" {
                rest = rest.dropFirst().drop { $0 != first }.dropFirst()
                continue
            }
            let word = rest.prefix { $0 != " " && $0 != "\t" && $0 != "=" }
            rest = rest.dropFirst(word.count)
            if rest.first == "=" {
                rest = rest.dropFirst()
                let value: Substring
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    value = rest.dropFirst().prefix { $0 != quote }
                    rest = rest.dropFirst(value.count + 2)
                } else {
                    value = rest.prefix { $0 != " " && $0 != "\t" }
                    rest = rest.dropFirst(value.count)
                }
                if word == "title" { title = String(value) }
            } else if word.hasPrefix(".") {
                classes.append(String(word.dropFirst()))
            } else if !word.hasPrefix("#"), !word.isEmpty {
                // pandoc reads a bare word in braces as a class too (`::: {warning}` is rare).
                classes.append(String(word))
            }
        }
    }
}
