/// The supported command closest to a misspelt one, for "did you mean" in messages.
enum CommandSuggestion {
    /// The candidate within a small edit distance of `name` (one edit for short names, two
    /// from five letters), the closest, then the first in alphabetical order.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, target.count <= 40 else { return nil }
        let allowed = target.count >= 5 ? 2 : 1
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - target.count) <= allowed, scalars != target else { continue }
            let distance = editDistance(target, scalars)
            guard distance <= allowed else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// Levenshtein's distance, a swap of neighbours counting as one edit (as in `\farc`).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = previous
            current[0] = i + 1
            for j in b.indices {
                let cost = a[i] == b[j] ? 0 : 1
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + cost)
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
