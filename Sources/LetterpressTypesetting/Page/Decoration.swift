import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A horizontal underline or strikethrough segment.
package struct Decoration: Sendable, Equatable {
    package var start: Point
    package var length: Double
    package var thickness: Double
    package var color: Color
    package var pattern: LinePattern
    /// How far into the dash pattern the segment starts, in points.
    package var phase: Double
}
