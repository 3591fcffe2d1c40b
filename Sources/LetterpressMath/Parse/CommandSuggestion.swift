/// The supported command closest to a misspelt one, for "did you mean" in messages.
enum CommandSuggestion {
    /// The candidate within a small edit distance of `name` (one edit for short names, two
    /// from five letters), the closest, then the first in alphabetical order.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let target = Array(name.unicodeScalars)
        guard !target.isEmpty, target.count <= 40 else { return nil }
        let allowed = target.count >= 5 ? 2 : 1
        var best: (distance: Int, name: String)?
        for candidate in candidates where abs(candidate.unicodeScalars.count - target.count) <= allowed {
            let scalars = Array(candidate.unicodeScalars)
            guard scalars != target else { continue }
            guard let distance = editDistance(target, scalars, atMost: allowed) else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// Levenshtein's distance, a swap of neighbours counting as one edit (as in `\farc`), or
    /// nil as soon as it must be over `limit`: most candidates are given up after a row or two.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for i in a.indices {
            current[0] = i + 1
            for j in b.indices {
                let cost = a[i] == b[j] ? 0 : 1
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + cost)
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            if (current.min() ?? 0) > limit { return nil }
            swap(&beforePrevious, &previous)
            swap(&previous, &current)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }
}
