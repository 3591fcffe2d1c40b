import Foundation

/// One run of a `StyledText`.
package struct StyledRun: Sendable, Equatable {
    package var range: Range<Int>
    package var style: TextStyle
    /// Names the run in its paragraph, and stays the same in slices cut from it.
    package var id: Int = 0

    package init(range: Range<Int>, style: TextStyle, id: Int = 0) {
        self.range = range
        self.style = style
        self.id = id
    }
}
