/// One pass over a DOT source before Graphviz reads it, refusing what would make Graphviz
/// take long or recurse deeply: too many bytes, braces or brackets nested deeper than
/// `maximumDepth`, and a source whose edges join groups (`{a b} -> {c d}` makes an edge for
/// each pair) with more than `maximumNamesWithGroups` names, which could make millions of edges
/// before the count of edges is known.
enum DotScan {
    static let maximumDepth = 64
    static let maximumNamesWithGroups = 400

    static func refusal(of source: String, maximumBytes: Int) -> DiagramError? {
        let bytes = Array(source.utf8)
        guard bytes.count <= maximumBytes else {
            return DiagramError("\(bytes.count / 1024) KB of source, more than the \(maximumBytes / 1024) KB a diagram may have")
        }
        var depth = 0
        var line = 1
        var names = 0
        var joinsGroups = false
        var lastSignificant: UInt8 = 0
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte >= 0x80
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                continue
            case UInt8(ascii: "\""):
                // A quoted string, escapes included, ends at its closing quote.
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                names += 1
            case UInt8(ascii: "<") where lastSignificant == UInt8(ascii: "="):
                // An HTML-like label: its angle brackets nest.
                var nesting = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "<") { nesting += 1 }
                    if bytes[index] == UInt8(ascii: ">") { nesting -= 1 }
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    if nesting == 0 { break }
                    guard nesting <= maximumDepth else { return DiagramError("an HTML label nested more than \(maximumDepth) deep", line: line) }
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 2
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= maximumDepth else { return DiagramError("braces or brackets nested more than \(maximumDepth) deep", line: line) }
                if byte == UInt8(ascii: "{"), lastSignificant == UInt8(ascii: ">") || lastSignificant == UInt8(ascii: "-") { joinsGroups = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
            case UInt8(ascii: "-") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: ">") || bytes[index + 1] == UInt8(ascii: "-")):
                if lastSignificant == UInt8(ascii: "}") { joinsGroups = true }
                lastSignificant = bytes[index + 1]
                index += 2
                continue
            case let byte where isNameByte(byte):
                while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
                names += 1
                lastSignificant = UInt8(ascii: "a")
                continue
            default:
                break
            }
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") { lastSignificant = byte }
            index += 1
        }
        if joinsGroups, names > maximumNamesWithGroups {
            return DiagramError("edges between groups of nodes in a source of \(names) names, more than the \(maximumNamesWithGroups) such a diagram may have")
        }
        return nil
    }
}
