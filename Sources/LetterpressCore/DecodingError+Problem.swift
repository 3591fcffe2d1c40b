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
        case let .typeMismatch(type, context): (path, problem) = (context.codingPath, "expected \(type)")
        case let .valueNotFound(type, context): (path, problem) = (context.codingPath, "missing \(type)")
        case let .keyNotFound(key, context): (path, problem) = (context.codingPath, "missing key \(Excerpt.quoted(key.stringValue))")
        case let .dataCorrupted(context): (path, problem) = (context.codingPath, context.debugDescription)
        @unknown default: (path, problem) = ([], "\(self)")
        }
        let keys = path.map { $0.intValue.map { "[\($0)]" } ?? Excerpt.cleaned($0.stringValue, maximumLength: Excerpt.maximumLength) }
        return (path, keys.joined(separator: "."), Excerpt.cleaned(problem, maximumLength: Self.maximumProblemLength))
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
