import Foundation

/// A heading's entry in the PDF outline.
public struct OutlineEntry: Sendable, Equatable {
    public var level: Int
    public var title: String
    /// The heading's top, in points from the page's top, once placed.
    public var y: Double
}
