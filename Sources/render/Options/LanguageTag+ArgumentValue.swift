import ArgumentParser
import Letterpress

/// `--lang`: a BCP 47 language tag.
extension LanguageTag: ArgumentValue {
    init(argumentText text: String) throws {
        guard let tag = LanguageTag(parsing: text) else {
            throw ValidationError("--lang '\(text)' is not a language tag (use one such as ja or pt-BR)")
        }
        self = tag
    }
}
