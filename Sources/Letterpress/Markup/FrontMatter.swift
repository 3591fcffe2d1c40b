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
    /// The date badge: shown unless `badge: false`, placed and sized when given.
    public var badge = BadgeSetting()
    /// Shapes the text flows around.
    public var exclusions: [ExclusionSpec] = []
    /// Every top-level scalar, by key, for `{{name}}` variables.
    public var variables: [String: String] = [:]

    /// The values `{{name}}` takes: `overrides` (the command line's `--var`) before the note's own.
    public func variables(overriddenBy overrides: [String: String]) -> [String: String] {
        variables.merging(overrides) { $1 }
    }
    /// Where each top-level key's value starts in the note, for messages about it.
    public var locations: [String: SourceLocation] = [:]

    public init() {}
}

/// `badge: false`, or `badge: {center: [x, y], diameter: d}` in points from the page's top-left.
public struct BadgeSetting: Sendable, Equatable, Decodable {
    public var enabled = true
    public var center: [Double]?
    public var diameter: Double?

    public init() {}

    private enum CodingKeys: String, CodingKey { case center, diameter }

    public init(from decoder: Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            enabled = flag
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        center = try container.decodeIfPresent([Double].self, forKey: .center)
        diameter = try container.decodeIfPresent(Double.self, forKey: .diameter)
        if let center, center.count != 2 {
            throw DecodingError.dataCorruptedError(forKey: .center, in: container, debugDescription: "center is [x, y]")
        }
        if let diameter, !(8...600).contains(diameter) {
            throw DecodingError.dataCorruptedError(forKey: .diameter, in: container, debugDescription: "diameter must be 8 to 600 points")
        }
    }
}

/// A shape from the front matter, in points from the page's top-left corner.
public struct ExclusionSpec: Sendable, Equatable, Decodable {
    public enum Kind: String, Sendable, Decodable, CaseIterable {
        case circle, rect, polygon

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            guard let kind = Kind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "shape '\(name)' is not circle, rect or polygon" + Hint.suggestion(for: name, among: Kind.allCases.map(\.rawValue)))
            }
            self = kind
        }
    }

    public var shape: Kind
    /// The page, from 1.
    public var page: Int
    public var center: [Double]?
    public var radius: Double?
    public var rect: [Double]?
    public var points: [[Double]]?
    /// Space kept clear around the shape.
    public var margin: Double
    public var fill: Color?
    public var stroke: Color?
    /// Drawn in the theme's shape colours when neither fill nor stroke is given.
    public var draw: Bool

    private enum CodingKeys: String, CodingKey { case shape, page, center, radius, rect, points, margin, fill, stroke, draw }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shape = try container.decode(Kind.self, forKey: .shape)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
        center = try container.decodeIfPresent([Double].self, forKey: .center)
        radius = try container.decodeIfPresent(Double.self, forKey: .radius)
        rect = try container.decodeIfPresent([Double].self, forKey: .rect)
        points = try container.decodeIfPresent([[Double]].self, forKey: .points)
        margin = try container.decodeIfPresent(Double.self, forKey: .margin) ?? 6
        fill = try container.decodeIfPresent(Color.self, forKey: .fill)
        stroke = try container.decodeIfPresent(Color.self, forKey: .stroke)
        draw = try container.decodeIfPresent(Bool.self, forKey: .draw) ?? false
        func fail(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
        guard page >= 1 else { throw fail(.page, "pages count from 1") }
        guard (0...200).contains(margin) else { throw fail(.margin, "margin must be 0 to 200 points") }
        switch shape {
        case .circle:
            guard center?.count == 2 else { throw fail(.center, "a circle needs center: [x, y]") }
            guard let radius else { throw fail(.shape, "a circle needs a radius") }
            guard radius > 0, radius < 5000 else { throw fail(.radius, "a circle's radius must be above 0 and below 5000 points") }
        case .rect:
            guard let rect, rect.count == 4, rect[2] > 0, rect[3] > 0 else { throw fail(.rect, "a rect needs rect: [x, y, width, height]") }
        case .polygon:
            guard let points, points.count >= 3, points.allSatisfy({ $0.count == 2 }) else {
                throw fail(.points, "a polygon needs points: [[x, y], …], three or more")
            }
        }
        for value in (center ?? []) + (rect ?? []) + (points ?? []).flatMap({ $0 }) where !value.isFinite || abs(value) > 100_000 {
            throw fail(.shape, "coordinates must be numbers of points from -100000 to 100000")
        }
    }
}

