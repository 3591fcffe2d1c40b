import Foundation
import LetterpressCore

/// What every Mermaid diagram's source shares before its own syntax: a front matter block
/// (`---` … `---`, whose `title:` is kept), `%%` comments (whole lines, the `%%{init}%%`
/// directives among them, and the rest of a line from a ` %%` outside quotes), and a first line
/// that names the diagram's type.
package enum MermaidSource {
    struct Line: Equatable {
        /// 1 is the fence's first line.
        let number: Int
        /// Trimmed, without its comment.
        let text: String
    }

    /// Why `source` is not read at all: it is longer than a diagram may be.
    static func sizeError(_ source: String) -> DiagramError? {
        let bytes = source.utf8.count, limit = MermaidParser.maximumSourceBytes
        return bytes <= limit ? nil : DiagramError("\(bytes / 1024) KB of source, more than the \(limit / 1024) KB a diagram may have")
    }

    /// `direction LR` and the like, as `TB`, `BT`, `LR` or `RL`.
    static func direction(_ statement: String, line: Int) -> Result<String, DiagramError> {
        let word = statement.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        guard let direction = MermaidParser.direction(word) else {
            return .failure(DiagramError("expected a direction (TB, TD, BT, LR or RL) after 'direction', found \(Excerpt.quoted(word))", line: line))
        }
        return .success(direction)
    }

    /// The diagram's type: the first word of its first line that says something.
    package static func type(of source: String) -> String? {
        read(source).lines.first.map { String($0.text.prefix { !$0.isWhitespace && $0 != ";" }) }
    }

    /// The front matter's title and the lines that say something, in order.
    static func read(_ source: String) -> (title: String?, lines: [Line]) {
        var title: String?
        var lines: [Line] = []
        // nil before the first line with text, true inside front matter, false after it.
        var inFrontMatter: Bool?
        var inDirective = false
        for (offset, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = raw.trimmingCharacters(in: .whitespaces)
            // A `%%{…}%%` directive may span lines; the ones `MermaidInit` reads are blank by now.
            if inDirective {
                if text.contains("}%%") { inDirective = false }
                continue
            }
            if text.hasPrefix("%%{"), !text.contains("}%%") {
                inDirective = true
                continue
            }
            if inFrontMatter == true {
                if text == "---" {
                    inFrontMatter = false
                } else if raw.hasPrefix("title:") {
                    title = unquotedValue(text.dropFirst("title:".count))
                }
                continue
            }
            if text.isEmpty { continue }
            if inFrontMatter == nil, text == "---" {
                inFrontMatter = true
                continue
            }
            inFrontMatter = false
            let kept = withoutComment(text)
            if !kept.isEmpty { lines.append(Line(number: offset + 1, text: kept)) }
        }
        return (title, lines)
    }

    /// `text` up to a `%%` that starts it or follows a space outside double quotes, trimmed.
    private static func withoutComment(_ text: String) -> String {
        guard text.contains("%%") else { return text }
        var quoted = false
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            let next = text.index(after: index)
            if !quoted, character == "%", next < text.endIndex, text[next] == "%", previous.isWhitespace {
                return text[..<index].trimmingCharacters(in: .whitespaces)
            }
            previous = character
            index = next
        }
        return text
    }

    private static func unquotedValue(_ text: Substring) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}
