import ArgumentParser
import Foundation
import Letterpress

/// `--locale`: a language this machine knows, with a region or encoding if given.
struct LocaleName: ArgumentValue {
    /// Without a POSIX encoding or modifier (`de_DE.UTF-8` → `de_DE`); the POSIX locale (`C`,
    /// `C.UTF-8`, as `$LANG` often holds) is English.
    var identifier: String

    /// Languages offered when completing `--locale` and `--lang` (any other ISO 639 code works too).
    static let common = ["en", "de", "fr", "es", "it", "pt-BR", "nl", "sv", "pl", "ru", "uk", "tr", "ar", "he", "hi", "bn",
                         "ta", "th", "ja", "ko", "zh-Hans", "zh-Hant"]

    init(argumentText text: String) throws {
        let name = String(text.prefix { $0 != "." && $0 != "@" })
        identifier = name == "C" || name == "POSIX" ? "en" : name
        guard Self.isKnown(identifier) else {
            throw ValidationError("--locale '\(text)' names no language this machine knows (such as en, fr, de-CH or zh-Hans)")
        }
    }

    /// Whether `identifier` starts with an ISO 639 language code (`en`, `fr_CA`, `zh-Hans`): an
    /// unknown one would quietly give the badge the root locale's month names.
    static func isKnown(_ identifier: String) -> Bool {
        // English needs no ICU: the badge writes its months itself.
        if LanguageTag.isEnglish(identifier) { return true }
        guard let code = Locale(identifier: identifier).language.languageCode?.identifier.lowercased() else { return false }
        return Locale.LanguageCode.isoLanguageCodes.contains { $0.identifier == code }
    }
}
