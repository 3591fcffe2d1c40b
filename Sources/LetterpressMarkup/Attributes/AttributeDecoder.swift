import Foundation
import LetterpressCore

/// Decodes the body of `^[text](body)` as JSON5 into `InlineAttributes`, leniently: a bad
/// value or an unknown key loses only that key, with a message (and a hint where one fits).
enum AttributeDecoder {
    /// Bodies longer than this are not decoded.
    static let maximumBodyLength = 64 * 1024
    /// Objects and arrays nested deeper than this are not decoded (no attribute needs more).
    static let maximumNesting = 16

    /// The deepest nesting of `{` and `[` outside strings.
    static func nestingDepth(of body: String) -> Int {
        var depth = 1
        var deepest = 1
        var quote: UInt8?
        var escaped = false
        for byte in body.utf8 {
            if escaped { escaped = false; continue }
            if byte == UInt8(ascii: "\\") { escaped = true; continue }
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
            }
        }
        return deepest
    }

    /// A problem of a body: its warning's code and message.
    typealias Problem = (code: Warning.Code, message: String)

    static func decode(_ body: String) -> (InlineAttributes?, [Problem]) {
        guard body.utf8.count <= maximumBodyLength else {
            return (nil, [(.inputLimit, "attribute body of \(body.utf8.count) bytes is longer than the \(maximumBodyLength) allowed; attributes ignored")])
        }
        guard nestingDepth(of: body) <= maximumNesting else {
            return (nil, [(.nestingTooDeep, "attributes nest deeper than \(maximumNesting) levels; attributes ignored")])
        }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let problems = Problems()
        decoder.userInfo[Problems.key] = problems
        do {
            let lenient = try decoder.decode(Lenient.self, from: Data(("{" + body + "}").utf8))
            return (lenient.attributes, problems.found)
        } catch {
            return (nil, [(.invalidAttributes, "attributes \(Excerpt.quoted(body)) are not valid JSON5\(hint(for: body)); text kept without them")])
        }
    }

    // A constant pattern, checked by the tests. A key starts only where a word does, and no
    // run gives back what it took (`*+`): else a 64 KiB word would be scanned from each of its
    // letters, in quadratic time.
    private static let wordValue = try! NSRegularExpression(pattern: #"(?<![\w$])([A-Za-z_$][\w$]*+)\s*+:\s*+([A-Za-z_$][\w$]*+)\s*+(?:,|\}|$)"#)

    /// The most common mistake is a word value without quotes, as in `effect: letterpress`.
    private static func hint(for body: String) -> String {
        let literals: Set<String> = ["true", "false", "null", "Infinity", "NaN"]
        let range = NSRange(body.startIndex..., in: body)
        for match in wordValue.matches(in: body, range: range) {
            guard let key = Range(match.range(at: 1), in: body), let value = Range(match.range(at: 2), in: body),
                  !literals.contains(String(body[value])) else { continue }
            return " (quote word values: \(Excerpt.cleaned(body[key], maximumLength: Excerpt.maximumLength)): \(Excerpt.quoted(body[value])))"
        }
        return ""
    }

    /// Unchecked: made, filled and read by one decoding, on one thread; userInfo asks for Sendable.
    fileprivate final class Problems: @unchecked Sendable {
        static let key = CodingUserInfoKey(rawValue: "letterpress.problems")!
        var found: [Problem] = []
    }

    fileprivate struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// One key of the body being decoded, and where messages about its value go.
    struct Entry {
        private let container: KeyedDecodingContainer<AnyKey>
        private let key: AnyKey
        private let problems: Problems?

        fileprivate init(container: KeyedDecodingContainer<AnyKey>, key: AnyKey, problems: Problems?) {
            self.container = container
            self.key = key
            self.problems = problems
        }

        var name: String { key.stringValue }

        /// The value as a `T`, or nil without a word.
        func decode<T: Decodable>(_ type: T.Type) -> T? {
            try? container.decode(T.self, forKey: key)
        }

        /// The value as a `T`, or nil with a message saying it must be `expected`.
        func decode<T: Decodable>(_ type: T.Type, expected: String) -> T? {
            do {
                return try container.decode(T.self, forKey: key)
            } catch {
                complain("'\(name)' must be \(expected); attribute ignored")
                return nil
            }
        }

        func complain(_ message: String) {
            problems?.found.append((.invalidAttributeValue, message))
        }
    }

    private struct Lenient: Decodable {
        var attributes = InlineAttributes()

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let problems = decoder.userInfo[Problems.key] as? Problems
            // Sorted, so that messages come in the same order on every run.
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if InlineAttributes.needingApplesMorphology.contains(key.stringValue) {
                    problems?.found.append((.unsupportedAttribute, "\(Excerpt.quoted(key.stringValue)) is Apple's automatic grammar agreement, which needs "
                        + "Apple's morphology engine (not on Linux); the text is kept as written"))
                    continue
                }
                guard let field = InlineAttributes.field(named: key.stringValue) else {
                    problems?.found.append((.unknownAttribute, "unknown attribute \(Excerpt.quoted(key.stringValue))" + Hint.suggestion(for: key.stringValue, among: InlineAttributes.keys)))
                    continue
                }
                field.read(Entry(container: container, key: key, problems: problems), &attributes)
            }
            if let link = attributes.link, link.utf8.count > CmarkConverter.maximumURLLength {
                problems?.found.append((.linkTooLong, "'link' of \(link.utf8.count) bytes is longer than the \(CmarkConverter.maximumURLLength) allowed; attribute ignored"))
                attributes.link = nil
            }
        }
    }
}

