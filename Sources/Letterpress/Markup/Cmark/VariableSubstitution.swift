import Foundation

/// Puts `{{…}}` values in where a note names them outside its text, which cmark's inline
/// parser hands over whole (link destinations, image paths, HTML `href` and `src`, attribute
/// bodies), with warnings at the line and column of each `{{`.
struct VariableSubstitution {
    let values: VariableValues
    let file: String
    let sourceLines: [Substring]

    /// `text`, written at `location`, with each `{{…}}` put in through `escaping`, and whether
    /// every variable was defined; an undefined one stays as written, with a warning whose
    /// message ends with `consequence`.
    func substituted(_ text: String, at location: SourceLocation?, escaping: (String) -> String = { $0 },
                     consequence: String, warnings: inout [Warning]) -> (text: String, complete: Bool) {
        var found: [Warning] = []
        let result = values.substituted(in: text, escaping: escaping) { message, undefined, offset in
            let reference = VariableValues.references(in: String(decoding: text.utf8.dropFirst(offset), as: UTF8.self)).first
            let place = location.map { located(reference.map { "{{\($0.inside)}}" } ?? "{{", from: $0) }
            found.append(Warning(file: file, location: place, message: undefined ? message + "; " + consequence : message,
                                 kind: undefined ? VariableValues.undefinedKind : nil))
        }
        warnings += found
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
    func substitutedBody(_ body: String, at location: SourceLocation, warnings: inout [Warning]) -> String {
        guard body.contains("{{") else { return body }
        var result = ""
        var literal = ""
        var quote: Character?
        var escaped = false
        for character in body {
            guard let open = quote else {
                result.append(character)
                if character == "'" || character == "\"" { quote = character }
                continue
            }
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == open {
                result += substituted(literal, at: location, escaping: { Self.quoted($0, in: open) },
                                      consequence: "kept as written", warnings: &warnings).text
                result.append(character)
                literal = ""
                quote = nil
                continue
            }
            literal.append(character)
        }
        return result + literal
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

    /// Where `reference` is written, looked for from `location` over the few lines a link or
    /// tag may take; `location` itself when it is not found.
    private func located(_ reference: String, from location: SourceLocation) -> SourceLocation {
        for line in location.line..<min(location.line + 8, sourceLines.count + 1) where line >= 1 {
            let text = sourceLines[line - 1]
            let start = line == location.line ? text.utf8.index(text.utf8.startIndex, offsetBy: min(max(location.column - 1, 0), text.utf8.count)) : text.startIndex
            if let range = text[start...].range(of: reference) {
                return SourceLocation(line: line, column: text.utf8.distance(from: text.startIndex, to: range.lowerBound) + 1)
            }
        }
        return location
    }
}
