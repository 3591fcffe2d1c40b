import Foundation

/// The language text is written in, as a BCP 47 tag (`ja`, `zh-Hant`, `pt-BR`): fontconfig
/// picks fonts for it (Japanese forms of Han characters for `ja`) and Pango breaks lines by it.
public struct LanguageTag: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tag as written, with `_` (as in locale names: `pt_BR`) made `-`.
    public let description: String

    /// A language subtag of 2 to 8 letters, then subtags of 1 to 8 letters or digits; nil for
    /// anything else.
    /// - Parameter text: The tag, such as `ja` or `pt_BR`; the spaces around it do not matter.
    public init?(parsing text: String) {
        let tag = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        description = tag
    }

    /// Decodes a tag written as text, as `init(parsing:)` reads it.
    /// - Parameter decoder: The decoder to read the text from.
    /// - Throws: `DecodingError.dataCorrupted` when the text is not a language tag, or what the
    ///   decoder throws when the value is not a string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let tag = LanguageTag(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Excerpt.quoted(text)) is not a language tag (use one such as 'ja' or 'pt-BR')")
        }
        self = tag
    }

    /// Encodes the tag as its `description`.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Whether the locale `identifier` is English (`en`, `en_GB`, `en-US`), whose badge needs no ICU.
    package static func isEnglish(_ identifier: String) -> Bool {
        identifier == "en" || identifier.hasPrefix("en_") || identifier.hasPrefix("en-")
    }
}
