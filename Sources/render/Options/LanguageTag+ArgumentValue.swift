import ArgumentParser
import Letterpress

/// `--lang`: a BCP 47 language tag whose language is an ISO 639 code, as `--locale`'s is (a
/// name such as `english` is well-formed but no language).
extension LanguageTag: ArgumentValue {
    init(argumentText text: String) throws {
        let language = String(text.prefix { $0 != "-" && $0 != "_" })
        guard let tag = LanguageTag(parsing: text), LocaleName.isKnown(language) else {
            throw ValidationError("--lang '\(text)' is not a language tag (use one such as ja or pt-BR)")
        }
        self = tag
    }
}
