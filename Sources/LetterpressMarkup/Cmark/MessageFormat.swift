import CMessageFormat
import Foundation
import LetterpressCore

/// ICU's MessageFormat for `{{count, plural, one {# file} other {# files}}}` and `{{gender,
/// select, female {…} other {…}}}`: CLDR's plural rules for the note's locale (`few` and `many`
/// in Polish, `zero` and `two` in Arabic, only `other` in Japanese), `=0` exact matches,
/// `offset:`, `#` written as the locale writes numbers, nested messages, and `{name}` (any
/// variable) inside a branch. ICU is reached only when a note uses one.
enum MessageFormat {
    /// The argument kinds after `{{name,` that make the rest a message pattern.
    static let kinds: Set = ["plural", "select", "selectordinal"]

    struct Problem: Error, Equatable {
        var message: String
        /// Where in the pattern it is, in UTF-8 bytes, when ICU says.
        var offset: Int?
    }

    /// Whether `format` (what follows `{{name,`) is a message pattern such as `plural, one {…} other {…}`.
    static func isPattern(_ format: String) -> Bool {
        kinds.contains(format.prefix { $0 != "," }.trimmingCharacters(in: .whitespaces))
    }

    /// `pattern`, such as `{n, plural, one {# file} other {# files}}`, formatted for `locale`
    /// with `arguments` (those the pattern names; a plural's must be numbers).
    static func format(_ pattern: String, arguments: [String: String], locale: String) -> Result<String, Problem> {
        let names = Array(arguments.keys)
        let values = names.map { arguments[$0]! }
        var message = withCStrings(names) { cNames in
            withCStrings(values) { cValues in
                letterpress_format_message(locale, pattern, cNames, cValues, Int32(names.count))
            }
        }
        defer { letterpress_message_free(&message) }
        let text = message.text.map { String(cString: $0) } ?? ""
        let offset = message.offset >= 0 ? utf8Offset(ofUTF16: Int(message.offset), in: pattern) : nil
        switch message.status {
        case LETTERPRESS_MESSAGE_OK:
            return .success(text)
        case LETTERPRESS_MESSAGE_NO_OTHER:
            return .failure(Problem(message: "a plural or select needs an 'other' branch", offset: offset))
        case LETTERPRESS_MESSAGE_UNBALANCED:
            return .failure(Problem(message: "its braces do not balance", offset: offset))
        case LETTERPRESS_MESSAGE_NO_ARGUMENT:
            return .failure(Problem(message: "no variable \(Excerpt.quoted(text)) in the front matter or \(OptionWords.variables)", offset: offset))
        case LETTERPRESS_MESSAGE_NOT_A_NUMBER:
            return .failure(Problem(message: "\(Excerpt.quoted(arguments[text] ?? "")), the value of \(Excerpt.quoted(text)), is not a number", offset: offset))
        case LETTERPRESS_MESSAGE_SYNTAX:
            return .failure(Problem(message: "not a plural or select such as 'plural, one {# file} other {# files}' (ICU: \(text))", offset: offset))
        default:
            return .failure(Problem(message: "ICU could not format it (\(text))", offset: offset))
        }
    }

    /// The CLDR plural category (`zero`, `one`, `two`, `few`, `many` or `other`) of `number`
    /// as `locale` writes it; nil when it is no number.
    static func pluralCategory(of number: String, locale: String) -> String? {
        var category = [CChar](repeating: 0, count: 16)
        guard letterpress_plural_category(locale, number, &category, Int32(category.count)) == 0 else { return nil }
        return String(cString: category)
    }

    private static func utf8Offset(ofUTF16 offset: Int, in text: String) -> Int {
        let index = String.Index(utf16Offset: min(offset, text.utf16.count), in: text)
        return text.utf8.distance(from: text.startIndex, to: index)
    }

    /// `body` given `strings` as an array of C strings that live as long as the call.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) })
    }
}
