import Foundation
import LetterpressCore
import LetterpressMarkup

/// The date badge's look.
public struct BadgeSpec: Codable, Sendable {
    /// The disc's diameter, in points, 1 to 1000.
    public var diameter: Double?
    /// Its distance from the page's corner, in points, 0 to 1000.
    public var margin: Double?
    /// The disc's colour.
    public var fill: Color?
    /// The colour of the disc's outline; none unless given.
    public var stroke: Color?
    /// The width of the disc's outline, in points, 0 to 100.
    public var strokeWidth: Double?
    /// The date's colour.
    public var color: Color?
    /// The date's font families; the body's unless given.
    public var font: FontList?
    /// The day's size, in points, 1 to 400.
    public var size: Double?
    /// Where an undated note's badge takes its date from.
    public var date: NoteDate.Rule?
    /// The smallest day's size `--text-size` and `--scale` may give, in points; the whole badge
    /// scales with the day.
    public var minSize: Double?
    /// The largest day's size `--text-size` and `--scale` may give, in points.
    public var maxSize: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case diameter, margin, fill, stroke, strokeWidth, color, font, size, date, minSize, maxSize
    }

    /// A badge that sets nothing.
    public init() {}
}
