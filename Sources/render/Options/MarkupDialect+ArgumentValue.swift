import ArgumentParser
import Letterpress

/// `--from`: a dialect's name, in any case.
extension MarkupDialect: ArgumentValue {
    init(argumentText text: String) throws {
        guard let dialect = MarkupDialect(rawValue: text.lowercased()) else {
            throw ValidationError("--from '\(text)' is no dialect (use \(MarkupDialect.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        self = dialect
    }
}
