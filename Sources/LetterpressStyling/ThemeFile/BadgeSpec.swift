import Foundation
import LetterpressCore
import LetterpressMarkup

/// The date badge's look.
struct BadgeSpec: Codable {
    var diameter: Double?
    var margin: Double?
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double?
    var color: Color?
    var font: FontList?
    var size: Double?
    /// Where an undated note's badge takes its date from (see `Resources.noteDate`).
    var date: NoteDate.Rule?
    /// The smallest and largest day's size `--text-size` and `--scale` may give; the whole
    /// badge scales with it.
    var minSize: Double?
    var maxSize: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case diameter, margin, fill, stroke, strokeWidth, color, font, size, date, minSize, maxSize
    }
}
