import Foundation

/// The language text is written in, as a BCP 47 tag (`ja`, `zh-Hant`, `pt-BR`): fontconfig
/// picks fonts for it (Japanese forms of Han characters for `ja`) and Pango breaks lines by it.
public struct LanguageTag: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The tag as written, with `_` (as in locale names: `pt_BR`) made `-`.
    public let description: String

    /// A language subtag of 2 to 8 letters, then subtags of 1 to 8 letters or digits; nil for
    /// anything else.
    public init?(parsing text: String) {
        let tag = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "-")
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        description = tag
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let tag = LanguageTag(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Excerpt.quoted(text)) is not a language tag (use one such as 'ja' or 'pt-BR')")
        }
        self = tag
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
