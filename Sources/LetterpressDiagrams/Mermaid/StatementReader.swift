import Foundation
import LetterpressCore

/// A line of a state, class or ER diagram read left to right, once: the small steps their
/// parsers share, and the error that says what was expected and what was found instead.
struct StatementReader {
    private let characters: [Character]
    private(set) var index = 0
    let line: Int

    init(_ text: String, line: Int) {
        characters = Array(text)
        self.line = line
    }

    var isAtEnd: Bool { index >= characters.count }

    /// The character at the reading position, if any.
    var next: Character? { index < characters.count ? characters[index] : nil }

    /// The character `offset` places after the reading position, if any.
    func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    /// What is left of the line, trimmed; the position moves to its end.
    mutating func rest() -> String {
        defer { index = characters.count }
        return String(characters[min(index, characters.count)...]).trimmingCharacters(in: .whitespaces)
    }

    mutating func skipSpaces() {
        while let character = next, character == " " || character == "\t" { index += 1 }
    }

    func matches(_ text: String) -> Bool {
        var position = index
        for character in text {
            guard position < characters.count, characters[position] == character else { return false }
            position += 1
        }
        return true
    }

    mutating func take(_ text: String) -> Bool {
        guard matches(text) else { return false }
        index += text.count
        return true
    }

    /// A name: letters, digits and underscores, and hyphens between them (`LINE-ITEM`, not
    /// the `-` of `-->`).
    mutating func name() -> String? {
        let start = index
        while let character = next {
            if character.isLetter || character.isNumber || character == "_" {
                index += 1
            } else if character == "-", index > start, index + 1 < characters.count,
                      characters[index + 1].isLetter || characters[index + 1].isNumber || characters[index + 1] == "_" {
                index += 1
            } else {
                break
            }
        }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// The text between `open` here and the next `close`, the position moving past it; nil
    /// (the position kept) when there is no `open` here or nothing closes it on the line.
    mutating func enclosed(_ open: String, _ close: Character) -> String? {
        guard matches(open) else { return nil }
        let start = index + open.count
        var position = start
        while position < characters.count, characters[position] != close { position += 1 }
        guard position < characters.count else { return nil }
        index = position + 1
        return String(characters[start..<position])
    }

    /// Characters up to the next space or tab.
    mutating func word() -> String? {
        let start = index
        while let character = next, character != " ", character != "\t" { index += 1 }
        return index > start ? String(characters[start..<index]) : nil
    }

    /// The error for the reading position: `expected what, found 'x…'` (or the end of the line).
    func expected(_ what: String) -> DiagramError {
        let found = isAtEnd ? "the end of the line" : Excerpt.quoted(String(characters[index...]))
        return DiagramError("expected \(what), found \(found)", line: line)
    }
}
