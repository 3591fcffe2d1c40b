import Foundation
import LetterpressCore

/// What `markup:` names in a note's front matter or a theme: Markdown or plain text and, for
/// Markdown, the writing tool whose dialect the note is in (`markup: obsidian`).
public struct MarkupChoice: Sendable, Equatable {
    /// Markdown or plain text.
    public var markup: NoteMarkup
    /// The dialect named; nil for `markdown` or `plain`, which leave it to the theme or to
    /// `automatic`.
    public var dialect: MarkupDialect?

    /// The choice `name` makes: `markdown`, `plain` or a dialect's name, in any case; nil for
    /// anything else.
    package init?(name: String) {
        let name = name.lowercased()
        if let markup = NoteMarkup(rawValue: name) {
            self.markup = markup
        } else if let dialect = MarkupDialect(rawValue: name) {
            markup = .markdown
            self.dialect = dialect
        } else {
            return nil
        }
    }

    /// The values `markup:` takes, for messages.
    package static let names = (NoteMarkup.allCases.map(\.rawValue) + MarkupDialect.allCases.map(\.rawValue)).joined(separator: ", ")

    /// The message for a `markup:` value that names nothing.
    package static func problem(_ value: String) -> String {
        "markup: \(Excerpt.quoted(value)) is none of \(names)"
    }
}

extension MarkupChoice: Codable {
    /// A theme's `markup`, refused with the values it may take.
    /// - Parameter decoder: The decoder to read the text from.
    /// - Throws: `DecodingError.dataCorrupted` when the text names no markup or dialect, or what
    ///   the decoder throws when the value is not a string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(String.self)
        guard let choice = MarkupChoice(name: value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(Excerpt.quoted(value)) is none of \(Self.names)")
        }
        self = choice
    }

    /// Writes the name the choice was made with.
    /// - Parameter encoder: The encoder to write the name to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dialect?.rawValue ?? markup.rawValue)
    }
}
