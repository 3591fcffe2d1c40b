import Foundation

/// The date badge: a circle with the note's date, and the space text keeps from it.
public struct BadgeStyle: Sendable, Encodable {
    public var diameter: Double
    public var margin: Double
    public var fill: Color
    public var stroke: Color?
    public var strokeWidth: Double
    public var color: Color
    public var fontFamilies: [String]
    /// The day's size; month and year are set smaller.
    public var size: Double
    /// Where an undated note's badge takes its date from; nil: an undated note has no badge.
    public var date: NoteDate.Rule?
}
