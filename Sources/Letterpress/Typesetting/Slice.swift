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
    /// The paragraph the line belongs to, when it may be laid out again around a shape.
    var paragraph: ParagraphSource?
    /// Where the line starts in its paragraph's text, in UTF-8 bytes.
    var byteStart = 0
    /// Where the line was fitted beside a shape (page number and y from the content top): it
    /// is valid only there.
    var fittedAt: (page: Int, y: Double)?
    /// Items hung on the line, such as list markers, with y from the slice's top.
    var attachments: [PageItem] = []
    /// An image floated to one side, which text flows around.
    var float: FloatingImage?
    /// Moved below a shape: its containers' bands start again here.
    var startsBand = false
}