/// Splits a source into its front matter and Markdown body.
public enum FrontMatterReader {
    /// The front matter (if the text starts with a `---` line) and the body with the front matter
    /// lines blanked, so that line numbers in the body stay those of the file.
    public static func split(_ source: String, file: String) throws -> (FrontMatter, String) {
        guard source.hasPrefix("---\n") || source.hasPrefix("---\r\n") else {
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
            if !lines.isEmpty && (trimmed == "---" || trimmed == "...") {
                let frontMatter = try parse(lines.dropFirst().joined(separator: "\n"), file: file)
                return (frontMatter, String(repeating: "\n", count: lines.count + 1) + source[position...])
            }
            lines.append(line)
        }
        return (FrontMatter(), source)
    }

    static func parse(_ yaml: String, file: String) throws -> FrontMatter {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml, .stringsAndMerges)
        } catch let error as YamlError {
            let (location, message) = describe(error, lineOffset: 1)
            throw LetterpressError.invalidFrontMatter(file: file, location: location, message: message)
        }
        var frontMatter = FrontMatter()
        guard let node else { return frontMatter }
        guard let mapping = node.mapping else {
            throw LetterpressError.invalidFrontMatter(file: file, location: node.mark.map { SourceLocation(line: $0.line + 1, column: $0.column) },
                                                      message: "expected keys and values (title: …), not a \(node.sequence != nil ? "list" : "single value")")
        }
        func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
            guard let value = mapping[key] else { return nil }
            do {
                return try YAMLDecoder().decode(T.self, from: value)
            } catch let error as DecodingError {
                let (location, message) = ThemeLoader.describe(error, in: value)
                throw LetterpressError.invalidFrontMatter(
                    file: file, location: location.map { SourceLocation(line: $0.line + 1, column: $0.column) },
                    message: key + (message.hasPrefix("[") || message.hasPrefix(":") ? "" : ".") + message)
            }
        }
        frontMatter.badge = try decode(BadgeSetting.self, "badge") ?? BadgeSetting()
        frontMatter.exclusions = try decode([ExclusionSpec].self, "exclusions") ?? []
        for (key, value) in mapping {
            guard let name = key.string else { continue }
            if let mark = value.mark { frontMatter.locations[name] = SourceLocation(line: mark.line + 1, column: mark.column) }
            // A margin may be written as a list of lengths, as in themes.
            let list = name == "margin" ? value.sequence?.compactMap(\.scalar?.string).joined(separator: ",") : nil
            guard let scalar = value.scalar?.string ?? list else {
                if FrontMatterReader.scalarKeys.contains(name) {
                    throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations[name],
                                                              message: "\(name) is one value, not a \(value.sequence != nil ? "list" : "mapping")")
                }
                continue
            }
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

    /// The keys whose value is one scalar.
    static let scalarKeys: Set = ["title", "author", "date", "theme", "pageSize", "page-size", "margin"]

    /// Where a YAML error is (its line shifted by `lineOffset`) and what it says.
    static func describe(_ error: YamlError, lineOffset: Int) -> (SourceLocation?, String) {
        switch error {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }
            return (SourceLocation(line: mark.line + lineOffset, column: mark.column), detail.joined(separator: " "))
        case let .duplicatedKeysInMapping(duplicates, context):
            let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            return (SourceLocation(line: context.mark.line + lineOffset, column: context.mark.column),
                    duplicates.count == 1 ? "key \(keys) is given more than once" : "keys \(keys) are given more than once")
        default:
            return (nil, error.description)
        }
    }
}

extension Resolver {
    /// How front matter and themes resolve untagged scalars: every one is a string, and the
    /// decoder reads numbers and booleans from the text itself; only `<<` is a merge key, as
    /// in Yams's own decoder. The default resolver matches each scalar, and each key looked
    /// up, against seven regular expressions: 2–3 ms of every start-up went on a theme.
    static let stringsAndMerges = Resolver.basic.appending(.merge)
}
