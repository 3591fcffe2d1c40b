import CCmarkGFM
import Foundation
import LetterpressCore

/// `{{name}}` and `{{name, %.2f}}` in a note's text: the value of a front matter key or of a
/// `--var`, formatted by a printf-style specifier, a named format or a plural or select
/// (`MessageFormat`). A cmark-gfm inline extension puts the value
/// in as the paragraph is parsed, as text (never Markdown), so that an escaped `\{{`, a code
/// span or a code block keeps it as written.
enum VariableExtension {
    /// Unchecked: made once (Swift runs a static's initializer once, under a lock), then only read.
    nonisolated(unsafe) static let shared: OpaquePointer = {
        let ext = cmark_syntax_extension_new("letterpress_variables")!
        let characters = cmark_llist_append(cmark_get_default_mem_allocator(), nil,
                                            UnsafeMutableRawPointer(bitPattern: UInt(openBrace)))
        cmark_syntax_extension_set_special_inline_chars(ext, characters)
        cmark_syntax_extension_set_match_inline_func(ext, match)
        cmark_syntax_extension_set_postprocess_func(ext) { _, _, root in
            if let root { placeValues(under: root) }
            return root
        }
        return ext
    }()

    /// Turns the values' code nodes into text again, merged with the text around them as
    /// cmark merges adjacent text (before extensions postprocess, hence code nodes until then),
    /// noting on each merged node where its values are, for the walk. Ours must run before the
    /// autolink extension's, which reads the merged text.
    private static func placeValues(under root: OpaquePointer) {
        var values: [OpaquePointer] = []
        walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_CODE, AttributeExtension.payload(of: node)?.value != nil { values.append(node) }
        }
        var parents = Set<OpaquePointer>()
        for node in values {
            let literal = CmarkNode.literal(node)
            guard cmark_node_set_type(node, CMARK_NODE_TEXT) != 0 else { continue }
            cmark_node_set_literal(node, literal)
            if let parent = cmark_node_parent(node) { parents.insert(parent) }
        }
        // Each parent's children once: a paragraph may hold thousands of values.
        for parent in parents {
            var child = cmark_node_first_child(parent)
            while let current = child {
                child = cmark_node_get_type(current) == CMARK_NODE_TEXT ? merge(from: current) : cmark_node_next(current)
            }
        }
    }

    /// The text nodes from `first` on merged into it, with where their values are, when they
    /// hold any; the node after them.
    private static func merge(from first: OpaquePointer) -> OpaquePointer? {
        var placed: [(range: Range<Int>, reference: VariableReference)] = []
        var text = ""
        var length = 0
        var node: OpaquePointer? = first
        var merged: [OpaquePointer] = []
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT {
            let literal = CmarkNode.literal(current)
            let count = literal.utf8.count
            if let reference = AttributeExtension.payload(of: current)?.value { placed.append((length..<(length + count), reference)) }
            text += literal
            length += count
            if current != first { merged.append(current) }
            node = cmark_node_next(current)
        }
        guard !placed.isEmpty else { return node }
        merged.forEach { cmark_node_free($0) }
        cmark_node_set_literal(first, text)
        let payload = AttributeExtension.payload(of: first) ?? {
            let payload = AttributePayload(line: 0, column: 0)
            AttributeExtension.attach(payload, to: first)
            return payload
        }()
        payload.placed = placed
        return node
    }

    /// Calls `body` with every node under `root`, on entering it.
    private static func walk(_ root: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { body(node) }
        }
    }

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    /// Longest `{{…}}` looked for, so that a stray `{{` costs little.
    private static let longest: Int32 = 256
    /// Longest `{{name, plural, …}}` looked for.
    private static let longestPattern: Int32 = 4096

    private static let match: cmark_match_inline_func = { ext, _, parent, character, inline in
        guard let ext, let inline, let parent, character == openBrace else { return nil }
        let start = cmark_inline_parser_get_offset(inline)
        let session = ParseSession.of(ext)
        let location = SourceLocation(line: CmarkNode.line(of: inline, in: parent, lineOffset: session.lineOffset),
                                      column: Int(cmark_inline_parser_get_column(inline)))
        guard cmark_inline_parser_peek_at(inline, start + 1) == openBrace else {
            return PageReference.match(inline, at: location, session: session)
        }
        let inside: String
        let end: Int32
        switch reference(inline, from: start + 2, session: session) {
        case .none:
            return nil
        case let .unclosed(text, tooLong):
            // Only what reads as a plural or select of a variable: other braces are no business of ours.
            let parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, VariableName.isValid(parts[0]), MessageFormat.isPattern(parts[1]) {
                let pattern = "'{{\(parts[0]), \(parts[1].prefix { $0 != "," }), …}}'"
                let problem = tooLong ? "this \(pattern) is longer than \(longestPattern) bytes, the longest pattern read"
                    : "the braces of this \(pattern) do not balance before its line ends"
                session.variableWarnings.append(Warning(code: .invalidVariable, file: session.file, location: location, message: problem + "; kept as written"))
            }
            return nil
        case let .found(text, after):
            (inside, end) = (text, after)
        }
        let parts = inside.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let name = parts.first, VariableName.isValid(name) else { return nil }
        guard let value = session.variables[name] else {
            let hint = session.variableNames.suggestion(for: name)
            session.variableWarnings.append(Warning(code: .undefinedVariable, file: session.file, location: location, message: "no variable \(Excerpt.quoted(name)) in the front matter or \(OptionWords.variables)\(hint); kept as written",
                                                    kind: "undefined variables"))
            return nil
        }
        guard session.mayExpand else { return nil }
        var text = value
        let key = parts.count == 2 ? localizedKey(parts[1]) : nil
        if parts.count == 2, key == nil {
            switch format(parts[1], of: name, inside: inside, value: value, at: location, session: session) {
            case let .success(formatted):
                text = formatted
            case let .failure(problem):
                // The pattern starts two bytes after `{{`; ICU's offsets count from the `{` put before it.
                let column = problem.offset.map { location.column + 1 + $0 } ?? location.column
                session.variableWarnings.append(Warning(code: .invalidVariable, file: session.file, location: SourceLocation(line: location.line, column: column),
                                                        message: "{{\(name), \(Excerpt.cleaned(parts[1], maximumLength: Excerpt.maximumLength))}}: \(problem.message); the value is shown as it is"))
            }
        }
        guard session.spendExpansion(text.utf8.count, at: location) else { return nil }
        cmark_inline_parser_set_offset(inline, end)
        // A code node until cmark has merged its text nodes (see `placeValues`), so that the
        // walk can tell the value from the text around it.
        let node = cmark_node_new_with_mem(CMARK_NODE_CODE, cmark_get_default_mem_allocator())!
        cmark_node_set_literal(node, text.utf8.contains(0) ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text)
        // The walk translates `localized:` (its translation may hold Markdown), formats the
        // value again inside a `locale:` span, and makes it a value of a phrase it is in.
        let payload = AttributePayload(line: location.line, column: location.column)
        payload.value = VariableReference(inside: inside, value: value, format: parts.count == 2 ? parts[1] : nil, localizedKey: key,
                                          range: start..<end, location: location)
        AttributeExtension.attach(payload, to: node)
        return node
    }

    /// `value` written as `format` says: a message pattern (`plural, …`) through ICU, with
    /// every variable as an argument, else a printf specifier or a named format.
    private static func format(_ format: String, of name: String, inside: String, value: String, at location: SourceLocation,
                               session: ParseSession) -> Result<String, MessageFormat.Problem> {
        if MessageFormat.isPattern(format) {
            return MessageFormat.format("{" + inside + "}", arguments: session.variables, locale: session.locale)
        }
        return VariableFormat.apply(format, to: value, locale: session.locale, variables: session.variables)
            .mapError { MessageFormat.Problem(message: $0.message) }
    }

    /// `files.count` of `localized: 'files.count'` (or in double quotes); nil for another format.
    private static func localizedKey(_ format: String) -> String? {
        guard format.hasPrefix("localized") else { return nil }
        let key = format.dropFirst("localized".count).drop { $0 == " " }
        guard key.first == ":" else { return nil }
        let quoted = key.dropFirst().trimmingCharacters(in: .whitespaces)
        guard quoted.count >= 2, let quote = quoted.first, quote == "'" || quote == "\"", quoted.last == quote else { return nil }
        return String(quoted.dropFirst().dropLast())
    }

    private enum Reference {
        /// The text between the braces, and the offset after the closing `}}`.
        case found(String, Int32)
        /// No reference: text in braces that is kept as written without a word.
        case none
        /// A message pattern whose braces do not close on its line, as far as it was read, and
        /// whether it was read up to the longest pattern rather than to its line's end.
        case unclosed(String, tooLong: Bool)
    }

    /// The text up to `}}` on the same line. Braces nest only in a message pattern, that is
    /// after a second comma (`{{n, plural, one {# file} other {# files}}}`), so that a stray
    /// `{{` costs little; a pattern may be longer, and reads from the attribute scanner's
    /// budget, so that text full of unclosed patterns still takes linear time.
    private static func reference(_ inline: OpaquePointer, from start: Int32, session: ParseSession) -> Reference {
        var bytes: [UInt8] = []
        var position = start
        var commas = 0
        var depth = 0
        var pattern = false
        while position < start + (pattern ? longestPattern : longest) {
            if pattern {
                session.scanBudget -= 1
                guard session.scanBudget > 0 else { return .none }
            }
            let character = cmark_inline_parser_peek_at(inline, position)
            if character == 0 || character == UInt8(ascii: "\n") { break }
            switch character {
            case openBrace:
                guard commas >= 2 else { return .none }
                pattern = true
                depth += 1
            case closeBrace where depth > 0:
                depth -= 1
            case closeBrace:
                guard cmark_inline_parser_peek_at(inline, position + 1) == closeBrace else {
                    return pattern ? .unclosed(String(decoding: bytes, as: UTF8.self), tooLong: false) : .none
                }
                return .found(String(decoding: bytes, as: UTF8.self), position + 2)
            case UInt8(ascii: ",") where depth == 0:
                commas += 1
            default:
                break
            }
            bytes.append(character)
            position += 1
        }
        let tooLong = position >= start + longestPattern
        return pattern ? .unclosed(String(decoding: bytes, as: UTF8.self), tooLong: tooLong) : .none
    }
}

