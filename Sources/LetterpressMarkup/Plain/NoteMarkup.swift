import Foundation
import LetterpressCore

/// How a note's body is read: as Markdown, or as plain text, the way a text editor shows it
/// (TextKit's notepad: the highlight rules then see `*`, `_` and `~` as written).
public enum NoteMarkup: String, Sendable, Codable, CaseIterable {
    case markdown, plain

    /// The front matter's `markup`, else the theme's, else plain for a `.txt` file, else
    /// Markdown.
    package static func of(file: String, frontMatter: FrontMatter, theme: NoteMarkup?) -> NoteMarkup {
        frontMatter.markup ?? theme ?? (URL(fileURLWithPath: file).pathExtension.lowercased() == "txt" ? .plain : .markdown)
    }
}

extension NoteMarkup {
    /// A theme's `markup`, refused with the two values it may take.
    /// - Parameter decoder: The decoder to read the text from.
    /// - Throws: `DecodingError.dataCorrupted` when the text is neither `markdown` nor
    ///   `plain`, or what the decoder throws when the value is not a string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(String.self)
        guard let markup = NoteMarkup(rawValue: value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(Excerpt.quoted(value)) is neither 'markdown' nor 'plain'")
        }
        self = markup
    }
}
