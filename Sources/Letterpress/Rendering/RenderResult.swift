import Foundation

/// What rendering one document produced.
public struct RenderResult {
    public var files: [URL]
    public var pageCount: Int
    public var warnings: [Warning]
    public var timings: Timings
}
