import Foundation

/// The space owed above the next slice: the larger of the space after the last block and the
/// space asked before the next. A collector of blocks from the middle of a document does not
/// know the gap the blocks before left owing, the inherited gap: until a block sets the gap
/// outright, the gap is the larger of that and the spaces asked since.
struct PendingGap {
    /// The largest space asked since the gap was set (or, when it inherits, since the start;
    /// nil when none was).
    private(set) var asked: Double?
    private(set) var inherits: Bool

    static let settled = PendingGap(asked: 0, inherits: false)
    static let inherited = PendingGap(asked: nil, inherits: true)

    mutating func ask(_ space: Double) { asked = max(asked ?? space, space) }
    mutating func set(_ space: Double) { (asked, inherits) = (space, false) }

    /// The gap, when the blocks before left `inherited` owing.
    func value(inheriting inherited: Double) -> Double {
        inherits ? max(inherited, asked ?? inherited) : asked ?? 0
    }
}
