import Foundation

/// A glyph of a run's font, placed from the run's start in Pango units.
public struct Glyph: Sendable, Equatable {
    public var id: UInt32
    public var x: Int32
    public var y: Int32
}

/// A run's glyphs, eight bytes a glyph: vertical offsets are kept apart, and only for a run
/// that has one (marks placed above or below a letter).
public struct Glyphs: Sendable, Equatable, RandomAccessCollection {
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

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { placed.count }

    public subscript(index: Int) -> Glyph {
        Glyph(id: placed[index].id, x: placed[index].x, y: ys.isEmpty ? 0 : ys[index])
    }

    mutating func reserveCapacity(_ count: Int) { placed.reserveCapacity(count) }

    mutating func append(_ glyph: Glyph) {
        if glyph.y != 0 && ys.isEmpty { ys = Array(repeating: 0, count: placed.count) }
        placed.append(Placed(id: glyph.id, x: glyph.x))
        if !ys.isEmpty { ys.append(glyph.y) }
    }
}
