import Foundation

/// One run of a `StyledText`.
public struct StyledRun: Sendable, Equatable {
    public var range: Range<Int>
    public var style: TextStyle
    /// Names the run in its paragraph, and stays the same in slices cut from it.
    public var id: Int = 0
}