/// "did you mean" hints for misspelt names.
package enum Hint {
    /// ` (did you mean 'x'?)` for the closest of `candidates` within a small edit distance, else "".
    package static func suggestion(for word: String, among candidates: some Sequence<String>) -> String {
        NameSuggester(candidates).suggestion(for: word)
    }
}

/// Finds the name nearest a misspelt one, with a bounded cost per search: a note can ask
/// thousands of times among thousands of names (undefined variables, unknown custom styles),
/// which compared with every name each time took quadratic time. Built once per set of names.
package struct NameSuggester: Sendable {
    /// The names by their length in Unicode scalars, each list in order, so that ties go the same
    /// way on every run.
    private let byLength: [Int: [(name: String, folded: [Unicode.Scalar])]]

    /// Names compared at most in one search, nearest lengths first, and the longest word
    /// searched for: past them a hint is not worth its cost.
    static let comparedPerSearch = 128
    static let longestWord = 64

    package init(_ names: some Sequence<String>) {
        var byLength: [Int: [(name: String, folded: [Unicode.Scalar])]] = [:]
        for name in Set(names).sorted() where name.utf8.count <= Self.longestWord * 4 {
            let folded = Array(name.lowercased().unicodeScalars)
            byLength[folded.count, default: []].append((name, folded))
        }
        self.byLength = byLength
    }

    /// ` (did you mean 'x'?)` for the nearest name within an edit distance of a third of the
    /// word's Unicode scalars (at least 2), else "".
    package func suggestion(for word: String) -> String {
        let folded = Array(word.lowercased().unicodeScalars)
        guard folded.count <= Self.longestWord, !byLength.isEmpty else { return "" }
        let limit = max(2, folded.count / 3)
        var best: (name: String, distance: Int)?
        var compared = 0
        // Lengths nearest the word's first: a name whose length differs by more than the
        // limit cannot be within it.
        search: for difference in 0...limit {
            for length in Set([folded.count - difference, folded.count + difference]).sorted() {
                for candidate in byLength[length] ?? [] {
                    guard compared < Self.comparedPerSearch else { break search }
                    compared += 1
                    let bound = min(best?.distance ?? limit, limit)
                    if let distance = Self.distance(folded, candidate.folded, atMost: bound),
                       best.map({ distance < $0.distance || (distance == $0.distance && candidate.name < $0.name) }) ?? true {
                        best = (candidate.name, distance)
                    }
                }
            }
        }
        return best.map { " (did you mean '\($0.name)'?)" } ?? ""
    }

    /// The Levenshtein distance of `a` and `b` when it is at most `bound`, else nil (a row
    /// whose least entry passes the bound ends the search).
    package static func distance<Letter: Equatable>(_ a: [Letter], _ b: [Letter], atMost bound: Int) -> Int? {
        guard abs(a.count - b.count) <= bound else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var least = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                least = min(least, current[j])
            }
            guard least <= bound else { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
