import Foundation

/// Reads a plain-text note as a text editor shows it: paragraphs split at blank lines, each
/// line of a paragraph kept on a line of its own, no character read as markup.
public enum PlainTextParser {
    /// The paragraphs of `body` (the note without its front matter), under `title` as a
    /// level-1 heading when the front matter gives one: plain text has no other way to write
    /// a title, and the notepad showed a note's title apart from its text.
    public static func parseBody(_ body: String, title: String?) -> Document {
        var blocks: [Block] = []
        if let title, !title.isEmpty { blocks.append(.heading(level: 1, text: AttributedString(title))) }
        var lines: [Substring] = []
        func endParagraph() {
            guard !lines.isEmpty else { return }
            // U+2028, as a Markdown hard break: the line ends where the note's line does.
            blocks.append(.paragraph(AttributedString(lines.joined(separator: "\u{2028}"))))
            lines = []
        }
        // `\r\n` is one character, and a newline, as are `\r` and U+2028.
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                endParagraph()
            } else {
                lines.append(line)
            }
        }
        endParagraph()
        return Document(blocks: blocks)
    }
}
