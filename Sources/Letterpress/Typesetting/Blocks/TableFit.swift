import Foundation

/// A table's cells and column widths, fitted to its column. Where a browser would let a table
/// too wide for the screen scroll, paper has steps, each taken only when the one before is not
/// enough for the columns' minimums (`TableColumns`):
/// 1. the columns as a browser's automatic table layout makes them;
/// 2. break opportunities inside long URLs and code (after `/`, `.`, `_`, `?`, `&`, `=`, …);
/// 3. the table's text and cell padding scaled down, to no less than `smallestScale` of their size;
/// 4. words broken, the longest first, with the hyphen Pango inserts where it breaks a word
///    between letters (`insert_hyphens`, on by default since Pango 1.44). Pango 1.50, Debian's,
///    has no hyphenation dictionaries: it breaks where the line is full.
///
/// A table whose columns are wider than its column even then, one letter wide each, runs past
/// the right margin (`overflows`) rather than draw letters over each other.
struct TableFit {
    /// The rows, the header's first when there is one, as they are to be laid out.
    private(set) var rows: [[StyledText]]
    private(set) var widths: [Double] = []
    /// What the table's text and padding were scaled by.
    private(set) var scale = 1.0
    /// The padding on each side of a cell, scaled.
    private(set) var padding: Double
    private(set) var overflows = false

    static let smallestScale = 0.75
    /// Room added to widths measured from Pango's extents, which rounding to Pango's units
    /// could otherwise make a hair too narrow for what they were measured from.
    private static let slack = 0.01

    /// `spans` holds each row's spans (`TableColumns.spans(of:count:)`); `padding` is on each side of a cell.
    init(rows: [[StyledText]], spans: [[Int]], columns: Int, available: Double, padding: Double, fonts: FontContext) {
        self.rows = rows
        self.padding = padding
        func measure(_ rows: [[StyledText]], padding: Double, width: Double?, breaksWords: Bool = false) -> [Double] {
            TableColumns.measure(rows, spans: spans, columns: columns, padding: padding) { cell in
                let natural = TextLayout(cell, width: width, align: .left, lineHeight: 1, context: fonts,
                                         breaksWords: breaksWords).naturalWidth
                return width == nil ? natural : natural + Self.slack
            }
        }
        // Laid out one point wide, a cell's lines are its pieces that cannot break, or its letters.
        func words(_ rows: [[StyledText]], padding: Double) -> [Double] { measure(rows, padding: padding, width: 0) }
        var maximum = measure(rows, padding: padding, width: nil)
        guard maximum.reduce(0, +) > available else {
            widths = TableColumns.widths(minimum: maximum, maximum: maximum, available: available)
            return
        }
        var minimum = words(rows, padding: padding)
        if minimum.reduce(0, +) > available {
            self.rows = rows.map { $0.map { $0.breakingURLsAndCode() } }
            minimum = words(self.rows, padding: padding)
        }
        let unscaled = self.rows
        // Text widths scale with the size, nearly: measure again after each scaling.
        for _ in 0..<3 where minimum.reduce(0, +) > available && scale > Self.smallestScale {
            scale = max(Self.smallestScale, scale * available / minimum.reduce(0, +))
            self.rows = unscaled.map { $0.map { $0.scaled(by: scale) } }
            self.padding = padding * scale
            minimum = words(self.rows, padding: self.padding)
        }
        if scale < 1 { maximum = measure(self.rows, padding: self.padding, width: nil) }
        if minimum.reduce(0, +) <= available {
            widths = TableColumns.widths(minimum: minimum, maximum: maximum, available: available)
            return
        }
        let letters = measure(self.rows, padding: self.padding, width: 0, breaksWords: true)
        widths = TableColumns.breakingWords(letters: letters, words: minimum, available: available)
        overflows = letters.reduce(0, +) > available
    }
}
