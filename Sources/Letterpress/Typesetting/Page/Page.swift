import Foundation

/// A finished page: its size, background and items in painting order. A value that any thread
/// may hold; drawing it still goes through Cairo and FreeType, which must not draw on one
/// thread while another lays out text in the same process (see `FontWork`).
public struct Page: Sendable {
    public var size: PageSize
    public var background: Color
    public var items: [PageItem]
    public var outline: [OutlineEntry]
}

extension Page {
    /// The characters of the page's text that no installed font has.
    var missingCharacters: Set<Unicode.Scalar> {
        var found = Set<Unicode.Scalar>()
        for case let .text(line) in items {
            for run in line.runs where !run.missing.isEmpty {
                found.formUnion(run.missing.compactMap { Unicode.Scalar($0.character) })
            }
        }
        return found
    }
}
