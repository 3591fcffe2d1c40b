import Foundation
import LetterpressCore
import Yams

/// Splits a source into its front matter and Markdown body.
package enum FrontMatterReader {
    /// The front matter and the body with the front matter lines blanked, so that line numbers
    /// in the body stay those of the file. Front matter is a YAML mapping between `---` lines
    /// or a TOML table between `+++` lines (Hugo's), at the very start. A `---` block that is
    /// not a mapping is Markdown (a thematic break, then perhaps a setext heading), as
    /// CommonMark reads it: only one that starts like a mapping (`key:`) and fails to parse is
    /// an error.
    /// The line of `source` its Markdown starts at, after the front matter, given the body
    /// `split` made of it (which leaves the front matter's lines empty).
    package static func bodyLine(of source: String, body: String) -> Int {
        guard body.utf8.first == UInt8(ascii: "\n"), source.utf8.first != UInt8(ascii: "\n") else { return 1 }
        return body.utf8.prefix { $0 == UInt8(ascii: "\n") }.count + 1
    }

    package static func split(_ source: String, file: String) throws -> (FrontMatter, String) {
        let fence: String
        if source.hasPrefix("---\n") || source.hasPrefix("---\r\n") {
            fence = "---"
        } else if source.hasPrefix("+++\n") || source.hasPrefix("+++\r\n") {
            fence = "+++"
        } else {
            return (FrontMatter(), source)
        }
        // Line by line up to the closing line only: the body is not split.
        var lines: [Substring] = []
        var position = source.startIndex
        while position < source.endIndex {
            let end = source[position...].firstIndex(of: "\n") ?? source.endIndex
            let line = source[position..<end]
            position = end < source.endIndex ? source.index(after: end) : end
            let trimmed = line.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if !lines.isEmpty && (trimmed == fence || (fence == "---" && trimmed == "...")) {
                let block = lines.dropFirst().joined(separator: "\n")
                let frontMatter = fence == "+++" ? try parseTOML(block, file: file) : try parse(block, file: file)
                guard let frontMatter else { return (FrontMatter(), source) }
                return (frontMatter, String(repeating: "\n", count: lines.count + 1) + source[position...])
            }
            lines.append(line)
        }
        return (FrontMatter(), source)
    }

    /// The front matter a YAML block gives; nil when the block is not a mapping, and so not
    /// front matter.
    static func parse(_ yaml: String, file: String) throws -> FrontMatter? {
        let node: Node?
        do {
            node = try YAMLLoader.compose(yaml)
        } catch let error as YamlError {
            guard startsLikeMapping(yaml) else { return nil }
            let (location, message) = describe(error, lineOffset: 1)
            throw LetterpressError.invalidFrontMatter(file: file, location: location, message: message)
        } catch let error as YAMLLoader.TooLarge {
            throw LetterpressError.invalidFrontMatter(file: file, location: nil, message: error.description)
        }
        guard let node else { return FrontMatter() }
        guard let mapping = node.mapping else { return nil }
        return try read(mapping, file: file, keyLocations: [:])
    }

    /// The front matter a TOML block gives; a TOML error names its line and column.
    static func parseTOML(_ toml: String, file: String) throws -> FrontMatter? {
        let (mapping, locations) = try TOMLFrontMatter.mapping(toml, file: file, lineOffset: 1)
        return try read(mapping, file: file, keyLocations: locations)
    }

    /// Whether a block's first line that is not blank or a comment is a `key:` line: then a
    /// YAML error in it is a mistake in front matter, not Markdown.
    static func startsLikeMapping(_ yaml: String) -> Bool {
        guard let line = yaml.split(separator: "\n").first(where: {
            let trimmed = $0.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }) else { return false }
        return line.range(of: #"^\s*("[^"]*"|'[^']*'|[A-Za-z_][\w.-]*)\s*:(\s|$)"#, options: .regularExpression) != nil
    }

    /// The front matter in `mapping`; the location of a key whose value has no YAML mark (TOML's)
    /// is in `keyLocations`.
    /// Reads every key it knows, and throws every error it finds (`LetterpressError.several`),
    /// in the file's order, so that one run shows them all.
    private static func read(_ mapping: Node.Mapping, file: String, keyLocations: [String: SourceLocation]) throws -> FrontMatter {
        var frontMatter = FrontMatter()
        var errors: [LetterpressError] = []
        var nestedValues = maximumNestedValues
        func decode<T: Decodable>(_ type: T.Type, _ key: String) -> T? {
            guard let value = mapping[key] else { return nil }
            do {
                return try YAMLDecoder().decode(T.self, from: value)
            } catch let error as DecodingError {
                let (location, message) = error.locatedProblem(in: value)
                errors.append(.invalidFrontMatter(
                    file: file, location: location.map { SourceLocation(line: $0.line + 1, column: $0.column) } ?? keyLocations[key],
                    message: key + (message.hasPrefix("[") || message.hasPrefix(":") ? "" : ".") + message))
            } catch {
                errors.append(.invalidFrontMatter(file: file, location: keyLocations[key], message: "\(key): \(error)"))
            }
            return nil
        }
        frontMatter.badge = decode(BadgeSetting.self, "badge") ?? BadgeSetting()
        frontMatter.exclusions = decode([ExclusionSpec].self, "exclusions") ?? []
        frontMatter.math = decode(MathSetting.self, "math") ?? MathSetting()
        frontMatter.landscape = decode(Bool.self, "landscape") ?? false
        if mapping["toc"]?.scalar.flatMap({ Bool($0.string) }) != false { frontMatter.toc = decode(ContentsSetting.self, "toc") }
        frontMatter.strings = mapping["strings"]?.sequence != nil ? decode([String].self, "strings") ?? []
            : decode(String.self, "strings").map { [$0] } ?? []
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            if let mark = value.mark {
                frontMatter.locations[name] = SourceLocation(line: mark.line + 1, column: mark.column)
            } else {
                frontMatter.locations[name] = keyLocations[name]
            }
            // MkDocs' blog posts date themselves `date: {created: …, updated: …}`: the date is
            // the creation's, and `{{date.updated}}` is there for a footer that wants it.
            if name == "date", let created = value.mapping?["created"]?.scalar?.string {
                frontMatter.date = created
                frontMatter.variables[name] = created
                flatten(value, name: name, into: &frontMatter.variables, budget: &nestedValues)
                continue
            }
            // A margin may be written as a list of lengths, as in themes.
            let list = name == "margin" ? value.sequence?.compactMap(\.scalar?.string).joined(separator: ",") : nil
            guard let scalar = value.scalar?.string ?? list else {
                if FrontMatterReader.scalarKeys.contains(name) {
                    let mkdocs = name == "date" && value.mapping != nil ? " (or, as in MkDocs' blog posts, a mapping with created:)" : ""
                    errors.append(.invalidFrontMatter(file: file, location: frontMatter.locations[name],
                                                      message: "\(name) is one value\(mkdocs), not a \(value.sequence != nil ? "list" : "mapping")"))
                }
                flatten(value, name: name, into: &frontMatter.variables, budget: &nestedValues)
                continue
            }
            frontMatter.variables[name] = scalar
            switch name {
            case "title": frontMatter.title = scalar
            case "subtitle": frontMatter.subtitle = scalar
            case "author": frontMatter.author = scalar
            case "date": frontMatter.date = scalar
            case "theme": frontMatter.theme = scalar
            case "pageSize", "page-size", "margin":
                if let problem = name == "margin" ? marginProblem(scalar) : pageSizeProblem(scalar) {
                    errors.append(.invalidFrontMatter(file: file, location: frontMatter.locations[name], message: problem))
                } else if name == "margin" {
                    frontMatter.margin = scalar
                } else {
                    frontMatter.pageSize = scalar
                }
            case "lang":
                guard let tag = LanguageTag(parsing: scalar) else {
                    errors.append(.invalidFrontMatter(file: file, location: frontMatter.locations[name],
                                                      message: "lang: \(Excerpt.quoted(scalar)) is not a language tag (use one such as 'ja' or 'pt-BR')"))
                    continue
                }
                frontMatter.lang = tag
            case "locale":
                // An unknown language would quietly format as ICU's root locale does.
                guard let tag = LanguageTag(parsing: scalar), let language = tag.description.split(separator: "-").first?.lowercased(),
                      LanguageTag.isEnglish(tag.description) || Locale.LanguageCode.isoLanguageCodes.contains(where: { $0.identifier == language })
                else {
                    errors.append(.invalidFrontMatter(file: file, location: frontMatter.locations[name],
                                                      message: "locale: \(Excerpt.quoted(scalar)) is not a locale (use one such as 'de', 'fr_CA' or 'ja')"))
                    continue
                }
                frontMatter.locale = tag.description
            case "markup":
                guard let choice = MarkupChoice(name: scalar) else {
                    errors.append(.invalidFrontMatter(file: file, location: frontMatter.locations[name],
                                                      message: MarkupChoice.problem(scalar)))
                    continue
                }
                frontMatter.markup = choice.markup
                frontMatter.dialect = choice.dialect
            default: break
            }
        }
        if let error = LetterpressError.combined(errors) { throw error }
        return frontMatter
    }

    /// The most values mappings and lists give `{{a.b}}` and `{{list.0}}` in one front matter,
    /// and how deep they are looked into: YAML's aliases can make a short text hold millions.
    static let maximumNestedValues = 10_000
    static let deepestNesting = 16

    /// The scalars of a mapping or list `node`, as the variables `name.key` and `name.0`
    /// (`{{client.name}}`, `{{items.0}}`), mappings and lists within them likewise.
    private static func flatten(_ node: Node, name: String, into variables: inout [String: String], budget: inout Int, depth: Int = 1) {
        guard budget > 0, depth <= deepestNesting else { return }
        if let scalar = node.scalar?.string {
            budget -= 1
            variables[name] = scalar
        } else if let mapping = node.mapping {
            for (key, value) in mapping {
                guard let key = key.string else { continue }
                flatten(value, name: name + "." + key, into: &variables, budget: &budget, depth: depth + 1)
            }
        } else if let sequence = node.sequence {
            for (index, value) in sequence.enumerated() {
                flatten(value, name: name + "." + String(index), into: &variables, budget: &budget, depth: depth + 1)
            }
        }
    }

    /// Why `text` is no page size, as the front matter's `pageSize`; nil when it is one.
    package static func pageSizeProblem(_ text: String) -> String? {
        guard PageSize(parsing: text) == nil else { return nil }
        return "pageSize \(Excerpt.quoted(text)) is not \(PageSize.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT, each with -landscape or not"
    }

    /// Why `text` is no margin, as the front matter's `margin`; nil when it is one.
    package static func marginProblem(_ text: String) -> String? {
        Margins(parsing: text) == nil ? "margin \(Excerpt.quoted(text)) is not 1, 2 or 4 lengths" : nil
    }

    /// The keys whose value is one scalar.
    static let scalarKeys: Set = ["title", "author", "date", "theme", "pageSize", "page-size", "margin", "lang", "locale", "markup"]

    /// Where a YAML error is (its line shifted by `lineOffset`) and what it says.
    package static func describe(_ error: YamlError, lineOffset: Int) -> (SourceLocation?, String) {
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }
            return (SourceLocation(line: mark.line + lineOffset, column: mark.column), detail.joined(separator: " "))
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map(Excerpt.quoted).joined(separator: ", ")
            return (SourceLocation(line: context.mark.line + lineOffset, column: context.mark.column),
                    duplicates.count == 1 ? "key \(keys) is given more than once" : "keys \(keys) are given more than once")
        case let .reader(problem, offset, value, yaml):
            // Yams' own description quotes the whole line, which may be the whole file.
            let character = value >= 0 ? Unicode.Scalar(UInt32(value)).map { String(format: " (U+%04X)", $0.value) } ?? "" : ""
            guard let offset else { return (nil, problem + character) }
            let before = yaml.prefix(offset)
            let line = before.reduce(1) { $1.isNewline ? $0 + 1 : $0 }
            let column = before.reversed().prefix { !$0.isNewline }.count + 1
            return (SourceLocation(line: line + lineOffset, column: column), problem + character)
        default:
            return (nil, error.description)
        }
    }
}
