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
    @usableFromInline struct Placed: Sendable, Equatable {
        @usableFromInline var id: UInt32
        @usableFromInline var x: Int32
    }

    @usableFromInline private(set) var placed: [Placed] = []
    @usableFromInline private(set) var ys: [Int32] = []

    init(placed: [Placed], ys: [Int32]) {
        self.placed = placed
        self.ys = ys
    }

    package init() {}

    // Inlinable: Export draws every glyph through these, and a collection another module
    // iterates is otherwise reached through its witness table, a call per glyph.
    @inlinable package var startIndex: Int { 0 }
    @inlinable package var endIndex: Int { placed.count }

    @inlinable package subscript(index: Int) -> Glyph {
        Glyph(id: placed[index].id, x: placed[index].x, y: ys.isEmpty ? 0 : ys[index])
    }

    mutating func reserveCapacity(_ count: Int) { placed.reserveCapacity(count) }

    mutating func append(_ glyph: Glyph) {
        // Offsets are kept from the first glyph that has one, its first glyph included.
        let keepsOffsets = !ys.isEmpty || glyph.y != 0
        if keepsOffsets && ys.count < placed.count { ys = Array(repeating: 0, count: placed.count) }
        placed.append(Placed(id: glyph.id, x: glyph.x))
        if keepsOffsets { ys.append(glyph.y) }
    }
}
