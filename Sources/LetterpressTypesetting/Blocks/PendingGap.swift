import Foundation

/// The space owed above the next slice: the larger of the space after the last block and the
/// space asked before the next.
struct PendingGap {
    private(set) var value = 0.0

    mutating func ask(_ space: Double) { value = max(value, space) }
    mutating func set(_ space: Double) { value = space }
}
