import Foundation
import LetterpressCore

/// Mermaid's sequence diagram syntax (`sequenceDiagram`), as its documentation gives it, read a
/// statement at a time without recursion: each line is cut at its semicolons and each piece read
/// once, so the work is linear in the source's length and bounded by the limits below.
package enum SequenceParser {
    static let maximumSourceBytes = MermaidParser.maximumSourceBytes
    /// More columns than a page could show legibly.
    static let maximumParticipants = 100
    /// Messages, notes, activations and frame lines together.
    static let maximumEvents = 2_000
    /// Frames (`loop`, `alt`…) nest at most this deep.
    static let maximumNesting = 16

    /// The diagram `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<SequenceDiagram, DiagramError> {
        guard source.utf8.count <= maximumSourceBytes else {
            return .failure(DiagramError("\(source.utf8.count / 1024) KB of source, more than the \(maximumSourceBytes / 1024) KB a diagram may have"))
        }
        let lines = MermaidLines(source)
        guard let header = lines.lines.first else {
            return .failure(DiagramError("the diagram is empty: expected 'sequenceDiagram'", line: 1))
        }
        let type = header.text.prefix { !$0.isWhitespace && $0 != ";" }
        guard type == "sequenceDiagram" else {
            return .failure(DiagramError("expected 'sequenceDiagram', not '\(Excerpt.name(String(type)))'", line: header.number))
        }
        var reader = SequenceReader()
        reader.diagram.title = lines.title
        let rest = [MermaidLines.Line(number: header.number, text: header.text.dropFirst(type.count))] + lines.lines.dropFirst()
        for line in rest {
            for statement in statements(of: line.text) {
                if let error = reader.read(statement, line: line.number) { return .failure(error) }
            }
        }
        return reader.finish()
    }

    /// A line cut at its semicolons, which end statements as line breaks do, except the one
    /// ending an entity code (`#59;`, `#quot;`), which stands for a character.
    static func statements(of line: Substring) -> [Substring] {
        var result: [Substring] = []
        var start = line.startIndex
        var index = line.startIndex
        var entityStart: Substring.Index?
        while index < line.endIndex {
            let character = line[index]
            if character == "#" {
                entityStart = index
            } else if character == ";" {
                if let entity = entityStart, line.index(after: entity) < index {
                    entityStart = nil
                } else {
                    result.append(line[start..<index])
                    start = line.index(after: index)
                }
            } else if !(character.isASCII && (character.isLetter || character.isNumber)) {
                entityStart = nil
            }
            index = line.index(after: index)
        }
        result.append(line[start...])
        return result.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
    }

    /// A text as shown: `<br>` (`<br/>`, `<br />`) as a line break, entity codes (`#9829;`,
    /// `#infin;`) as their characters; a name or label (`unquoting`) without the quotes around
    /// it, which a message's or note's text keeps.
    static func text(_ raw: Substring, unquoting: Bool = false) -> String {
        var text = unquoting ? MermaidLines.unquoted(raw.trimmingWhitespace()) : String(raw.trimmingWhitespace())
        if text.contains("<") {
            text = text.replacingOccurrences(of: #"<br\s*/?>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
        }
        if text.contains("#") { text = decodingEntities(text) }
        return text
    }

    /// `#` and a decimal number or a name, then `;`, as the character it names; other text as it is.
    static func decodingEntities(_ text: String) -> String {
        var result = ""
        var rest = text[...]
        while let hash = rest.firstIndex(of: "#") {
            result += rest[..<hash]
            let tail = rest[rest.index(after: hash)...]
            let name = tail.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            if !name.isEmpty, name.endIndex < tail.endIndex, tail[name.endIndex] == ";",
               let character = entity(String(name)) {
                result.append(character)
                rest = tail[tail.index(after: name.endIndex)...]
            } else {
                result += "#"
                rest = tail
            }
        }
        return result + rest
    }

    private static func entity(_ name: String) -> Character? {
        if let code = UInt32(name) { return Unicode.Scalar(code).map(Character.init) }
        return entityNames[name]
    }

    /// The HTML entity names people write in diagrams (Mermaid takes all of HTML's).
    static let entityNames: [String: Character] = [
        "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "nbsp": "\u{A0}", "semi": ";", "colon": ":", "num": "#",
        "infin": "∞", "hearts": "♥", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "ndash": "–", "mdash": "—", "hellip": "…", "larr": "←", "rarr": "→",
        "uarr": "↑", "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐", "hArr": "⇔", "le": "≤", "ge": "≥",
        "ne": "≠", "middot": "·", "bull": "•", "check": "✓", "laquo": "«", "raquo": "»", "euro": "€",
    ]
}
