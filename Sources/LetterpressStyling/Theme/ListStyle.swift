import Foundation
import LetterpressCore
import LetterpressMarkup

/// List indentation and markers.
package struct ListStyle: Sendable, Encodable {
    package var indent: Double
    package var itemSpacing: Double
    package var markerColor: Color
    /// Bullets by nesting depth, repeating.
    package var bullets: [String]
}
