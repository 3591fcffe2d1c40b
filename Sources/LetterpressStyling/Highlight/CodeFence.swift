import Foundation

/// What a fence's info string asks for: ```` ```swift {linenos hl_lines="3-5"} ````. The first
/// word is the language (`{.python}`, pandoc's form, is `python`); then, anywhere after it,
/// `linenos` (or `linenos=false`) and `hl_lines` with line numbers and ranges.
struct CodeFence: Equatable {
    /// The language in lower case; nil when the info string names none.
    var language: String?
    /// `linenos` on (true) or off (false); nil leaves it to the theme.
    var lineNumbers: Bool?
    /// The lines `hl_lines` marks, 1-based, as written (ranges may run past the text).
    var markedLines: [ClosedRange<Int>] = []

    /// The words that turn line numbers on: Python-Markdown's and Hugo's, and pandoc's class.
    static let numberingWords: Set<String> = ["linenos", "linenums", "numberlines", ".numberlines"]
    /// Language names longer than this are not languages (nor worth a suggestion).
    static let longestLanguage = 64
    /// At most this many `hl_lines` ranges are read.
    static let mostRanges = 1_000

    init(info: String?) {
        guard let info else { return }
        var words = Self.words(of: info)
        if let first = words.first, !first.contains("="), !Self.numberingWords.contains(first.lowercased()) {
            words.removeFirst()
            let name = first.trimmingCharacters(in: CharacterSet(charactersIn: ".")).lowercased()
            if !name.isEmpty, name.count <= Self.longestLanguage { language = name }
        }
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            switch parts.first?.lowercased() {
            case let word? where Self.numberingWords.contains(word):
                lineNumbers = parts.count == 1 || !["false", "0", "no", "off"].contains(parts[1].lowercased())
            case "hl_lines", "highlight", "mark":
                if parts.count == 2 { markedLines = Self.ranges(parts[1]) }
            default:
                continue
            }
        }
    }

    /// The info string's words, split at spaces and braces outside quotes (`{linenos}`), the
    /// quotes dropped (`hl_lines="3 5"` is one word).
    private static func words(of info: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in info.prefix(4_096) {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
            case " ", "\t", "{", "}":
                if !word.isEmpty { words.append(word) }
                word = ""
            default:
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `3-5 8`, `3-5,8` or `[2, "4-6"]` as ranges of line numbers.
    private static func ranges(_ value: String) -> [ClosedRange<Int>] {
        let pieces = value.split(whereSeparator: { " ,[]\"'".contains($0) }).prefix(mostRanges)
        return pieces.compactMap { piece in
            let bounds = piece.split(separator: "-", maxSplits: 1).map { Int($0) }
            guard let lower = bounds.first ?? nil, lower > 0 else { return nil }
            let upper = bounds.count == 2 ? bounds[1] : lower
            guard let upper, upper >= lower else { return nil }
            return lower...upper
        }
    }
}
