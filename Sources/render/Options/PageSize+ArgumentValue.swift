import ArgumentParser
import Letterpress

/// `--page-size`: a named size or WIDTHxHEIGHT.
extension PageSize: ArgumentValue {
    init(argumentText text: String) throws {
        guard let size = PageSize(parsing: text) else {
            throw ValidationError("--page-size '\(text)' is not a4, a5, letter, legal or WIDTHxHEIGHT")
        }
        self = size
    }
}
