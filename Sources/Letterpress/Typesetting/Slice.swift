import Foundation

/// The unit pagination moves: a line of text, a table row, an image. Pages break only
/// between slices. Item x positions are on the page; y positions are from the slice's top.
struct Slice {
    var height: Double
    /// Space above the slice, dropped when the slice starts a page.
    var gapBefore: Double = 0
    var items: [PageItem] = []
    /// Keeps this slice on the same page as the next (headings, first lines of paragraphs).
    var keepWithNext = false
    /// The containers (quotes, code blocks) the slice is inside, outermost first.
    var containers: [Int] = []
    /// Baseline of the slice's first text line, from its top; list markers align to it.
    var firstBaseline: Double?
    /// Starts a new page (`\pagebreak`).
    var breakBefore = false
    /// The table the slice is a row of, and whether it is that table's header row.
    var table: Int?
    var isTableHeader = false
    var outline: OutlineEntry?
}

/// A coloured band that spans every slice of a container on a page: the bar beside a block
/// quote, the background behind a code block.
struct ContainerBand {
    var x: Double
    var width: Double
    var color: Color
}
