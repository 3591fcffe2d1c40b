/// The supported command closest to a misspelt one, for "did you mean" in messages.
struct CommandSuggestion {
    /// The candidates' names as scalars, by length: only those of about the misspelt length
    /// are weighed.
    private let candidates: [Int: [(name: String, scalars: [Unicode.Scalar])]]

    /// Suggestions among `names`; names with a space or control character in them (`\␉`,
    /// a control space) are never suggested, as a message could not show them.
    init(_ names: [String]) {
        let printable = names.filter { $0.unicodeScalars.allSatisfy(Self.isPrintable) }
        candidates = Dictionary(grouping: printable.map { ($0, Array($0.unicodeScalars)) }, by: \.1.count)
    }

    /// The supported commands' suggestions, made once.
    static let commands = CommandSuggestion(MathCommands.sortedNames)

    /// The candidate within a small edit distance of `name` (one edit for short names, two
    /// from five letters), the closest, then one that starts as `name` does, then the first in
    /// alphabetical order. A control word is only matched with control words, a control symbol
    /// with symbols; one letter says too little to guess another from, so `\R` may be `\Re`
    /// but `\E` is not `\P`.
    func closest(to name: String) -> String? {
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, target.count <= 40 else { return nil }
        let isWord = MathTokenizer.isLetter(target[0])
        let allowed = target.count >= 5 ? 2 : 1
        var rows = Rows(length: target.count)
        var best: (distance: Int, otherStart: Int, name: String)?
        for length in target.count - allowed...target.count + allowed {
            for candidate in candidates[length] ?? []
            where candidate.scalars != target && candidate.scalars.first.map(MathTokenizer.isLetter) == isWord
                && (target.count > 1 || candidate.scalars.first == target.first) {
                guard let distance = rows.distance(target, candidate.scalars, atMost: allowed) else { continue }
                let otherStart = candidate.scalars.first == target.first ? 0 : 1
                if let current = best, (current.distance, current.otherStart, current.name) <= (distance, otherStart, candidate.name) {
                    continue
                }
                best = (distance, otherStart, candidate.name)
            }
        }
        return best?.name
    }

    /// The name among `names` closest to `name`, as `closest(to:)` chooses.
    static func closest(to name: String, among names: [String]) -> String? {
        CommandSuggestion(names).closest(to: name)
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned: return false
        default: return true
        }
    }

    /// Three rows of the distance table, kept from one candidate to the next.
    private struct Rows {
        var beforePrevious: [Int]
        var previous: [Int]
        var current: [Int]

        init(length: Int) {
            beforePrevious = Array(repeating: 0, count: length + 3)
            previous = beforePrevious
            current = beforePrevious
        }

        /// Levenshtein's distance from `b` to `a`, a swap of neighbours counting as one edit (as
        /// in `\farc`), or nil as soon as it must be over `limit`: most candidates are given up
        /// after a row or two. `a` is as long as the rows were made for, `b` at most two longer.
        mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
            guard b.count + 1 <= previous.count else { return nil }
            for j in 0...b.count { previous[j] = j }
            for i in a.indices {
                current[0] = i + 1
                var rowMinimum = current[0]
                for j in b.indices {
                    let cost = a[i] == b[j] ? 0 : 1
                    current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + cost)
                    if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] {
                        current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                    }
                    rowMinimum = min(rowMinimum, current[j + 1])
                }
                if rowMinimum > limit { return nil }
                swap(&beforePrevious, &previous)
                swap(&previous, &current)
            }
            return previous[b.count] <= limit ? previous[b.count] : nil
        }
    }
}
