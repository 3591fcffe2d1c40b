import Foundation
import LetterpressCore
import TOMLKit
import Yams

/// TOML front matter, Hugo's block between `+++` lines, read by toml++ and handed on as the
/// YAML nodes the YAML front matter gives, so that both are interpreted by one reader.
enum TOMLFrontMatter {
    /// The block's table as a YAML mapping, and the line and column of each top-level key
    /// (TOML values carry no positions; lines are shifted by `lineOffset`).
    static func mapping(_ toml: String, file: String, lineOffset: Int) throws -> (Node.Mapping, [String: SourceLocation]) {
        let scan = TOMLNesting.deepest(in: toml, limit: maximumDepth)
        if let line = scan.lineOfFirstPast {
            throw LetterpressError.invalidFrontMatter(file: file, location: SourceLocation(line: line + lineOffset, column: 1),
                                                      message: "tables nested more than \(maximumDepth) deep, the most allowed")
        }
        if let line = scan.lineOfBadHeader {
            throw LetterpressError.invalidFrontMatter(file: file, location: SourceLocation(line: line + lineOffset, column: 1),
                                                      message: "a table's name starts with a letter, a digit, '-' or '_', or is quoted (\"été\")")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: TOMLNesting.withoutNULEscapes(toml))
        } catch let error as TOMLParseError {
            let begin = error.source.begin
            throw LetterpressError.invalidFrontMatter(file: file, location: SourceLocation(line: begin.line + lineOffset, column: begin.column),
                                                      message: Excerpt.cleaned(error.description, maximumLength: 200))
        }
        guard case let .mapping(mapping) = node(table) else { preconditionFailure("a TOML table is a mapping") }
        return (mapping, keyLocations(toml, lineOffset: lineOffset))
    }

    /// The deepest nesting read, as `TOMLNesting` counts it: toml++ bounds nested arrays and
    /// inline tables at 256, as this does, but not dotted keys (`a.a.a… = 1`) or headers
    /// (`[a.a.a…]`), whose tables its parser and the conversion below recurse through.
    static let maximumDepth = 256

    private static func node(_ value: TOMLValueConvertible) -> Node {
        switch value.type {
        case .table:
            let table = value.table ?? TOMLTable()
            return .mapping(Node.Mapping(table.map { key, value in (Node(key), node(value)) }))
        case .array:
            return .sequence(Node.Sequence((value.array ?? TOMLArray()).map(node)))
        case .string: return scalar(value.string ?? "", .str)
        case .int: return scalar(value.int.map(String.init) ?? "0", .int)
        case .double: return scalar(value.double.map { "\($0)" } ?? "0", .float)
        case .bool: return scalar(value.bool == true ? "true" : "false", .bool)
        // Dates and times as TOML writes them: ISO 8601, which front matter dates are.
        case .date: return scalar(value.date?.debugDescription ?? "", .str)
        case .time: return scalar(value.time?.debugDescription ?? "", .str)
        case .dateTime: return scalar(value.dateTime?.debugDescription ?? "", .str)
        }
    }

    private static func scalar(_ text: String, _ name: Tag.Name) -> Node {
        .scalar(Node.Scalar(text, Tag(name)))
    }

    /// Where each top-level `key = value` line is: before the first `[table]` header, a
    /// line's first bare or quoted key.
    private static func keyLocations(_ toml: String, lineOffset: Int) -> [String: SourceLocation] {
        var locations: [String: SourceLocation] = [:]
        for (index, line) in toml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") { break }
            guard let equals = trimmed.firstIndex(of: "="), !trimmed.hasPrefix("#") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            locations[key] = locations[key] ?? SourceLocation(line: index + 1 + lineOffset, column: column)
        }
        return locations
    }
}
