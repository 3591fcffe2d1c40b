import CCmarkGFM
import Foundation

/// `{{name}}` and `{{name, %.2f}}` in a note's text: the value of a front matter key or of a
/// `--var`, formatted by a printf-style specifier. A cmark-gfm inline extension puts the value
/// in as the paragraph is parsed, as text (never Markdown), so that an escaped `\{{`, a code
/// span or a code block keeps it as written.
enum VariableExtension {
    static let shared: OpaquePointer = {
        let ext = cmark_syntax_extension_new("letterpress_variables")!
        let characters = cmark_llist_append(cmark_get_default_mem_allocator(), nil,
                                            UnsafeMutableRawPointer(bitPattern: UInt(openBrace)))
        cmark_syntax_extension_set_special_inline_chars(ext, characters)
        cmark_syntax_extension_set_match_inline_func(ext, match)
        return ext
    }()

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    /// Longest `{{…}}` looked for, so that a stray `{{` costs little.
    private static let longest: Int32 = 256

    private static let match: cmark_match_inline_func = { ext, _, _, character, inline in
        guard let ext, let inline, character == openBrace else { return nil }
        let start = cmark_inline_parser_get_offset(inline)
        guard cmark_inline_parser_peek_at(inline, start + 1) == openBrace,
              let (inside, end) = reference(inline, from: start + 2) else { return nil }
        let parts = inside.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, VariableName.isValid(name) else { return nil }
        let location = SourceLocation(line: Int(cmark_inline_parser_get_line(inline)), column: Int(cmark_inline_parser_get_column(inline)))
        let session = ParseSession.of(ext)
        guard let value = session.variables[name] else {
            let hint = Hint.suggestion(for: name, among: Array(session.variables.keys))
            session.variableWarnings.append(Warning(file: session.file, location: location, message: "no variable \(Excerpt.quoted(name)) in the front matter or --var\(hint); kept as written",
                                                    kind: "undefined variables"))
            return nil
        }
        var text = value
        if parts.count == 2 {
            switch VariableFormat.apply(parts[1], to: value) {
            case let .success(formatted):
                text = formatted
            case let .failure(problem):
                session.variableWarnings.append(Warning(file: session.file, location: location,
                                                        message: "{{\(name), \(parts[1])}}: \(problem.message); the value is shown as it is"))
            }
        }
        cmark_inline_parser_set_offset(inline, end)
        return AttributeExtension.textNode(text)
    }

    /// The text up to `}}` on the same line, and the offset after it; nil when there is none.
    private static func reference(_ inline: OpaquePointer, from start: Int32) -> (String, Int32)? {
        var bytes: [UInt8] = []
        var position = start
        while position < start + longest {
            let character = cmark_inline_parser_peek_at(inline, position)
            if character == 0 || character == UInt8(ascii: "\n") || character == openBrace { return nil }
            if character == closeBrace {
                guard cmark_inline_parser_peek_at(inline, position + 1) == closeBrace else { return nil }
                return (String(decoding: bytes, as: UTF8.self), position + 2)
            }
            bytes.append(character)
            position += 1
        }
        return nil
    }
}

/// What may name a variable: a letter or `_`, then letters, digits, `_`, `-` and `.`. Other
/// text in double braces (a template sample's `{{ x + 1 }}`, say) is not a variable and stays
/// as written without a word.
public enum VariableName {
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }
}

/// A printf-style specifier applied to a variable's value: `%d` `%i` `%u` `%o` `%x` `%X`
/// (whole numbers), `%f` `%F` `%e` `%E` `%g` `%G` `%a` `%A` (numbers), `%s` (text), with the
/// flags `-+ 0#`, a width and a precision, as in C.
public enum VariableFormat {
    public struct Problem: Error, Equatable {
        public var message: String
    }

    public static func apply(_ specifier: String, to value: String) -> Result<String, Problem> {
        guard let spec = Spec(specifier) else {
            return .failure(Problem(message: "\(Excerpt.quoted(specifier)) is not a printf specifier such as %.2f, %05d or %-10s"))
        }
        let number = value.trimmingCharacters(in: .whitespaces)
        switch spec.conversion {
        case "s":
            var text = value
            if let precision = spec.precision { text = String(text.prefix(precision)) }
            let padding = String(repeating: " ", count: max((spec.width ?? 0) - text.count, 0))
            return .success(spec.flags.contains("-") ? text + padding : padding + text)
        case "d", "i", "u", "o", "x", "X":
            guard let whole = Int(number) ?? Double(number).flatMap({ $0.rounded() == $0 && abs($0) < 9e18 ? Int($0) : nil }) else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a whole number"))
            }
            return .success(String(format: spec.prefix + "l" + String(spec.conversion), whole))
        default:
            guard let real = Double(number) else { return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a number")) }
            return .success(String(format: spec.prefix + String(spec.conversion), real))
        }
    }

    /// `%`, flags, width, precision and one conversion, nothing else.
    private struct Spec {
        var flags: String
        var width: Int?
        var precision: Int?
        var conversion: Character
        /// The specifier without its conversion, for `String(format:)`.
        var prefix: String { "%" + flags + (width.map(String.init) ?? "") + (precision.map { ".\($0)" } ?? "") }

        init?(_ text: String) {
            var rest = Substring(text)
            guard rest.popFirst() == "%" else { return nil }
            flags = String(rest.prefix { "-+ 0#".contains($0) })
            rest = rest.dropFirst(flags.count)
            // Digits too many for an `Int` make no specifier (rather than none of a width).
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            width = digits.isEmpty ? nil : Int(digits)
            guard digits.isEmpty || width != nil else { return nil }
            rest = rest.dropFirst(digits.count)
            if rest.first == "." {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard let value = digits.isEmpty ? 0 : Int(digits) else { return nil }
                precision = value
                rest = rest.dropFirst(digits.count)
            }
            // Room for any sensible column, and no more: `%999999d` would build a huge string.
            guard rest.count == 1, let conversion = rest.first, "diouxXeEfFgGaAs".contains(conversion),
                  (width ?? 0) <= 200, (precision ?? 0) <= 200 else { return nil }
            self.conversion = conversion
        }
    }
}
