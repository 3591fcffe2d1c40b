import Foundation

/// One run of a `StyledText`.
package struct StyledRun: Sendable, Equatable {
    package var range: Range<Int>
    package var style: TextStyle
    /// Names the run in its paragraph, and stays the same in slices cut from it.
    package var id: Int = 0
}
