import Foundation

/// Reads a plain-text note as a text editor shows it: paragraphs split at blank lines, each
/// line of a paragraph kept on a line of its own, no character read as markup.
package enum PlainTextParser {
    /// The paragraphs of `body` (the note without its front matter), under `title` as a
    /// level-1 heading when the front matter gives one: plain text has no other way to write
    /// a title, and the notepad showed a note's title apart from its text.
    package static func parseBody(_ body: String, title: String?) -> Document {
        var blocks: [Block] = []
        parseBody(body, title: title) { blocks += $0; return true }
        return Document(blocks: blocks)
    }

    /// Hands `deliver` each block as soon as it is made, until `deliver` returns false (its
    /// reader has gone), as `MarkdownParser.parseBody(_:file:variables:locale:delivering:)`.
    package static func parseBody(_ body: String, title: String?, delivering deliver: ([Block]) -> Bool) {
        if let title, !title.isEmpty, !deliver([.heading(level: 1, text: AttributedString(title))]) { return }
        var lines: [Substring] = []
        func endParagraph() -> Bool {
            guard !lines.isEmpty else { return true }
            // U+2028, as a Markdown hard break: the line ends where the note's line does.
            defer { lines = [] }
            return deliver([.paragraph(AttributedString(lines.joined(separator: "\u{2028}")))])
        }
        // Split as bytes, some ten times faster than as characters, where `\r\n` is one.
        for bytes in body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = Substring(bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes)
            if line.allSatisfy(\.isWhitespace) {
                guard endParagraph() else { return }
            } else {
                lines.append(line)
            }
        }
        _ = endParagraph()
    }
}
