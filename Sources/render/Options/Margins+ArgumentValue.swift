import ArgumentParser
import Letterpress

/// `--margin`: one, two or four lengths.
extension Margins: ArgumentValue {
    init(argumentText text: String) throws {
        guard let margins = Margins(parsing: text) else {
            throw ValidationError("--margin '\(text)' is not 1, 2 or 4 lengths")
        }
        self = margins
    }
}
