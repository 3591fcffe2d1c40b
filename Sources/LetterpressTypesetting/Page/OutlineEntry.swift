import Foundation

/// A heading's entry in the PDF outline.
package struct OutlineEntry: Sendable, Equatable {
    package var level: Int
    package var title: String
    /// The heading's top, in points from the page's top, once placed.
    package var y: Double
}
