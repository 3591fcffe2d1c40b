import Foundation
import Yams

/// The YAML front matter of a note: known keys plus every scalar as a variable.
public struct FrontMatter: Sendable, Equatable {
    public var title: String?
    public var author: String?
    public var date: String?
    public var theme: String?
    public var pageSize: String?
    public var margin: String?
    /// Every top-level scalar, by key, for `{{name}}` variables.
    public var variables: [String: String] = [:]

    public init() {}
}

/// Splits a source into its front matter and Markdown body.
public enum FrontMatterReader {
    /// The front matter (if the text starts with a `---` line) and the body with the front matter
    /// lines blanked, so that line numbers in the body stay those of the file.
    public static func split(_ source: String, file: String) throws -> (FrontMatter, String) {
        guard source.hasPrefix("---\n") || source.hasPrefix("---\r\n") else {
            return (FrontMatter(), source)
        }
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let end = lines.indices.dropFirst().first(where: { index in
            let line = lines[index].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            return line == "---" || line == "..."
        }) else {
            return (FrontMatter(), source)
        }
        let yaml = lines[1..<end].joined(separator: "\n")
        let frontMatter = try parse(yaml, file: file)
        for index in 0...end { lines[index] = "" }
        return (frontMatter, lines.joined(separator: "\n"))
    }

    static func parse(_ yaml: String, file: String) throws -> FrontMatter {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            let (location, message) = describe(error, lineOffset: 1)
            throw LetterpressError.invalidFrontMatter(file: file, location: location, message: message)
        }
        var frontMatter = FrontMatter()
        guard let mapping = node?.mapping else { return frontMatter }
        for (key, value) in mapping {
            guard let name = key.string, let scalar = value.scalar?.string else { continue }
            frontMatter.variables[name] = scalar
            switch name {
            case "title": frontMatter.title = scalar
            case "author": frontMatter.author = scalar
            case "date": frontMatter.date = scalar
            case "theme": frontMatter.theme = scalar
            case "pageSize", "page-size": frontMatter.pageSize = scalar
            case "margin": frontMatter.margin = scalar
            default: break
            }
        }
        return frontMatter
    }

    /// Where a YAML error is (its line shifted by `lineOffset`) and what it says.
    static func describe(_ error: YamlError, lineOffset: Int) -> (SourceLocation?, String) {
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }
            return (SourceLocation(line: mark.line + lineOffset, column: mark.column), detail.joined(separator: " "))
        default:
            return (nil, error.description)
        }
    }
}
