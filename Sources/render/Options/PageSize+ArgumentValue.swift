import ArgumentParser
import Letterpress

/// `--page-size`: a named size or WIDTHxHEIGHT.
extension PageSize: ArgumentValue {
    init(argumentText text: String) throws {
        guard let size = PageSize(parsing: text) else {
            throw ValidationError("--page-size '\(text)' is not \(PageSize.named.map(\.name).joined(separator: ", ")) or WIDTHxHEIGHT, each with -landscape or not")
        }
        self = size
    }
}
