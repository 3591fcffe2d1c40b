import Foundation

/// What rendering one note to files produced.
public struct RenderResult: Sendable {
    /// The files written: one PDF, or one PNG or SVG per page.
    public var files: [URL]
    /// The number of pages typeset.
    public var pageCount: Int
    /// What the note should fix, in the order of the file.
    public var warnings: [Warning]
    /// Where the time went, step by step.
    public var timings: Timings
}
