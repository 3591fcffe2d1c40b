
/// How deep the tables of a TOML text nest, read before toml++ parses it: toml++ bounds nested
/// arrays and inline tables, but not dotted keys (`a.a.a… = 1`) or headers (`[a.a.a…]`), and
/// recurses through the tables they make (30,000 of them overflowed the stack).
enum TOMLNesting {
    /// A table or array open in a value, with the key state to go back to when it closes.
    private struct Container {
        var depth: Int
        var isTable: Bool
        var base: Int
        var segments: Int
    }

    /// The deepest level any key, header, inline table or array reaches, the first line (from
    /// 1) where a level passes `limit`, if one does, and the first header whose first key starts
    /// with neither a bare key's character nor a quote (`[é]`), if one does: toml++ 3 asserts
    /// on such a header, which aborts the process, where it refuses the same key anywhere else.
    /// Each key of a dotted key, a header, an inline table and an array counts one level.
    static func deepest(in toml: String, limit: Int = .max) -> (depth: Int, lineOfFirstPast: Int?, lineOfBadHeader: Int?) {
        let bytes = Array(toml.utf8)
        var deepest = 0
        var firstPast: Int?
        var badHeader: Int?
        var line = 1
        var containers: [Container] = []
        // The table a header opened: the keys below it are inside it.
        var tableDepth = 0
        var inKey = true
        var base = 0
        var segments = 1
        var lineStart = true
        var index = 0
        func note(_ depth: Int) {
            deepest = max(deepest, depth)
            if depth > limit && firstPast == nil { firstPast = line }
        }
        var valueDepth: Int {
            if let last = containers.last, !last.isTable { return last.depth }
            return base + segments
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\r") && byte != UInt8(ascii: "[") {
                lineStart = false
            }
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                if containers.isEmpty {
                    (inKey, base, segments, lineStart) = (true, tableDepth, 1, true)
                }
            case UInt8(ascii: "#"):
                while index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = endOfString(bytes, from: index, line: &line)
                lineStart = false
                continue
            case UInt8(ascii: "[") where containers.isEmpty && inKey && lineStart:
                if badHeader == nil, !startsWithKey(bytes, after: index) { badHeader = line }
                tableDepth = header(bytes, from: &index, line: &line)
                note(tableDepth)
                (inKey, base, segments, lineStart) = (false, tableDepth, 1, false)
            case UInt8(ascii: ".") where inKey:
                segments += 1
                note(base + segments)
            case UInt8(ascii: "=") where inKey:
                inKey = false
                note(base + segments)
            case UInt8(ascii: "{") where !inKey:
                let depth = valueDepth
                containers.append(Container(depth: depth, isTable: true, base: base, segments: segments))
                (base, segments, inKey) = (depth, 1, true)
                note(depth)
            case UInt8(ascii: "[") where !inKey:
                let depth = valueDepth + 1
                containers.append(Container(depth: depth, isTable: false, base: base, segments: segments))
                note(depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let closed = containers.popLast() {
                    (base, segments, inKey) = (closed.base, closed.segments, false)
                }
            case UInt8(ascii: ","):
                if let last = containers.last, last.isTable { (base, segments, inKey) = (last.depth, 1, true) }
            default:
                break
            }
            index += 1
        }
        // A table or array still open is a reading of the strings that toml++ does not share
        // (it would refuse such a text): every dot and bracket then counts as a level.
        if !containers.isEmpty {
            let levels = bytes.count { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }
            if levels > limit && firstPast == nil { firstPast = 1 }
            deepest = max(deepest, levels)
        }
        return (deepest, firstPast, badHeader)
    }

    /// Whether the header whose first `[` is at `index` starts with a bare key's character
    /// (A–Z, a–z, 0–9, `-`, `_`) or a quote, after `[[` and spaces; an empty header is left to
    /// toml++, which refuses it.
    private static func startsWithKey(_ bytes: [UInt8], after index: Int) -> Bool {
        var next = index + 1
        if next < bytes.count && bytes[next] == UInt8(ascii: "[") { next += 1 }
        while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")) { next += 1 }
        guard next < bytes.count else { return true }
        let byte = bytes[next]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return true
        default:
            return false
        }
    }

    /// The depth of the table the header at `index` (its first `[`) names: one a key, one
    /// more for an array of tables; `index` is left on its last `]`.
    private static func header(_ bytes: [UInt8], from index: inout Int, line: inout Int) -> Int {
        var depth = 1
        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "[") {
            depth += 1
            index += 1
        }
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "]") && bytes[index] != UInt8(ascii: "\n") {
            switch bytes[index] {
            case UInt8(ascii: "."): depth += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index = endOfString(bytes, from: index, line: &line)
                continue
            default: break
            }
            index += 1
        }
        return depth
    }

    /// `toml` with each escaped NUL in a basic string (`"…\u0000…"`, `\U00000000` too) written
    /// as U+FFFD: TOMLKit reads toml++'s strings up to their first NUL, so "Ann\u0000Lee" would
    /// lose "Lee". In a literal string (`'…'`) the same six characters are text, and stay.
    static func withoutNULEscapes(_ toml: String) -> String {
        guard toml.contains("0000") else { return toml }
        var bytes = Array(toml.utf8)
        var index = 0
        var line = 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "#"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "'"):
                index = endOfString(bytes, from: index, line: &line)
            case UInt8(ascii: "\""):
                let end = endOfString(bytes, from: index, line: &line)
                var position = index + 1
                while position < end {
                    if bytes[position] == UInt8(ascii: "\\") {
                        for (escape, length) in [("u0000", 5), ("U00000000", 9)]
                        where bytes[(position + 1)...].starts(with: Array(escape.utf8)) {
                            // The same number of bytes, so that toml++'s columns stay right.
                            let replacement = Array((escape.first == "u" ? "uFFFD" : "U0000FFFD").utf8)
                            bytes.replaceSubrange((position + 1)..<(position + 1 + length), with: replacement)
                        }
                        position += 2
                    } else {
                        position += 1
                    }
                }
                index = end
            default:
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the string starting at `index` (its quote) ends: past its closing quote, or
    /// the text's end. Basic strings take backslash escapes; a tripled quote opens a multi-line
    /// string, whose lines are counted.
    private static func endOfString(_ bytes: [UInt8], from index: Int, line: inout Int) -> Int {
        let quote = bytes[index]
        let tripled = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        var position = index + (tripled ? 3 : 1)
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\n") {
                guard tripled else { return position }
                line += 1
            }
            if byte == quote {
                if !tripled { return position + 1 }
                if position + 2 < bytes.count && bytes[position + 1] == quote && bytes[position + 2] == quote {
                    // Up to two more quotes belong to the string (`"""a""""` is `a"`).
                    var end = position + 3
                    while end < bytes.count && end < position + 5 && bytes[end] == quote { end += 1 }
                    return end
                }
            }
            position += 1
        }
        return position
    }
}
