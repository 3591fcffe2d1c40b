import Foundation
import LetterpressCore

/// The values `{{name}}` and `{{name, format}}` stand for in one note (the front matter's
/// variables and `--var`s, formatted for its locale), in its text (`VariableExtension`) and
/// where cmark's inline parser does not look: link destinations, image paths, HTML `href` and
/// `src`, strings in attribute bodies, and the theme's headers and footers.
package struct VariableValues: Sendable {
    let values: [String: String]
    /// The locale identifier (`de`, `fr_CA`) that formats them.
    let locale: String
    /// The variables' names, for "did you mean" hints.
    private let names: NameSuggester

    package init(_ values: [String: String] = [:], locale: String = "en") {
        self.values = values
        self.locale = locale
        names = NameSuggester(values.keys)
    }

    /// The kind `Warning.summarized` counts undefined variables under.
    package static let undefinedKind = "undefined variables"
    /// Longest inside of a `{{…}}` looked for, so that a stray `{{` costs little.
    static let longestReference = 256

    /// What the inside of a `{{…}}` stands for.
    package enum Resolution: Equatable {
        /// The value, formatted, and what was wrong with the format (the value is then as it is).
        case value(String, problem: String?)
        /// No such variable: the message says so, with a hint.
        case undefined(String)
    }

    /// What `{{inside}}` stands for; nil when `inside` names no variable (a template sample's
    /// `{{ x + 1 }}`), which stays as written without a word.
    package func resolve(_ inside: String) -> Resolution? {
        let parts = inside.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, VariableName.isValid(name) else { return nil }
        guard let value = values[name] else {
            let hint = names.suggestion(for: name)
            return .undefined("no variable \(Excerpt.quoted(name)) in the front matter or \(OptionWords.variables)\(hint)")
        }
        guard parts.count == 2 else { return .value(value, problem: nil) }
        if MessageFormat.isPattern(parts[1]) {
            switch MessageFormat.format("{" + inside + "}", arguments: values, locale: locale) {
            case let .success(formatted):
                return .value(formatted, problem: nil)
            case let .failure(problem):
                return .value(value, problem: "{{\(name), \(Excerpt.cleaned(parts[1], maximumLength: Excerpt.maximumLength))}}: \(problem.message); the value is shown as it is")
            }
        }
        switch VariableFormat.apply(parts[1], to: value, locale: locale, variables: values) {
        case let .success(formatted):
            return .value(formatted, problem: nil)
        case let .failure(problem):
            return .value(value, problem: "{{\(name), \(parts[1])}}: \(problem.message); the value is shown as it is")
        }
    }

    /// A `{{…}}` of a text: where it is (UTF-8 offsets) and what is inside.
    package struct Reference: Equatable {
        package var range: Range<Int>
        package var inside: String
    }

    /// The `{{…}}` of `text` that name a variable, found as in text: on one line, braces inside
    /// only in a message pattern (after a second comma), as `VariableExtension` reads them.
    package static func references(in text: String) -> [Reference] {
        let bytes = Array(text.utf8)
        var references: [Reference] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            if let close = closingBraces(in: bytes, from: index + 2) {
                let inside = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                if VariableName.isValid(inside.split(separator: ",", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") {
                    references.append(Reference(range: index..<(close + 2), inside: inside))
                    index = close + 2
                    continue
                }
            }
            index += 1
        }
        return references
    }

    /// Longest message pattern (`{{n, plural, …}}`) looked for.
    static let longestPattern = 4096

    /// Where the `}}` that closes a reference whose inside starts at `start` is; nil when none does.
    private static func closingBraces(in bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        var commas = 0
        var depth = 0
        while position < bytes.count, position - start < (depth > 0 || commas >= 2 ? longestPattern : longestReference) {
            switch bytes[position] {
            case UInt8(ascii: "\n"):
                return nil
            case UInt8(ascii: "{"):
                guard commas >= 2 else { return nil }
                depth += 1
            case UInt8(ascii: "}") where depth > 0:
                depth -= 1
            case UInt8(ascii: "}"):
                return position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "}") ? position : nil
            case UInt8(ascii: ",") where depth == 0:
                commas += 1
            default:
                break
            }
            position += 1
        }
        return nil
    }

    /// `text` with each `{{…}}` replaced by its value passed through `escaping`; `problem` is
    /// told each message (an undefined variable, which stays as written, or a bad format) and
    /// the reference it is about. Whether every variable was defined comes back too.
    func substituted(in text: String, escaping: (String) -> String = { $0 },
                            problem: (_ message: String, _ undefined: Bool, _ reference: Reference) -> Void) -> (text: String, complete: Bool) {
        let references = Self.references(in: text)
        guard !references.isEmpty else { return (text, true) }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var complete = true
        var position = 0
        for reference in references {
            result += bytes[position..<reference.range.lowerBound]
            position = reference.range.upperBound
            switch resolve(reference.inside) {
            case let .value(value, message)?:
                if let message { problem(message, false, reference) }
                result += escaping(value).utf8
            case let .undefined(message)?:
                complete = false
                problem(message, true, reference)
                result += bytes[reference.range]
            case nil:
                result += bytes[reference.range]
            }
        }
        result += bytes[position...]
        return (String(decoding: result, as: UTF8.self), complete)
    }

    /// A value put in a link's destination: the characters a URI may not hold percent-encoded
    /// (a space, quotes, `<>\^`{|}`, controls, other scripts), a `%` that starts no `%XX` as
    /// `%25`. Reserved characters (`/ ? # & =`) stay, since the value may be a whole URL or
    /// path; a value meaning them literally writes them percent-encoded.
    static func uriEscaped(_ value: String) -> String {
        let bytes = Array(value.utf8)
        var result = ""
        for (index, byte) in bytes.enumerated() {
            let scalar = Unicode.Scalar(byte)
            let isHexDigit = { (offset: Int) in index + offset < bytes.count && Character(Unicode.Scalar(bytes[index + offset])).isHexDigit }
            if byte == UInt8(ascii: "%") ? isHexDigit(1) && isHexDigit(2) : uriCharacters.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// RFC 3986's unreserved and reserved characters.
    private static let uriCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=")

    /// A value put in an image's path, which is read percent-decoded (`ImagePath`): its `%`
    /// written `%25`, so that the value names the file it says.
    static func pathEscaped(_ value: String) -> String {
        value.replacingOccurrences(of: "%", with: "%25")
    }
}
