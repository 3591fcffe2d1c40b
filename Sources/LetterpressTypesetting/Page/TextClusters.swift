import Foundation

/// `bytes` bytes of a run's text drawn by `glyphs` glyphs.
package struct TextCluster: Sendable, Equatable {
    package var bytes: Int32
    package var glyphs: Int32
}

/// A run's clusters in order, kept as runs of equal clusters: most are one byte and one glyph.
package struct TextClusters: Sendable, Equatable {
    struct Repeat: Sendable, Equatable {
        var cluster: TextCluster
        var count: Int32
    }

    private(set) var repeats: [Repeat] = []

    init(repeats: [Repeat]) {
        self.repeats = repeats
    }

    package init() {}

    mutating func append(_ cluster: TextCluster) {
        if repeats.last?.cluster == cluster {
            repeats[repeats.count - 1].count += 1
        } else {
            repeats.append(Repeat(cluster: cluster, count: 1))
        }
    }

    /// Every cluster, in order (an array per repeat cost a book's drawing 20M instructions).
    package var all: [TextCluster] {
        var clusters: [TextCluster] = []
        clusters.reserveCapacity(repeats.reduce(0) { $0 + Int($1.count) })
        for run in repeats { clusters += repeatElement(run.cluster, count: Int(run.count)) }
        return clusters
    }
}
