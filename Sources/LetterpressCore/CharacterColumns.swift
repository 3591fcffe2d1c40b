/// Columns as editors count them. Markdown's parser and the passes before it locate problems by
/// UTF-8 byte, so in a line with accents, CJK or emoji the byte column points past the place;
/// messages give the column in characters (grapheme clusters), as an editor's cursor moves.
package enum CharacterColumns {
    /// `warnings` with the columns of those in `file`, from line `firstLine` on, counted in
    /// characters of `text` rather than in its bytes; other warnings as they are.
    package static func converted(_ warnings: [Warning], file: String, text: String, firstLine: Int = 1) -> [Warning] {
        let lines = Set(warnings.compactMap { warning -> Int? in
            guard warning.file == file, let location = warning.location, location.line >= firstLine, location.column > 1 else { return nil }
            return location.line
        })
        guard !lines.isEmpty else { return warnings }
        let texts = Self.lines(lines, of: text)
        return warnings.map { warning in
            guard warning.file == file, let location = warning.location, let line = texts[location.line] else { return warning }
            var converted = warning
            converted.location?.column = column(ofByte: location.column, in: line)
            return converted
        }
    }

    /// The character column of byte column `byteColumn` of `line`: one more than the
    /// characters wholly before that byte. Past the line's end, the column is left as it is.
    package static func column(ofByte byteColumn: Int, in line: Substring) -> Int {
        let utf8 = line.utf8
        guard byteColumn > 1, byteColumn - 1 <= utf8.count else { return byteColumn }
        let end = utf8.index(utf8.startIndex, offsetBy: byteColumn - 1)
        var characters = 0
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            guard next <= end else { break }
            characters += 1
            index = next
        }
        return characters + 1
    }

    /// The text of each line numbered in `wanted` (from 1), without its line break.
    private static func lines(_ wanted: Set<Int>, of text: String) -> [Int: Substring] {
        var found: [Int: Substring] = [:]
        let last = wanted.max() ?? 0
        var number = 1
        var start = text.startIndex
        let utf8 = text.utf8
        while number <= last, start <= text.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            if wanted.contains(number) {
                var line = text[start..<end]
                if line.utf8.last == UInt8(ascii: "\r") { line = line.dropLast() }
                found[number] = line
            }
            guard end < text.endIndex else { break }
            start = utf8.index(after: end)
            number += 1
        }
        return found
    }
}
