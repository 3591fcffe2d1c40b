import Foundation

/// A shape on a page and the space it keeps clear around itself.
public struct Exclusion: Sendable, Equatable {
    public var page: Int
    public var shape: ExclusionShape
    public var margin: Double

    public init(page: Int, shape: ExclusionShape, margin: Double = 0) {
        self.page = page
        self.shape = shape
        self.margin = margin
    }
}
