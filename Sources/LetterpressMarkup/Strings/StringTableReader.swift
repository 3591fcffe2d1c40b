import Foundation
import LetterpressCore

/// Reads string tables: Apple's `.xcstrings` (a JSON string catalog), `.strings` (`"key" =
/// "value";` lines) and `.stringsdict` (a property list of plural and width rules). A `.strings` or
/// `.stringsdict` file is in the language of the `NAME.lproj` folder it is in, else serves any.
package enum StringTableReader {
    /// The table in the file at `path`; an error names the file (`shownAs`) and, where the
    /// parser tells, the line.
    package static func read(_ path: String, shownAs name: String) throws -> StringTable {
        let data: Data
        switch RegularFile.contents(atPath: path) {
        case let .success(contents): data = contents
        case let .failure(problem): throw LetterpressError.unreadableInput(file: name, reason: problem.reason)
        }
        let url = URL(fileURLWithPath: path)
        let language = url.deletingLastPathComponent().pathExtension == "lproj"
            ? url.deletingLastPathComponent().deletingPathExtension().lastPathComponent : ""
        do {
            switch url.pathExtension {
            case "xcstrings": return try catalog(data, file: name)
            case "strings": return try strings(data, language: language == "Base" ? "" : language, file: name)
            case "stringsdict": return try stringsdict(data, language: language == "Base" ? "" : language, file: name)
            default: throw Problem("is not a string table (.xcstrings, .strings or .stringsdict)")
            }
        } catch let problem as Problem {
            throw LetterpressError.invalidStringTable(file: name, location: problem.location, message: problem.message)
        }
    }

    private struct Problem: Error {
        var message: String
        var location: SourceLocation?
        init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    // MARK: String catalogs

    private struct Catalog: Decodable {
        var sourceLanguage: String
        var strings: [String: Strings]

        struct Strings: Decodable {
            var localizations: [String: Localization]?
        }

        struct Localization: Decodable {
            var stringUnit: StringUnit?
            var variations: Variations?
            var substitutions: [String: Substitution]?
        }

        /// A plural of one of the phrase's values, `%#@name@` in the text: its forms write
        /// the value as `%arg`, formatted by `formatSpecifier`.
        struct Substitution: Decodable {
            var argNum: Int?
            var formatSpecifier: String?
            var variations: Variations?
        }

        struct Variations: Decodable {
            var plural: [String: Localization]?
        }

        struct StringUnit: Decodable {
            var value: String
        }
    }

    private static func catalog(_ data: Data, file: String) throws -> StringTable {
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch let error as DecodingError {
            let (location, reason) = describe(error, in: data)
            throw Problem("not a string catalog: \(reason)", at: location)
        }
        let places = JSONPositions.strings(in: data)
        var table = StringTable()
        for (key, strings) in catalog.strings {
            let localizations = strings.localizations ?? [:]
            for (language, localization) in localizations {
                let path = ["strings", key, "localizations", language]
                var entry: StringTable.Entry
                if let plural = localization.variations?.plural {
                    entry = .plural(plural.compactMapValues { $0.stringUnit?.value })
                } else if let unit = localization.stringUnit {
                    entry = StringTable.Entry(format: unit.value)
                } else {
                    continue
                }
                for (name, substitution) in localization.substitutions ?? [:] {
                    guard let forms = substitution.variations?.plural else { continue }
                    let position = substitution.argNum ?? 1
                    let specifier = "%\(position)$" + (substitution.formatSpecifier ?? "@")
                    entry.plurals[name] = forms.compactMapValues { $0.stringUnit?.value.replacingOccurrences(of: "%arg", with: specifier) }
                    entry.pluralArguments[name] = position
                }
                let location = places[path + ["stringUnit", "value"]]
                    ?? places.filter { $0.key.starts(with: path) }.map(\.value).min { ($0.line, $0.column) < ($1.line, $1.column) }
                entry.origin = StringTable.Origin(file: file, location: location)
                table.add(key, language: language, entry)
            }
            if localizations[catalog.sourceLanguage] == nil { table.addSource(key, language: catalog.sourceLanguage) }
        }
        return table
    }

    /// What a JSON error says: where the JSON is broken, or the path to the value that is wrong.
    private static func describe(_ error: DecodingError, in data: Data) -> (SourceLocation?, String) {
        switch error {
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            return syntaxError(in: data) ?? (nil, context.debugDescription)
        case let .dataCorrupted(context):
            return (nil, "\(path(context.codingPath)): \(context.debugDescription)")
        case let .keyNotFound(key, context):
            return (nil, "\(path(context.codingPath + [key])): missing")
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return (nil, "\(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return (nil, "\(error)")
        }
    }

    /// JSONSerialization's account of what is wrong with `data`, its "around character N"
    /// (a byte offset) given as a line and column.
    private static func syntaxError(in data: Data) -> (SourceLocation?, String)? {
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return nil
        } catch {
            guard let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String else { return nil }
            guard let range = reason.range(of: #"around (line \d+, column \d+|character \d+)"#, options: .regularExpression),
                  let offset = Int(reason[range].split(separator: " ").last ?? ""), reason[range].contains("character") else { return (nil, reason) }
            let before = data.prefix(offset)
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            return (SourceLocation(line: line, column: column),
                    reason.replacingCharacters(in: range, with: "").trimmingCharacters(in: CharacterSet(charactersIn: " .")))
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    // MARK: Property lists

    private static func strings(_ data: Data, language: String, file: String) throws -> StringTable {
        var table = StringTable()
        do {
            for (key, value, location) in try StringsFile.entries(data) {
                table.add(key, language: language, StringTable.Entry(format: value, origin: StringTable.Origin(file: file, location: location)))
            }
        } catch let problem as StringsFile.Problem {
            throw Problem(problem.message, at: SourceLocation(line: problem.line, column: problem.column))
        }
        return table
    }

    private static func stringsdict(_ data: Data, language: String, file: String) throws -> StringTable {
        var table = StringTable()
        let text = String(decoding: data, as: UTF8.self)
        func origin(_ key: String, _ format: String) -> StringTable.Origin {
            StringTable.Origin(file: file, location: xmlLocation(of: format, after: key, in: text))
        }
        for (key, value) in try propertyList(data) {
            // Widths for screens of several sizes: the widest is the one for a page.
            if let widths = (value as? [String: Any])?["NSStringVariableWidthRuleType"] as? [String: Any] {
                let widest = widths.compactMap { width, text in Int(width).flatMap { width in (text as? String).map { (width, $0) } } }
                    .max { $0.0 < $1.0 }
                guard let widest else { throw Problem("\(Excerpt.quoted(key)) has no width with a text in its NSStringVariableWidthRuleType") }
                table.add(key, language: language, StringTable.Entry(format: widest.1, origin: origin(key, widest.1)))
                continue
            }
            guard let rules = value as? [String: Any], let format = rules["NSStringLocalizedFormatKey"] as? String else {
                throw Problem("\(Excerpt.quoted(key)) has neither NSStringLocalizedFormatKey nor NSStringVariableWidthRuleType")
            }
            var plurals: [String: [String: String]] = [:]
            for (name, rule) in rules where name != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any], rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                    throw Problem("\(Excerpt.quoted(key)).\(Excerpt.quoted(name)) is not an NSStringPluralRuleType rule")
                }
                plurals[name] = rule.compactMapValues { $0 as? String }.filter { StringTableReader.categories.contains($0.key) }
            }
            table.add(key, language: language, StringTable.Entry(format: format, plurals: plurals, origin: origin(key, format)))
        }
        return table
    }

    static let categories: Set = ["zero", "one", "two", "few", "many", "other"]

    /// Where the `<string>` holding `value` after the `<key>` of `key` starts its text in an
    /// XML property list; nil when it is written otherwise (escaped another way, say).
    private static func xmlLocation(of value: String, after key: String, in text: String) -> SourceLocation? {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        guard let keyRange = text.range(of: "<key>\(escaped(key))</key>"),
              let range = text.range(of: "<string>\(escaped(value))</string>", range: keyRange.upperBound..<text.endIndex) else { return nil }
        let before = text[..<range.lowerBound]
        let line = before.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return SourceLocation(line: line, column: text.utf8.distance(from: lineStart, to: range.lowerBound) + "<string>".utf8.count + 1)
    }

    /// The dictionary at the top of a property list (XML or binary).
    private static func propertyList(_ data: Data) throws -> [String: Any] {
        let list: Any
        do {
            list = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw Problem("not a property list: \(reason)")
        }
        guard let dictionary = list as? [String: Any] else { throw Problem("is not a table of keys and values") }
        return dictionary
    }
}
