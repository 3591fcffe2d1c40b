import Foundation
import LetterpressCore
import LetterpressMarkup

/// A thematic break.
package struct RuleStyle: Sendable, Encodable {
    package var color: Color
    package var thickness: Double
    /// Share of the column width, 0…1.
    package var width: Double
    package var spaceBefore: Double
    package var spaceAfter: Double
}
