import Foundation

/// A shape on a page and the space it keeps clear around itself.
package struct Exclusion: Sendable, Equatable {
    package var page: Int
    package var shape: ExclusionShape
    package var margin: Double

    package init(page: Int, shape: ExclusionShape, margin: Double = 0) {
        self.page = page
        self.shape = shape
        self.margin = margin
    }
}
