import ArgumentParser

/// `--shard I/N`: the I-th of N slices of a batch's inputs, 1 ≤ I ≤ N.
struct Shard: ArgumentValue {
    var index: Int
    var count: Int

    init(argumentText text: String) throws {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            throw ValidationError("--shard takes I/N with 1 ≤ I ≤ N, such as 2/4")
        }
        self.index = index
        self.count = count
    }

    /// Every count-th item from the index-th, so that the slices are disjoint, cover every
    /// item, and do not depend on timing.
    func slice<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
