import Foundation
import LetterpressCore

/// Where each string value of a JSON text is written (the line and byte column of its first
/// character), by the keys and indices that lead to it: `JSONDecoder` tells none, and a
/// warning about a catalog's translation should name its line. The text has been decoded
/// once already, so a text that is not JSON just yields fewer places.
struct JSONPositions {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private(set) var places: [[String]: SourceLocation] = [:]

    /// Deeper values are not looked into (a catalog is five levels deep).
    private static let deepest = 64

    static func strings(in data: Data) -> [[String]: SourceLocation] {
        var scanner = JSONPositions(bytes: [UInt8](data))
        scanner.value(path: [])
        return scanner.places
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { advance() }
    }

    private mutating func value(path: [String]) {
        skipSpace()
        guard let byte = current, path.count <= Self.deepest else { return }
        switch byte {
        case UInt8(ascii: "{"):
            advance()
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { break }
                let key = string()
                skipSpace()
                guard current == UInt8(ascii: ":") else { return }
                advance()
                value(path: path + [key])
                skipSpace()
                guard current == UInt8(ascii: ",") else { break }
                advance()
            }
            if current == UInt8(ascii: "}") { advance() }
        case UInt8(ascii: "["):
            advance()
            var element = 0
            while true {
                skipSpace()
                guard let next = current, next != UInt8(ascii: "]") else { break }
                let start = index
                value(path: path + [String(element)])
                element += 1
                skipSpace()
                guard current == UInt8(ascii: ","), index > start else { break }
                advance()
            }
            if current == UInt8(ascii: "]") { advance() }
        case UInt8(ascii: "\""):
            places[path] = SourceLocation(line: line, column: index - lineStart + 2)
            _ = string()
        default:
            while let next = current, !",}] \n\r\t".utf8.contains(next) { advance() }
        }
    }

    /// The string at the opening quote, decoded; the scan goes on past its closing quote.
    private mutating func string() -> String {
        advance()
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flushRaw() {
            units += String(decoding: raw, as: UTF8.self).utf16
            raw = []
        }
        while let byte = current, byte != UInt8(ascii: "\"") {
            advance()
            guard byte == UInt8(ascii: "\\"), let escaped = current else {
                raw.append(byte)
                continue
            }
            advance()
            flushRaw()
            switch escaped {
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "u"):
                var digits = ""
                while digits.count < 4, let digit = current, Character(Unicode.Scalar(digit)).isHexDigit {
                    digits.append(Character(Unicode.Scalar(digit)))
                    advance()
                }
                units.append(UInt16(digits, radix: 16) ?? 0xFFFD)
            default: units.append(UInt16(escaped))
            }
        }
        flushRaw()
        if current != nil { advance() }
        return String(decoding: units, as: UTF16.self)
    }
}
