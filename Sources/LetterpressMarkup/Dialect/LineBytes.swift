/// What the passes before cmark (math's and the dialects') read of a note's lines by byte, as
/// CommonMark reads them: each pass keeps the note's bytes and its own line shape.
protocol LineBytes {
    var bytes: [UInt8] { get }
}

extension LineBytes {
    func starts(_ text: String, at index: Int, before end: Int) -> Bool {
        let utf8 = text.utf8
        guard index + utf8.count <= end else { return false }
        return bytes[index..<(index + utf8.count)].elementsEqual(utf8)
    }

    /// Where a list item's content starts when a bullet or ordered marker is at `start`.
    func listContent(at start: Int, in line: Range<Int>) -> Int? {
        var index = start
        guard index < line.upperBound else { return nil }
        let byte = bytes[index]
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
            index += 1
        } else {
            var digits = 0
            while index < line.upperBound, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 9 { index += 1; digits += 1 }
            guard digits > 0, index < line.upperBound, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else { return nil }
            index += 1
        }
        guard index == line.upperBound || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") else { return nil }
        var spaces = 0
        while index + spaces < line.upperBound, bytes[index + spaces] == UInt8(ascii: " "), spaces < 5 { spaces += 1 }
        return index + (spaces >= 5 || spaces == 0 ? 1 : spaces)
    }

    /// A fence's character and length when one opens at `index`.
    func fenceOpener(at index: Int, in line: Range<Int>) -> (UInt8, Int)? {
        guard index < line.upperBound, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") else { return nil }
        let byte = bytes[index]
        var end = index
        while end < line.upperBound, bytes[end] == byte { end += 1 }
        guard end - index >= 3 else { return nil }
        if byte == UInt8(ascii: "`"), bytes[end..<line.upperBound].contains(byte) { return nil }
        return (byte, end - index)
    }

    /// Whether the line whose content starts at `contentStart` closes a fence of `length`
    /// `byte`s.
    func closesFence(from contentStart: Int, _ line: Range<Int>, _ byte: UInt8, _ length: Int) -> Bool {
        var end = contentStart
        while end < line.upperBound, bytes[end] == byte { end += 1 }
        guard end - contentStart >= length else { return false }
        return bytes[end..<line.upperBound].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// For each backtick run of `range` that opens a code span, the index past the run that
    /// closes it (the next run of the same length), as cmark pairs them.
    func codeSpanEnds(in range: Range<Int>) -> [Int: Int] {
        CodeSpans.ends(bytes, in: range)
    }
}

/// Where code spans close, for the passes that must leave their text alone.
enum CodeSpans {
    /// `LineBytes.codeSpanEnds(in:)` of any bytes; a backslash before a run escapes its first
    /// backtick.
    static func ends(_ bytes: [UInt8], in range: Range<Int>) -> [Int: Int] {
        var runs: [(start: Int, length: Int)] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            guard bytes[index] == UInt8(ascii: "`") else {
                index += 1
                continue
            }
            var end = index
            while end < range.upperBound, bytes[end] == UInt8(ascii: "`") { end += 1 }
            runs.append((index, end - index))
            index = end
        }
        guard runs.count > 1 else { return [:] }
        // The next run of the same length after each, found from the right.
        var next = [Int?](repeating: nil, count: runs.count)
        var seen: [Int: Int] = [:]
        for position in runs.indices.reversed() {
            next[position] = seen[runs[position].length]
            seen[runs[position].length] = position
        }
        var ends: [Int: Int] = [:]
        var position = 0
        while position < runs.count {
            guard let closing = next[position] else {
                position += 1
                continue
            }
            ends[runs[position].start] = runs[closing].start + runs[closing].length
            position = closing + 1
        }
        return ends
    }
}
