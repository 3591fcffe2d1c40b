import Foundation

/// How a note's body is read: as Markdown, or as plain text, the way a text editor shows it
/// (TextKit's notepad: the highlight rules then see `*`, `_` and `~` as written).
public enum NoteMarkup: String, Sendable, Codable, CaseIterable {
    case markdown, plain

    /// The front matter's `markup`, else the theme's, else plain for a `.txt` file, else
    /// Markdown.
    public static func of(file: String, frontMatter: FrontMatter, theme: NoteMarkup?) -> NoteMarkup {
        frontMatter.markup ?? theme ?? (URL(fileURLWithPath: file).pathExtension.lowercased() == "txt" ? .plain : .markdown)
    }
}
