import Foundation
import Yams

extension DecodingError {
    /// The longest description of a problem kept, in Unicode scalars: Swift's own quote the
    /// value they could not decode ("Cannot initialize … from invalid String value …"), which
    /// may be long or hold control characters.
    package static let maximumProblemLength = 200

    /// Where the problem is, as coding keys and as `key.path`, and what it is, cleaned and short.
    package var pathAndProblem: (path: [CodingKey], keys: String, problem: String) {
        let (path, problem): ([CodingKey], String)
        switch self {
        case let .typeMismatch(type, context): (path, problem) = (context.codingPath, "expected \(Self.plainName(of: type))")
        case let .valueNotFound(type, context): (path, problem) = (context.codingPath, "missing \(Self.plainName(of: type))")
        case let .keyNotFound(key, context): (path, problem) = (context.codingPath, "missing key \(Excerpt.quoted(key.stringValue))")
        case let .dataCorrupted(context): (path, problem) = (context.codingPath, context.debugDescription)
        @unknown default: (path, problem) = ([], "\(self)")
        }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? Excerpt.cleaned($0.stringValue, maximumLength: Excerpt.maximumLength) }
        return (path, keys.joined(separator: "."), Excerpt.cleaned(problem, maximumLength: Self.maximumProblemLength))
    }

    /// What a user would call a value of `type` ("a number", "a list of numbers", "a mapping"),
    /// rather than Swift's name for it (`Double`, `Array<Double>`, `Mapping`).
    package static func plainName(of type: Any.Type) -> String {
        plainName(String(describing: type))
    }

    private static func plainName(_ name: String, plural: Bool = false) -> String {
        func named(_ one: String, _ many: String) -> String { plural ? many : one }
        if name.hasPrefix("Optional<"), name.hasSuffix(">") { return plainName(String(name.dropFirst(9).dropLast()), plural: plural) }
        if name.hasPrefix("Array<"), name.hasSuffix(">") {
            return named("a list of ", "lists of ") + plainName(String(name.dropFirst(6).dropLast()), plural: true)
        }
        if name.hasPrefix("["), name.hasSuffix("]"), !name.contains(":") {
            return named("a list of ", "lists of ") + plainName(String(name.dropFirst().dropLast()), plural: true)
        }
        switch name {
        case "Double", "Float", "CGFloat": return named("a number", "numbers")
        case "Int", "Int32", "Int64", "UInt", "UInt32", "UInt64": return named("a whole number", "whole numbers")
        case "Bool": return named("true or false", "trues or falses")
        case "String", "Substring", "Character", "Scalar": return named("a text", "texts")
        case "Sequence": return named("a list", "lists")
        case "Length": return named("a length", "lengths")
        default:
            if name == "Mapping" || name.hasPrefix("Dictionary<") || name.hasPrefix("[") { return named("a mapping", "mappings") }
            return named("a value of kind \(name)", "values of kind \(name)")
        }
    }

    /// Where in the YAML a decoding error is, where possible, and `key.path: problem`.
    package func locatedProblem(in root: Node) -> (SourceLocation?, String) {
        let (path, keys, problem) = pathAndProblem
        var node: Node? = root
        for key in path {
            if let index = key.intValue { node = node?.sequence.flatMap { index < $0.count ? $0[index] : nil } }
            else { node = node?[key.stringValue] }
        }
        let location = (node ?? root).mark.map { SourceLocation(line: $0.line, column: $0.column) }
        return (location, "\(keys): \(problem)")
    }
}
