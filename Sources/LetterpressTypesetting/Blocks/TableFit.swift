import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A table's cells and column widths, fitted to its column. Where a browser would let a table
/// too wide for the screen scroll, paper has steps, each taken only when the one before is not
/// enough for the columns' minimums (`TableColumns`):
/// 1. the columns as a browser's automatic table layout makes them, code spans kept whole;
/// 2. code spans broken where Pango may break them, and break opportunities inside long URLs
///    and code (after `/`, `.`, `_`, `?`, `&`, `=`, …);
/// 3. the table's text and cell padding scaled down until the minimums fill `shrunkFill` of
///    the column, to no less than `smallestScale` of their size;
/// 4. words broken, the longest first, with the hyphen Pango inserts where it breaks a word
///    between letters (`insert_hyphens`, on by default since Pango 1.44). Pango 1.50, Debian's,
///    has no hyphenation dictionaries: it breaks where the line is full.
///
/// A table whose columns are wider than its column even then, one letter wide each (some 35
/// columns on A4), is shrunk further, below `smallestScale`, until they fit (`shrinksPastFloor`):
/// letters drawn over each other, or past the page's edge, could not be read at all.
struct TableFit {
    /// The rows, the header's first when there is one, as they are to be laid out.
    private(set) var rows: [[StyledText]]
    private(set) var widths: [Double] = []
    /// What the table's text and padding were scaled by.
    private(set) var scale = 1.0
    /// The padding on each side of a cell, scaled.
    private(set) var padding: Double
    /// The font families of code spans (the theme's `inlineCode`), kept whole until step 2.
    let codeFamilies: [String]?
    /// Whether code spans stay whole: no step past the first was needed.
    private(set) var keepsCode = true
    /// Whether the table was shrunk below `smallestScale` to fit its letters.
    private(set) var shrinksPastFloor = false

    static let smallestScale = 0.75
    /// How much of the column a shrunk table's minimums may fill.
    static let shrunkFill = 0.9
    /// A hyphen's width at most, in ems.
    private static let hyphen = 0.4
    /// Room added to a minimum, which rounding to Pango's units could otherwise make a hair too
    /// narrow for the piece it was measured from.
    private static let slack = 0.01

    /// `spans` holds each row's spans (`TableColumns.spans(of:count:)`); `padding` is on each side of a cell.
    init(rows: [[StyledText]], spans: [[Int]], columns: Int, available: Double, padding: Double, codeFamilies: [String]?,
         fonts: FontContext) {
        self.rows = rows
        self.padding = padding
        self.codeFamilies = codeFamilies
        // One layout a cell, on one line, gives both its maximum and its minimum.
        func measure(_ rows: [[StyledText]], padding: Double, keepsCode: Bool = false) -> (minimum: [Double], maximum: [Double]) {
            let cells = rows.map { $0.map { cell in
                let layout = TextLayout(cell, width: nil, align: .left, lineHeight: 1, context: fonts,
                                        unbreakable: keepsCode ? Self.codeSpans(in: cell, families: codeFamilies) : [])
                return (minimum: layout.widestPiece + Self.slack, maximum: layout.naturalWidth)
            } }
            return (TableColumns.measure(cells, spans: spans, columns: columns, padding: padding) { $0.minimum },
                    TableColumns.measure(cells, spans: spans, columns: columns, padding: padding) { $0.maximum })
        }
        var (minimum, maximum) = measure(rows, padding: padding, keepsCode: true)
        guard maximum.reduce(0, +) > available else {
            widths = TableColumns.widths(minimum: maximum, maximum: maximum, available: available)
            return
        }
        if minimum.reduce(0, +) > available {
            keepsCode = false
            let broken = rows.map { $0.map { $0.breakingURLsAndCode() } }
            if broken != rows || rows.contains(where: { $0.contains { !Self.codeSpans(in: $0, families: codeFamilies).isEmpty } }) {
                self.rows = broken
                (minimum, maximum) = measure(broken, padding: padding)
            }
        }
        let unscaled = self.rows
        // Shrunk only until its minimums fitted, the table would have every column at its
        // minimum, and a long cell many short lines: some room is left for the columns with
        // the most text. Text widths scale with the size, nearly: measure again after each try.
        let target = minimum.reduce(0, +) > available ? available * Self.shrunkFill : available
        for _ in 0..<3 where minimum.reduce(0, +) > target && scale > Self.smallestScale {
            scale = max(Self.smallestScale, scale * target / minimum.reduce(0, +))
            self.rows = unscaled.map { $0.map { $0.scaled(by: scale) } }
            self.padding = padding * scale
            (minimum, maximum) = measure(self.rows, padding: self.padding)
        }
        if minimum.reduce(0, +) <= available {
            widths = TableColumns.widths(minimum: minimum, maximum: maximum, available: available)
            return
        }
        // A column broken between any two letters is as wide as its widest letter and the
        // hyphen Pango adds (a third of an em in DejaVu and Liberation). Laying each cell out a
        // point wide would tell exactly, but breaking at every letter costs Pango five layouts.
        func letters(_ rows: [[StyledText]], padding: Double) -> [Double] {
            TableColumns.measure(rows, spans: spans, columns: columns, padding: padding) { cell in
                let size = cell.runs.map(\.style.size).max() ?? cell.base?.size ?? 0
                return TextLayout(cell, width: nil, align: .left, lineHeight: 1, context: fonts).widestCharacter
                    + size * Self.hyphen + Self.slack
            }
        }
        var narrowest = letters(self.rows, padding: self.padding)
        for _ in 0..<3 where narrowest.reduce(0, +) > available {
            shrinksPastFloor = true
            scale *= available / narrowest.reduce(0, +)
            self.rows = unscaled.map { $0.map { $0.scaled(by: scale) } }
            self.padding = padding * scale
            narrowest = letters(self.rows, padding: self.padding)
            minimum = measure(self.rows, padding: self.padding).minimum
        }
        widths = TableColumns.breakingWords(letters: narrowest, words: minimum, available: available)
    }

    /// The ranges of `cell` that are to stay whole: its code spans, while `keepsCode`.
    func unbreakable(_ cell: StyledText) -> [Range<Int>] {
        keepsCode ? Self.codeSpans(in: cell, families: codeFamilies) : []
    }

    /// The byte ranges of the runs of `cell` set in `families`, adjacent ones joined.
    static func codeSpans(in cell: StyledText, families: [String]?) -> [Range<Int>] {
        guard let families else { return [] }
        var spans: [Range<Int>] = []
        for run in cell.runs where run.style.fontFamilies == families {
            if let last = spans.last, last.upperBound == run.range.lowerBound {
                spans[spans.count - 1] = last.lowerBound..<run.range.upperBound
            } else {
                spans.append(run.range)
            }
        }
        return spans
    }
}
