import Foundation

/// How a table's width is shared among its columns, as a browser's automatic table layout
/// shares it (CSS 2.1 §17.5.2.2, as browsers implement it), from each column's minimum (its
/// widest piece that cannot break: a word, a code span, an image) and maximum (its widest cell
/// on one line), padding included.
enum TableColumns {
    /// Every column at its maximum when they all fit, the room left shared equally so that the
    /// table fills its column; else every column at its minimum and the room left shared in
    /// proportion to what each lacks of its maximum. The minimums when even they do not fit.
    static func widths(minimum: [Double], maximum: [Double], available: Double) -> [Double] {
        let maximumTotal = maximum.reduce(0, +)
        if maximumTotal <= available {
            let extra = (available - maximumTotal) / Double(max(maximum.count, 1))
            return maximum.map { $0 + extra }
        }
        let minimumTotal = minimum.reduce(0, +)
        guard minimumTotal < available else { return minimum }
        let lacking = zip(minimum, maximum).map { max($1 - $0, 0) }
        let lackingTotal = lacking.reduce(0, +)
        return minimum.indices.map { minimum[$0] + (available - minimumTotal) * lacking[$0] / lackingTotal }
    }

    /// Widths for words that must break: the columns whose widest word is the widest are
    /// narrowed to one level, so that only the longest words break, and no column is narrower
    /// than `letters` (its widest letter, hyphen and padding). `letters` when even they do not
    /// fit.
    static func breakingWords(letters: [Double], words: [Double], available: Double) -> [Double] {
        func total(at level: Double) -> Double {
            letters.indices.reduce(0) { $0 + max(letters[$1], min(words[$1], level)) }
        }
        guard letters.reduce(0, +) < available else { return letters }
        // The total grows with the level, continuously: halving finds the one that fills the column.
        var (low, high) = (0.0, words.max() ?? 0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if total(at: middle) > available { high = middle } else { low = middle }
        }
        return letters.indices.map { max(letters[$0], min(words[$0], low)) }
    }

    /// Each column's width from `width` of its cells plus `padding` on both sides; a cell that
    /// spans columns widens them, equally, by what they lack for it. `spans` holds each row's
    /// spans (`spans(of:count:)`).
    static func measure<Cell>(_ rows: [[Cell]], spans: [[Int]], columns: Int, padding: Double,
                              width: (Cell) -> Double) -> [Double] {
        var widths = Array(repeating: padding * 2, count: columns)
        var spanning: [(first: Int, count: Int, width: Double)] = []
        for (row, cells) in rows.enumerated() {
            for (index, cell) in cells.enumerated().prefix(columns) where spans[row][index] > 0 {
                let cellWidth = width(cell) + padding * 2
                if spans[row][index] == 1 {
                    widths[index] = max(widths[index], cellWidth)
                } else {
                    spanning.append((index, spans[row][index], cellWidth))
                }
            }
        }
        for cell in spanning {
            let lacking = cell.width - widths[cell.first ..< cell.first + cell.count].reduce(0, +)
            guard lacking > 0 else { continue }
            for index in cell.first ..< cell.first + cell.count { widths[index] += lacking / Double(cell.count) }
        }
        return widths
    }

    /// Each of `count` cells' span: a cell covered by the one before it has 0; a span past the
    /// row's end stops there; one cell a column when `spans` is nil.
    static func spans(of spans: [Int]?, count: Int) -> [Int] {
        var span = Array(repeating: 1, count: count)
        guard let spans else { return span }
        var index = 0
        while index < count {
            let cells = min(max(index < spans.count ? spans[index] : 1, 1), count - index)
            span[index] = cells
            for covered in index + 1 ..< index + cells { span[covered] = 0 }
            index += cells
        }
        return span
    }
}
