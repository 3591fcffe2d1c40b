/// The lines of a Mermaid source that say something, with their line numbers (1 is the first):
/// without blank lines, `%%` comments, `%%{…}%%` directives (which may span lines) and the
/// YAML front matter (`---` … `---`) newer Mermaid reads a diagram's title from.
struct MermaidLines {
    struct Line {
        var number: Int
        var text: Substring
    }

    private(set) var lines: [Line] = []
    /// The front matter's `title:`, if it has one.
    private(set) var title: String?

    /// The lines of `source`.
    init(_ source: String) {
        var inFrontMatter = false
        var inDirective = false
        var sawContent = false
        // "\r\n" is one Character, which splitting at "\n" alone would not cut at.
        let rawLines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (offset, raw) in rawLines.enumerated() {
            let text = raw.trimmingWhitespace()
            if inDirective {
                if text.contains("}%%") { inDirective = false }
                continue
            }
            if inFrontMatter {
                if text == "---" {
                    inFrontMatter = false
                } else if text.hasPrefix("title:") {
                    title = MermaidLines.unquoted(text.dropFirst(6).trimmingWhitespace())
                }
                continue
            }
            if text.isEmpty { continue }
            if text.hasPrefix("%%{") {
                inDirective = !text.contains("}%%")
                continue
            }
            if text.hasPrefix("%%") { continue }
            if text == "---", !sawContent {
                inFrontMatter = true
                continue
            }
            sawContent = true
            lines.append(Line(number: offset + 1, text: text))
        }
    }

    /// `text` without the double quotes around it, if it has them.
    static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

extension Substring {
    /// The text without the spaces and tabs (and a carriage return) around it.
    func trimmingWhitespace() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
