import Foundation

/// A glyph of a run's font, placed from the run's start in Pango units.
package struct Glyph: Sendable, Equatable {
    package var id: UInt32
    package var x: Int32
    package var y: Int32
}

/// A run's glyphs, eight bytes a glyph: vertical offsets are kept apart, and only for a run
/// that has one (marks placed above or below a letter).
package struct Glyphs: Sendable, Equatable, RandomAccessCollection {
    struct Placed: Sendable, Equatable {
        var id: UInt32
        var x: Int32
    }

    private(set) var placed: [Placed] = []
    private(set) var ys: [Int32] = []

    init(placed: [Placed], ys: [Int32]) {
        self.placed = placed
        self.ys = ys
    }

    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { placed.count }

    package subscript(index: Int) -> Glyph {
        Glyph(id: placed[index].id, x: placed[index].x, y: ys.isEmpty ? 0 : ys[index])
    }

    mutating func reserveCapacity(_ count: Int) { placed.reserveCapacity(count) }

    mutating func append(_ glyph: Glyph) {
        if glyph.y != 0 && ys.isEmpty { ys = Array(repeating: 0, count: placed.count) }
        placed.append(Placed(id: glyph.id, x: glyph.x))
        if !ys.isEmpty { ys.append(glyph.y) }
    }
}
