/// A note's lines as the dialect passes before cmark read them: each line's text and its end,
/// whether it is code (inside a fence, or a fence's own line), and its code spans, so that
/// nothing inside code is read as a construct. Lines are rewritten one for one: line numbers
/// hold.
struct SourceLines {
    /// A line's text without its end, and the end (`\n`, `\r\n`, `\r` or nothing).
    var lines: [(text: Substring, end: Substring)] = []
    /// Whether each line is fenced code or a fence.
    private(set) var isCode: [Bool] = []

    init(_ body: String) {
        let texts = CmarkLines.lines(of: body)
        for (index, text) in texts.enumerated() {
            let next = index + 1 < texts.count ? texts[index + 1].startIndex : text.base.endIndex
            lines.append((text, text.base[text.endIndex..<next]))
        }
        var fence: (character: Character, length: Int)?
        for (text, _) in lines {
            let content = Self.content(of: text)
            let run = content.prefix { $0 == "`" || $0 == "~" }
            let character = run.first
            let length = run.prefix { $0 == character }.count
            if let open = fence {
                isCode.append(true)
                if character == open.character, length >= open.length,
                   content.dropFirst(length).allSatisfy({ $0 == " " || $0 == "\t" }) { fence = nil }
            } else if let character, length >= 3, !(character == "`" && content.dropFirst(length).contains("`")) {
                isCode.append(true)
                fence = (character, length)
            } else {
                isCode.append(false)
            }
        }
    }

    /// The note again, with `replaced` lines in place of theirs (by index).
    func joined(replacing replaced: [Int: String]) -> String {
        var result = ""
        for (index, line) in lines.enumerated() {
            if let replacement = replaced[index] { result += replacement } else { result += line.text }
            result += line.end
        }
        return result
    }

    /// A line's text past its containers' marks as this pass reads them: quote markers,
    /// list markers and indentation.
    static func content(of line: Substring) -> Substring {
        var rest = line[...]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.first == ">" {
                rest = rest.dropFirst()
            } else if let marker = rest.first, "-*+".contains(marker), rest.dropFirst().first == " " {
                rest = rest.dropFirst(2)
            } else if let digits = Optional(rest.prefix { $0.isASCII && $0.isNumber }), !digits.isEmpty, digits.count < 10,
                      let after = rest.dropFirst(digits.count).first, after == "." || after == ")",
                      rest.dropFirst(digits.count + 1).first == " " {
                rest = rest.dropFirst(digits.count + 2)
            } else {
                return rest
            }
        }
    }

    /// The container prefix of a line: what comes before `content(of:)`.
    static func prefix(of line: Substring) -> Substring {
        line[line.startIndex..<content(of: line).startIndex]
    }

    /// The ranges of `line` inside code spans (a run of backticks up to the next run of as
    /// many on the line), backticks included; in one pass over the runs, whatever their lengths.
    static func codeSpans(in line: Substring) -> [Range<String.Index>] {
        guard line.contains("`") else { return [] }
        var runs: [Range<String.Index>] = []
        var index = line.startIndex
        while index < line.endIndex {
            guard line[index] == "`" else { index = line.index(after: index); continue }
            let run = line[index...].prefix { $0 == "`" }
            runs.append(run.startIndex..<run.endIndex)
            index = run.endIndex
        }
        // For each run, the next run of the same length: the span it would close.
        var next = [Int?](repeating: nil, count: runs.count)
        var lastOfLength: [Int: Int] = [:]
        for position in runs.indices.reversed() {
            let length = line.distance(from: runs[position].lowerBound, to: runs[position].upperBound)
            next[position] = lastOfLength[length]
            lastOfLength[length] = position
        }
        var spans: [Range<String.Index>] = []
        var position = 0
        while position < runs.count {
            if let closer = next[position] {
                spans.append(runs[position].lowerBound..<runs[closer].upperBound)
                position = closer + 1
            } else {
                position += 1
            }
        }
        return spans
    }
}

extension SourceLines {
    /// `line` with `transform` applied to each stretch outside its code spans.
    static func outsideCode(_ line: Substring, _ transform: (Substring) -> String) -> String {
        let spans = codeSpans(in: line)
        guard !spans.isEmpty else { return transform(line) }
        var result = ""
        var start = line.startIndex
        for span in spans {
            result += transform(line[start..<span.lowerBound])
            result += line[span]
            start = span.upperBound
        }
        return result + transform(line[start...])
    }
}
