import Foundation
import LetterpressCore
import LetterpressMarkup

/// The date badge: a circle with the note's date, and the space text keeps from it.
package struct BadgeStyle: Sendable, Encodable {
    package var diameter: Double
    package var margin: Double
    package var fill: Color
    package var stroke: Color?
    package var strokeWidth: Double
    package var color: Color
    package var fontFamilies: [String]
    /// The day's size; month and year are set smaller.
    package var size: Double
    /// Where an undated note's badge takes its date from; nil: an undated note has no badge.
    package var date: NoteDate.Rule?
}
