import Foundation
import LetterpressCore

/// The old `.strings` format: `"key" = "value";` entries, with `/* … */` and `//` comments,
/// C's backslash escapes and `\U` followed by four hexadecimal digits, a key alone
/// (`"key";`) standing for itself, and words without quotes as keys or values. Read here
/// rather than by `PropertyListSerialization`, which on Linux prints its complaints about a bad
/// file on standard error.
struct StringsFile {
    struct Problem: Error {
        var message: String
        var line: Int
        var column: Int
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var lineStart = 0

    /// The entries of `data` (UTF-8, or UTF-16 with a byte order mark), in order, each with
    /// where its value's text starts (in characters).
    static func entries(_ data: Data) throws -> [(key: String, value: String, location: SourceLocation)] {
        var reader = StringsFile(scalars: Array(decoded(data).unicodeScalars))
        var entries: [(key: String, value: String, location: SourceLocation)] = []
        while try reader.skipSpace() {
            var location = reader.textLocation
            let key = try reader.token("a key in quotes")
            var value = key
            if try reader.next("=") {
                _ = try reader.skipSpace()
                location = reader.textLocation
                value = try reader.token("a value in quotes")
            }
            guard try reader.next(";") else { throw reader.problem("expected ';' after \(Excerpt.quoted(key))") }
            entries.append((key, value, location))
        }
        return entries
    }

    /// Where the text of the token that starts here starts: inside its quote, if it has one.
    private var textLocation: SourceLocation {
        SourceLocation(line: line, column: position - lineStart + (current == "\"" ? 2 : 1))
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private static func decoded(_ data: Data) -> String {
        let bytes = [UInt8](data.prefix(2))
        // Foundation reads the byte order from the mark.
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF] { return String(data: data, encoding: .utf16) ?? "" }
        let text = String(decoding: data, as: UTF8.self)
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    private func problem(_ message: String) -> Problem {
        Problem(message: message, line: line, column: position - lineStart + 1)
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    private var peek: Unicode.Scalar? { position + 1 < scalars.count ? scalars[position + 1] : nil }

    private mutating func advance() {
        if scalars[position] == "\n" {
            line += 1
            lineStart = position + 1
        }
        position += 1
    }

    /// Past white space and comments; false at the end of the file.
    private mutating func skipSpace() throws -> Bool {
        while let character = current {
            if character.properties.isWhitespace {
                advance()
            } else if character == "/", position + 1 < scalars.count, scalars[position + 1] == "/" {
                while let next = current, next != "\n" { advance() }
            } else if character == "/", position + 1 < scalars.count, scalars[position + 1] == "*" {
                let start = problem("this comment never ends")
                advance()
                advance()
                while current != nil, !(current == "*" && position + 1 < scalars.count && scalars[position + 1] == "/") { advance() }
                guard current != nil else { throw start }
                advance()
                advance()
            } else {
                return true
            }
        }
        return false
    }

    /// Whether `character` comes next (after space), which it then consumes.
    private mutating func next(_ character: Unicode.Scalar) throws -> Bool {
        guard try skipSpace(), current == character else { return false }
        advance()
        return true
    }

    /// A quoted string or a word.
    private mutating func token(_ expected: String) throws -> String {
        guard try skipSpace(), let first = current else { throw problem("expected \(expected), found the end of the file") }
        if first == "\"" { return try quoted() }
        var word = ""
        while let character = current, character.properties.isAlphabetic || ("0"..."9").contains(character) || "_.$:/-".unicodeScalars.contains(character) {
            word.unicodeScalars.append(character)
            advance()
        }
        guard !word.isEmpty else { throw problem("expected \(expected), found \(Excerpt.quoted(String(first)))") }
        return word
    }

    /// The four hexadecimal digits after `\U`: one UTF-16 unit.
    private mutating func utf16Unit() throws -> UInt16 {
        var digits = ""
        while digits.count < 4, let digit = current, digit.properties.isASCIIHexDigit {
            digits.unicodeScalars.append(digit)
            advance()
        }
        guard digits.count == 4, let unit = UInt16(digits, radix: 16) else { throw problem("\\U needs four hexadecimal digits") }
        return unit
    }

    private func hex(_ unit: UInt16) -> String { String(unit, radix: 16, uppercase: true) }

    private mutating func quoted() throws -> String {
        let start = problem("this string never ends")
        advance()
        var text = ""
        while let character = current {
            advance()
            switch character {
            case "\"":
                return text
            case "\\":
                guard let escaped = current else { throw start }
                advance()
                switch escaped {
                case "n": text += "\n"
                case "t": text += "\t"
                case "r": text += "\r"
                case "U", "u":
                    let unit = try utf16Unit()
                    if UTF16.isLeadSurrogate(unit) {
                        // A character past U+FFFF is written as its two UTF-16 halves: `\UD83D\UDE00`.
                        guard current == "\\", peek == "U" || peek == "u" else { throw problem("\\U\(hex(unit)) is half a character: its other half must follow") }
                        advance()
                        advance()
                        let trail = try utf16Unit()
                        guard UTF16.isTrailSurrogate(trail), let scalar = String(decoding: [unit, trail], as: UTF16.self).unicodeScalars.first else {
                            throw problem("\\U\(hex(unit)) is half a character: \\U\(hex(trail)) is not its other half")
                        }
                        text.unicodeScalars.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else { throw problem("\\U\(hex(unit)) is half a character: its other half must come first") }
                        text.unicodeScalars.append(scalar)
                    }
                default: text.unicodeScalars.append(escaped)
                }
            default:
                text.unicodeScalars.append(character)
            }
        }
        throw start
    }
}