/// A `{{…}}` put in the text: what is inside its braces, the variable's value as given, its
/// format, the key of `localized: 'key'`, and where it is in cmark's subject.
struct VariableReference {
    var inside: String
    var value: String
    var format: String?
    var localizedKey: String?
    var range: Range<Int32>
    var location: SourceLocation

    /// The specifier Swift's string interpolation would give the value in a key: a printf
    /// format as written, `%lld` for a whole number, `%lf` for another number, else `%@`.
    var keySpecifier: String {
        if let format {
            return format.hasPrefix("%") ? format : "%@"
        }
        let number = value.trimmingCharacters(in: .whitespaces)
        if Int(number) != nil { return "%lld" }
        return Double(number) != nil && number.rangeOfCharacter(from: .letters) == nil ? "%lf" : "%@"
    }
}

/// What may name a variable: a letter or `_`, then letters, digits, `_`, `-` and `.`. Other
/// text in double braces (a template sample's `{{ x + 1 }}`, say) is not a variable and stays
/// as written without a word.
package enum VariableName {
    package static func isValid(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0) }
    }
}

/// A printf-style specifier applied to a variable's value, as Apple's `String(format:)` takes
/// it: `%d` `%i` `%u` `%o` `%x` `%X` (whole numbers), `%f` `%F` `%e` `%E` `%g` `%G` `%a` `%A`
/// (numbers), `%s` `%@` (text; `%@` ignores width and precision, as CFString does), Apple's
/// `%D` `%U` `%O` (`%ld` `%lu` `%lo`); the flags `-+ 0#` and `'` (the locale's grouping and decimal
/// separator, for `d i u f F`), a width, a precision, a length modifier (`h hh l ll q L z t j`),
/// and the position `1$` (a variable is one value). A specifier that does not start with `%`
/// names a locale-aware format (`LocalizedFormat`).
package enum VariableFormat {
    package struct Problem: Error, Equatable {
        package var message: String
    }

    /// `value` formatted by `specifier`; `locale` (an identifier such as `de` or `fr_CA`)
    /// separates digits for `'` and the named formats; `variables` are the other values a
    /// format may name (the end of `range: end`).
    package static func apply(_ specifier: String, to value: String, locale: String = "en",
                             variables: [String: String] = [:]) -> Result<String, Problem> {
        guard specifier.hasPrefix("%") else { return LocalizedFormat.apply(specifier, to: value, locale: locale, variables: variables) }
        let spec: Spec
        switch Spec.parse(specifier) {
        case let .success(parsed): spec = parsed
        case let .failure(problem): return .failure(problem)
        }
        let number = value.trimmingCharacters(in: .whitespaces)
        var text: String
        switch spec.conversion {
        case "@":
            // CFString puts an object's description in whole, whatever the width or precision.
            return .success(value)
        case "s":
            text = value
            if let precision = spec.precision { text = String(text.prefix(precision)) }
            return .success(spec.padded(text))
        case "d", "i", "u", "o", "x", "X":
            guard let whole = Int(number) ?? Double(number).flatMap({ $0.rounded() == $0 && abs($0) < 9e18 ? Int($0) : nil }) else {
                return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a whole number"))
            }
            // Every length but `h` and `hh` is 64 bits here, as `Int` is.
            let length = spec.length.hasPrefix("h") ? spec.length : "l"
            guard spec.grouped else { return .success(String(format: spec.prefix + length + String(spec.conversion), whole)) }
            text = String(format: "%" + length + String(spec.conversion), whole)
        default:
            guard let real = Double(number) else { return .failure(Problem(message: "\(Excerpt.quoted(value)) is not a number")) }
            guard spec.grouped else { return .success(String(format: spec.prefix + String(spec.conversion), real)) }
            text = String(format: "%" + (spec.precision.map { ".\($0)" } ?? "") + String(spec.conversion), real)
        }
        // Grouped: C's digits (its rounding kept), separated as the locale writes numbers.
        guard let grouped = LocalizedFormat.grouped(digits: text, locale: locale) else { return .success(text) }
        var sign = ""
        var digits = grouped
        if grouped.first == "-" || grouped.first == "\u{2212}" {
            sign = String(grouped.prefix(1))
            digits = String(grouped.dropFirst())
        } else if spec.flags.contains("+") {
            sign = "+"
        } else if spec.flags.contains(" ") {
            sign = " "
        }
        let room = max((spec.width ?? 0) - sign.count - digits.count, 0)
        if spec.flags.contains("0") && !spec.flags.contains("-") {
            return .success(sign + String(repeating: "0", count: room) + digits)
        }
        return .success(spec.padded(sign + digits))
    }

    /// `%`, a position, flags, width, precision, a length modifier and one conversion, nothing else.
    private struct Spec {
        var flags: String
        var width: Int?
        var precision: Int?
        var length: String
        var conversion: Character
        /// The specifier without its position, grouping, length and conversion, for `String(format:)`.
        var prefix: String {
            "%" + flags.filter { $0 != "'" } + (width.map(String.init) ?? "") + (precision.map { ".\($0)" } ?? "")
        }
        var grouped: Bool { flags.contains("'") }

        /// `text` padded with spaces to the width, on the left unless the `-` flag says right.
        func padded(_ text: String) -> String {
            let padding = String(repeating: " ", count: max((width ?? 0) - text.count, 0))
            return flags.contains("-") ? text + padding : padding + text
        }

        static func parse(_ text: String) -> Result<Spec, Problem> {
            let unknown = Problem(message: "\(Excerpt.quoted(text)) is not a printf specifier such as %.2f, %05d, %lld or %@")
            var rest = Substring(text.dropFirst())
            let position = rest.prefix { $0.isASCII && $0.isNumber }
            if !position.isEmpty, rest.dropFirst(position.count).first == "$" {
                guard position == "1" else {
                    return .failure(Problem(message: "\(Excerpt.quoted(text)) asks for value \(position), but a variable is one value: only %1$ is there"))
                }
                rest = rest.dropFirst(2)
            }
            let flags = String(rest.prefix { "-+ 0#'".contains($0) })
            rest = rest.dropFirst(flags.count)
            // Digits too many for an `Int` make no specifier (rather than none of a width).
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let width = digits.isEmpty ? nil : Int(digits)
            guard digits.isEmpty || width != nil else { return .failure(unknown) }
            rest = rest.dropFirst(digits.count)
            var precision: Int?
            if rest.first == "." {
                rest = rest.dropFirst()
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard let value = digits.isEmpty ? 0 : Int(digits) else { return .failure(unknown) }
                precision = value
                rest = rest.dropFirst(digits.count)
            }
            let length = ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"].first { rest.hasPrefix($0) } ?? ""
            rest = rest.dropFirst(length.count)
            // Room for any sensible column, and no more: `%999999d` would build a huge string.
            guard rest.count == 1, var conversion = rest.first, "diouxXeEfFgGaAs@DUO".contains(conversion),
                  (width ?? 0) <= 200, (precision ?? 0) <= 200 else { return .failure(unknown) }
            if let lower = ["D": "d", "U": "u", "O": "o"][conversion] {
                guard length.isEmpty else { return .failure(unknown) }
                conversion = Character(lower)
            }
            let lengths = "diouxX".contains(conversion) ? ["", "hh", "h", "l", "ll", "q", "z", "t", "j"]
                : "s@".contains(conversion) ? [""] : ["", "l", "L"]
            guard lengths.contains(length) else {
                return .failure(Problem(message: "\(Excerpt.quoted(text)): %\(conversion) takes no length \(Excerpt.quoted(length))"))
            }
            guard !flags.contains("'") || "diuFf".contains(conversion) else {
                return .failure(Problem(message: "\(Excerpt.quoted(text)): the ' flag groups the digits of %d, %i, %u, %f and %F only"))
            }
            return .success(Spec(flags: flags, width: width, precision: precision, length: length, conversion: conversion))
        }
    }
}
