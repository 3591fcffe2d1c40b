import Foundation

extension DecodingError {
    /// The longest description of a problem kept, in Unicode scalars: Swift's own quote the
    /// value they could not decode ("Cannot initialize … from invalid String value …"), which
    /// may be long or hold control characters.
    static let maximumProblemLength = 200

    /// Where the problem is, as coding keys and as `key.path`, and what it is, cleaned and short.
    var pathAndProblem: (path: [CodingKey], keys: String, problem: String) {
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
}
