import Foundation
import LetterpressCore

/// Translations of a note's phrases, from string tables (`--strings`, front matter
/// `strings:`): Apple's `.xcstrings` catalogs, `.strings` and `.stringsdict` files. The note
/// asks for a key with `^[Invoice](localized: 'invoice.title')` (the text in brackets is the
/// source text) or, for an entry that takes a value, `{{count, localized: 'files.count'}}`.
package struct StringTable: Sendable, Equatable {
    /// One translation: a format, whose `%#@name@` each stand for a plural rule's forms, and
    /// whose printf specifiers (`%lld`, `%@`) take the value.
    package struct Entry: Sendable, Equatable {
        package var format: String
        /// The forms of each `%#@name@`, by CLDR plural category (`zero`, `one`, … `other`).
        package var plurals: [String: [String: String]]
        /// The value (from 1) a `%#@name@` chooses its form by where the table says so (a
        /// catalog's `argNum`); the others take the value their place in the format gives.
        package var pluralArguments: [String: Int] = [:]
        /// Where the entry's text is written, for warnings about what it holds; not compared.
        package var origin: Origin?

        package init(format: String, plurals: [String: [String: String]] = [:], pluralArguments: [String: Int] = [:],
                     origin: Origin? = nil) {
            self.format = format
            self.plurals = plurals
            self.pluralArguments = pluralArguments
            self.origin = origin
        }

        package static func == (left: Entry, right: Entry) -> Bool {
            left.format == right.format && left.plurals == right.plurals && left.pluralArguments == right.pluralArguments
        }

        /// A plural alone, as a catalog's `variations.plural` is.
        static func plural(_ forms: [String: String]) -> Entry {
            Entry(format: "%#@value@", plurals: ["value": forms])
        }
    }

    /// A table's file, as messages name it, and the place in it of an entry's text (nil when
    /// the reader cannot tell).
    package struct Origin: Sendable, Equatable {
        package var file: String
        package var location: SourceLocation?

        package init(file: String, location: SourceLocation?) {
            self.file = file
            self.location = location
        }
    }

    package enum Lookup: Equatable {
        case found(Entry)
        /// The key is the table's, and the locale is the catalog's source language, which the
        /// source text is written in.
        case source
        case missing
    }

    /// Entries by key, then by language (a lower-case tag with `-`, such as `de-at`; empty for
    /// a table of no stated language, which serves any).
    private var entries: [String: [String: Entry]] = [:]
    /// The keys of catalogs whose source language has no entry of its own, and that language.
    private var sources: [String: Set<String>] = [:]

    package init() {}

    package var isEmpty: Bool { entries.isEmpty && sources.isEmpty }

    /// Adds an entry; one added later for the same key and language replaces it.
    mutating func add(_ key: String, language: String, _ entry: Entry) {
        entries[key, default: [:]][Self.normalized(language)] = entry
    }

    mutating func addSource(_ key: String, language: String) {
        sources[key, default: []].insert(Self.normalized(language))
    }

    /// `other`'s entries added after these.
    package mutating func add(_ other: StringTable) {
        for (key, languages) in other.entries {
            entries[key, default: [:]].merge(languages) { $1 }
        }
        sources.merge(other.sources) { $0.union($1) }
    }

    /// The entry for `key` in `locale`, falling back from a region to its language (`de_AT`,
    /// then `de`), then to a table of no stated language.
    package func lookup(_ key: String, locale: String) -> Lookup {
        let languages = entries[key] ?? [:]
        let sourceLanguages = sources[key] ?? []
        var parts = Self.normalized(locale).split(separator: "-").map(String.init)
        while !parts.isEmpty {
            let language = parts.joined(separator: "-")
            if let entry = languages[language] { return .found(entry) }
            if sourceLanguages.contains(language) { return .source }
            parts.removeLast()
        }
        return languages[""].map(Lookup.found) ?? .missing
    }

    static func normalized(_ language: String) -> String {
        language.replacingOccurrences(of: "_", with: "-").lowercased()
    }
}

extension StringTable.Entry {
    /// The text for `value` (nil: none given) in `locale`: each `%#@name@` replaced by the
    /// form of the value's CLDR plural category (`zero` for 0 wherever a table gives one, as
    /// Apple's do), then each printf specifier by the value so formatted.
    func text(for value: String?, locale: String) -> Result<String, VariableFormat.Problem> {
        var text = format
        if !plurals.isEmpty {
            let category = value.flatMap { value in
                Double(value.trimmingCharacters(in: .whitespaces)) == 0 ? "zero" : nil
            }
            let cldr = value.flatMap { MessageFormat.pluralCategory(of: $0, locale: locale) }
            if let value, cldr == nil {
                return .failure(VariableFormat.Problem(message: "\(Excerpt.quoted(value)) is not a number, which this plural entry needs"))
            }
            // `%#@name@`, or with the value's position, `%1$#@name@`: a note's value is the first.
            text = Self.pluralReference.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                                 withTemplate: "%#@$1@")
            for (name, forms) in plurals {
                guard let form = category.flatMap({ forms[$0] }) ?? cldr.flatMap({ forms[$0] }) ?? forms["other"] else {
                    let missing = cldr.map { $0 == "other" ? "" : "\(Excerpt.quoted($0)) form and no " } ?? ""
                    return .failure(VariableFormat.Problem(message: "the plural entry has no \(missing)'other' form"))
                }
                text = text.replacingOccurrences(of: "%#@\(name)@", with: form)
            }
        }
        if let range = text.range(of: #"%(?:[0-9]+\$)?#@[^@]*@"#, options: .regularExpression) {
            return .failure(VariableFormat.Problem(message: "the entry's \(Excerpt.quoted(String(text[range]))) names no plural rule of the table (a catalog's substitutions are not read)"))
        }
        guard let value else { return .success(text) }
        return Self.substitute(value, into: text, locale: locale)
    }

    private static let pluralReference = try! NSRegularExpression(pattern: #"%1\$#@([^@]+)@"#)

    // A constant pattern: `%%`, or `%`, a position, flags, width, precision, length and conversion.
    private static let specifier = try! NSRegularExpression(
        pattern: #"%%|%(?:[0-9]+\$)?[-+ 0#']*[0-9]*(?:\.[0-9]*)?(?:hh|ll|[hlqLztj])?[diouxXeEfFgGaAs@DUO]"#)

    /// Whether `format` has a printf specifier for a value (`%lld`, `%@`), not only `%%`.
    static func takesValue(_ format: String) -> Bool {
        specifier.matches(in: format, range: NSRange(format.startIndex..., in: format))
            .contains { Range($0.range, in: format).map { format[$0] != "%%" } ?? false }
    }

    private static func substitute(_ value: String, into text: String, locale: String) -> Result<String, VariableFormat.Problem> {
        var result = ""
        var last = text.startIndex
        for match in specifier.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            result += text[last..<range.lowerBound]
            last = range.upperBound
            if text[range] == "%%" {
                result += "%"
                continue
            }
            switch VariableFormat.apply(String(text[range]), to: value, locale: locale) {
            case let .success(formatted): result += formatted
            case let .failure(problem): return .failure(problem)
            }
        }
        return .success(result + text[last...])
    }
}
