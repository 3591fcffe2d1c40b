import Foundation
import LetterpressCore

/// A translation with a phrase's values put in, as Apple's `String(format:)` with several
/// arguments would: its text with a marker where each value goes (the text is Markdown, read
/// after the values are placed, so that a value is never read as Markdown), and what each
/// marker shows.
package struct FilledTranslation: Equatable {
    /// The text, each value's place marked by `marker(k)` for the `k`th fill.
    package var text: String
    package var fills: [Fill]

    package struct Fill: Equatable {
        /// Which of the phrase's values (from 0).
        package var argument: Int
        /// The value as the specifier formats it.
        package var text: String
        /// Whether the specifier is `%@`, which puts the value in as it is (with its style).
        package var isObject: Bool
    }

    static let markerStart: Unicode.Scalar = "\u{E004}"
    static let markerEnd: Unicode.Scalar = "\u{E005}"

    /// What stands for the `k`th fill in `text`: private-use characters, which Markdown reads as
    /// letters, so that `**%@**` still makes strong text.
    static func marker(_ k: Int) -> String { "\u{E004}\(k)\u{E005}" }
}

extension StringTable.Entry {
    /// The entry with `values` (as their phrase gives them, in order) put in for `locale`: each
    /// `%#@name@` replaced by the form of its value's CLDR plural category (`zero` for 0 where
    /// the table gives one), then each printf specifier marked. Specifiers without a position
    /// take the values in turn, a `%#@name@` taking one as a specifier does; `%2$@` names one.
    func filled(with values: [String], locale: String) -> Result<FilledTranslation, VariableFormat.Problem> {
        let (positional, ruleValues) = Self.positional(format)
        var text = ""
        var last = positional.startIndex
        for match in Self.placeholder.matches(in: positional, range: NSRange(positional.startIndex..., in: positional)) {
            guard let range = Range(match.range, in: positional), let name = Self.ruleName(match, in: positional) else { continue }
            text += positional[last..<range.lowerBound]
            last = range.upperBound
            guard let forms = plurals[name] else {
                return .failure(VariableFormat.Problem(message: "the entry's \(Excerpt.quoted("%#@\(name)@")) names no plural rule of the table"))
            }
            let position = pluralArguments[name] ?? ruleValues[name] ?? 1
            guard position <= values.count else { return .failure(Self.tooFew(position, values.count)) }
            switch Self.form(of: forms, for: values[position - 1], locale: locale) {
            case let .success(form): text += Self.positional(form, pinnedTo: position)
            case let .failure(problem): return .failure(problem)
            }
        }
        text += positional[last...]
        return Self.marked(text, values: values, locale: locale)
    }

    /// The form of `forms` for `value`'s plural category in `locale`, or `other`.
    private static func form(of forms: [String: String], for value: String, locale: String) -> Result<String, VariableFormat.Problem> {
        guard let category = MessageFormat.pluralCategory(of: value, locale: locale) else {
            return .failure(VariableFormat.Problem(message: "\(Excerpt.quoted(value)) is not a number, which this plural entry needs"))
        }
        let zero = Double(value.trimmingCharacters(in: .whitespaces)) == 0 ? forms["zero"] : nil
        guard let form = zero ?? forms[category] ?? forms["other"] else {
            let missing = category == "other" ? "" : "\(Excerpt.quoted(category)) form and no "
            return .failure(VariableFormat.Problem(message: "the plural entry has no \(missing)'other' form"))
        }
        return .success(form)
    }

    private static func tooFew(_ position: Int, _ count: Int) -> VariableFormat.Problem {
        VariableFormat.Problem(message: "the entry asks for value \(position), but the phrase has \(count == 0 ? "none" : "only \(count)")")
    }

    // `%%`, or `%`, a position, then `#@name@` or flags, width, precision, length and conversion.
    private static let placeholder = try! NSRegularExpression(
        pattern: #"%%|%([0-9]+\$)?(#@[^@]*@|[-+ 0#']*[0-9]*(?:\.[0-9]*)?(?:hh|ll|[hlqLztj])?[diouxXeEfFgGaAs@DUO])"#)

    /// The `name` of a match that is `%#@name@`.
    private static func ruleName(_ match: NSTextCheckingResult, in text: String) -> String? {
        guard let range = Range(match.range(at: 2), in: text), text[range].hasPrefix("#@") else { return nil }
        return String(text[range].dropFirst(2).dropLast())
    }

    /// `format` with a position on every specifier and `%#@name@` (those without one numbered in
    /// turn), and the value each rule takes.
    private static func positional(_ format: String) -> (String, [String: Int]) {
        var next = 0
        var rules: [String: Int] = [:]
        let text = rewritten(format) { match, body, position in
            let number = position ?? {
                next += 1
                return next
            }()
            if let name = ruleName(match, in: format) { rules[name] = rules[name] ?? number }
            return "%\(number)$" + body
        }
        return (text, rules)
    }

    /// A plural form with its specifiers that have no position given `position`: they format
    /// the value the form was chosen by.
    private static func positional(_ form: String, pinnedTo position: Int) -> String {
        rewritten(form) { _, body, written in "%\(written ?? position)$" + body }
    }

    /// `text` with each specifier but `%%` replaced by what `replacement` makes of its match,
    /// the part after its position and the position, if it has one.
    private static func rewritten(_ text: String, _ replacement: (NSTextCheckingResult, Substring, Int?) -> String) -> String {
        var result = ""
        var last = text.startIndex
        for match in placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text), text[range] != "%%", let body = Range(match.range(at: 2), in: text) else { continue }
            result += text[last..<range.lowerBound]
            last = range.upperBound
            let position = Range(match.range(at: 1), in: text).flatMap { Int(text[$0].dropLast()) }
            result += replacement(match, text[body], position)
        }
        return result + text[last...]
    }

    /// `text` (every specifier positional) with each specifier replaced by a marker, and `%%` by `%`.
    private static func marked(_ text: String, values: [String], locale: String) -> Result<FilledTranslation, VariableFormat.Problem> {
        var result = ""
        var fills: [FilledTranslation.Fill] = []
        var last = text.startIndex
        for match in placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            result += text[last..<range.lowerBound]
            last = range.upperBound
            guard text[range] != "%%" else {
                result += "%"
                continue
            }
            guard let body = Range(match.range(at: 2), in: text), let positionRange = Range(match.range(at: 1), in: text),
                  let position = Int(text[positionRange].dropLast()) else { continue }
            if text[body].hasPrefix("#@") {
                return .failure(VariableFormat.Problem(message: "a form of the entry holds \(Excerpt.quoted(String(text[range]))), which no rule fills"))
            }
            guard position >= 1, position <= values.count else { return .failure(tooFew(position, values.count)) }
            switch VariableFormat.apply("%" + text[body], to: values[position - 1], locale: locale) {
            case let .success(formatted):
                result += FilledTranslation.marker(fills.count)
                fills.append(FilledTranslation.Fill(argument: position - 1, text: formatted, isObject: text[body] == "@"))
            case let .failure(problem):
                return .failure(problem)
            }
        }
        return .success(FilledTranslation(text: result + text[last...], fills: fills))
    }
}
