import Foundation
import LetterpressCore

/// Puts `{{…}}` values in where a note names them outside its text, which cmark's inline
/// parser hands over whole (link destinations, image paths, HTML `href` and `src`, attribute
/// bodies), with warnings at the line and column of each `{{`.
struct VariableSubstitution {
    let values: VariableValues
    let file: String
    let sourceLines: [Substring]
    /// What values may still put in, shared with the note's text.
    let session: ParseSession

    /// `text`, written at `location`, with each `{{…}}` put in through `escaping`, and whether
    /// every variable was defined; an undefined one stays as written, with a warning whose
    /// message ends with `consequence`.
    func substituted(_ text: String, at location: SourceLocation?, escaping: (String) -> String = { $0 },
                     consequence: String, warnings: inout [Warning]) -> (text: String, complete: Bool) {
        guard session.mayExpand else { return (text, !text.contains("{{")) }
        var found: [Warning] = []
        let result = values.substituted(in: text, escaping: escaping) { message, undefined, reference in
            // Past the few warnings a reader sees (the rest are summed up in one line), the
            // text's own place will do: finding each costs a search of the lines.
            let place = location.map { found.count < Self.locatedWarnings ? located("{{\(reference.inside)}}", from: $0) : $0 }
            found.append(Warning(code: undefined ? .undefinedVariable : .invalidVariable, file: file, location: place,
                                 message: undefined ? message + "; " + consequence : message,
                                 kind: undefined ? VariableValues.undefinedKind : nil))
        }
        warnings += found
        guard session.spendExpansion(max(0, result.text.utf8.count - text.utf8.count), at: location) else { return (text, false) }
        return result
    }

    /// An HTML element's attributes on `line`, with the `{{…}}` of its `href` (a URI) and `src`
    /// (an image's path) put in.
    func substitutingURLs(in attributes: inout [String: String], line: Int, warnings: inout [Warning]) {
        let location = SourceLocation(line: line, column: 1)
        if let href = attributes["href"] {
            let (text, complete) = substituted(href, at: location, escaping: VariableValues.uriEscaped,
                                               consequence: "its text is shown without the link", warnings: &warnings)
            attributes["href"] = complete ? text : nil
        }
        if let source = attributes["src"] {
            attributes["src"] = substituted(source, at: location, escaping: VariableValues.pathEscaped,
                                            consequence: "the image's path is kept as written", warnings: &warnings).text
        }
    }

    /// An attribute body with the `{{…}}` of its strings put in, each value escaped for the
    /// string's quotes: a value becomes part of a string, never keys or syntax of the body.
    /// JSON5's comments are passed over, so that a quote inside one starts no string.
    func substitutedBody(_ body: String, at location: SourceLocation, warnings: inout [Warning]) -> String {
        guard body.contains("{{") else { return body }
        let characters = Array(body)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "/", next == "/" || next == "*" {
                let end = Self.commentEnd(in: characters, from: index + 2, block: next == "*")
                result += String(characters[index..<end])
                index = end
            } else if character == "'" || character == "\"" {
                var close = index + 1
                while close < characters.count, characters[close] != character {
                    close += characters[close] == "\\" ? 2 : 1
                }
                let literal = String(characters[(index + 1)..<min(close, characters.count)])
                result.append(character)
                result += substituted(literal, at: location, escaping: { Self.quoted($0, in: character) },
                                      consequence: "kept as written", warnings: &warnings).text
                if close < characters.count { result.append(character) }
                index = close + 1
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }

    /// Where a comment whose text starts at `start` ends: after its `*/` (a block comment) or
    /// before its line's end, or at the end of the body.
    private static func commentEnd(in characters: [Character], from start: Int, block: Bool) -> Int {
        var index = start
        while index < characters.count {
            if block, characters[index] == "*", index + 1 < characters.count, characters[index + 1] == "/" { return index + 2 }
            if !block, characters[index].isNewline { return index }
            index += 1
        }
        return characters.count
    }

    /// `value` written inside a JSON5 string between `quote`s.
    private static func quoted(_ value: String, in quote: Character) -> String {
        var text = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where Character(scalar) == quote: text += "\\" + String(quote)
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// How many warnings of one text are placed at their own reference.
    private static let locatedWarnings = 10

    /// Where `reference` is written, looked for from `location` over the few lines a link or
    /// tag may take; `location` itself when it is not found.
    private func located(_ reference: String, from location: SourceLocation) -> SourceLocation {
        guard location.line >= 1, location.line <= sourceLines.count else { return location }
        for line in location.line..<min(location.line + 8, sourceLines.count + 1) {
            let text = sourceLines[line - 1]
            let start = line == location.line ? text.utf8.index(text.utf8.startIndex, offsetBy: min(max(location.column - 1, 0), text.utf8.count)) : text.startIndex
            if let range = text[start...].range(of: reference) {
                return SourceLocation(line: line, column: text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1)
            }
        }
        return location
    }
}
