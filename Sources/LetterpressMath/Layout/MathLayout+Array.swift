import LetterpressCore

extension MathLayout {
    /// Rows and columns (LaTeX's `array` and amsmath's environments): cells in the array's
    /// style, columns aligned and spaced by the layout kind, rows a baselineskip (1.2 em)
    /// apart or more where cells are taller, `\jot` more in display style, the whole
    /// centred on the axis, rules drawn, delimiters grown around it and the baselines of
    /// tagged rows recorded.
    func layoutArray(_ array: MathArray, _ context: LayoutContext) -> MathBox {
        let cellContext = context.with(style: array.style, cramped: false)
        let cells = array.rows.map { row in
            row.enumerated().map { column, cell in
                layoutList(array.layout == .aligned && column % 2 == 1 ? Self.afterAmpersand(cell) : cell, cellContext)
            }
        }
        let columnCount = cells.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in cells.map { column < $0.count ? $0[column].width : 0 }.max() ?? 0 }
        // A quad of the cells' own size, so `smallmatrix` is spaced smaller too.
        let quad = em(cellContext)
        let lefts = columnLefts(widths, array, quad: quad)
        let rows = rowMetrics(cells, array, em: em(cellContext))
        var box = MathBox(width: (lefts.last ?? 0) + (widths.last ?? 0) + (array.verticalRules.contains(columnCount) ? quad / 2 : 0))
        for (row, rowCells) in cells.enumerated() {
            for (column, cell) in rowCells.enumerated() {
                let free = widths[column] - cell.width
                let x: Double
                switch alignment(row: row, column: column, array) {
                case .left: x = lefts[column]
                case .center: x = lefts[column] + free / 2
                case .right: x = lefts[column] + free
                }
                box.place(cell, x: x, y: rows.baselines[row])
            }
        }
        box.height = max(box.height, rows.top)
        box.depth = max(box.depth, rows.bottom)
        drawRules(&box, array, lefts: lefts, widths: widths, rows: rows, context)
        for (row, tag) in array.tags.enumerated() where row < rows.baselines.count {
            if let tag { box.taggedRows.append(MathBox.TaggedRow(baseline: rows.baselines[row], tag: tag)) }
        }
        box = centredOnAxis(box, context)
        guard array.left != nil || array.right != nil else { return box }
        return fence(box, left: array.left, right: array.right, minimum: 0, context)
    }

    /// A right-hand cell of an aligned pair starts as if after `{}`, so a relation at its
    /// start keeps its space on the left, as amsmath's `&=` does.
    private static func afterAmpersand(_ cell: MathList) -> MathList {
        MathList([MathAtom(.group(MathList()), class: .ordinary)] + cell.atoms)
    }

    /// How a cell sits in its column: by the layout kind, or the `array`'s column letters.
    private func alignment(row: Int, column: Int, _ array: MathArray) -> MathArray.ColumnAlignment {
        switch array.layout {
        case .aligned: return column % 2 == 0 ? .right : .left
        case .gathered: return .center
        case .cases: return .left
        case .multline: return row == 0 ? .left : row == array.rows.count - 1 ? .right : .center
        case .matrix: return array.columns.isEmpty ? .center : array.columns[min(column, array.columns.count - 1)]
        }
    }

    /// Each column's left edge: a quad between columns (half on each side of a rule), none
    /// inside an aligned pair and two quads between pairs; half a quad outside an outer rule.
    private func columnLefts(_ widths: [Double], _ array: MathArray, quad: Double) -> [Double] {
        var x = array.verticalRules.contains(0) ? quad / 2 : 0
        var lefts: [Double] = []
        for (column, width) in widths.enumerated() {
            if column > 0 {
                switch array.layout {
                case .aligned: x += column % 2 == 0 ? 2 * quad : 0
                case .matrix, .cases, .gathered, .multline: x += quad
                }
            }
            lefts.append(x)
            x += width
        }
        return lefts
    }

    /// Where the rows are, from the first's baseline down.
    private struct RowMetrics {
        /// Each row's baseline.
        var baselines: [Double] = []
        /// Each row's reach above and below its baseline, struts included.
        var heights: [Double] = []
        var depths: [Double] = []

        /// How far the whole reaches above the first baseline.
        var top: Double { heights.first ?? 0 }
        /// How far it reaches below the first baseline.
        var bottom: Double { (baselines.last ?? 0) + (depths.last ?? 0) }
    }

    /// Rows a baselineskip apart, or the cells' heights and depths and a tenth of an em
    /// where they are taller; `\jot` more in display style, and the row gaps asked for.
    private func rowMetrics(_ cells: [[MathBox]], _ array: MathArray, em: Double) -> RowMetrics {
        let skip = 1.2 * em
        var rows = RowMetrics()
        let inkHeights = cells.map { row in row.map(\.height).max() ?? 0 }
        let inkDepths = cells.map { row in row.map(\.depth).max() ?? 0 }
        // TeX's strut: 70 % of the baselineskip above the baseline and 30 % below.
        rows.heights = inkHeights.map { max(0.7 * skip, $0) }
        rows.depths = inkDepths.map { max(0.3 * skip, $0) }
        let jot = array.style == .display ? 0.3 * em : 0
        var baseline = 0.0
        for row in cells.indices {
            if row > 0 {
                let gap = array.rowGaps[row - 1].map { $0.isFinite ? $0 * em : 0 } ?? 0
                baseline += max(skip, inkDepths[row - 1] + inkHeights[row] + 0.1 * em) + jot + gap
            }
            rows.baselines.append(baseline)
        }
        return rows
    }

    /// `|` rules the full height at column boundaries and `\hline` rules across, between
    /// rows midway in the room between one row's depth and the next one's height.
    private func drawRules(_ box: inout MathBox, _ array: MathArray, lefts: [Double], widths: [Double], rows: RowMetrics,
                           _ context: LayoutContext) {
        let thickness = constant(.fractionRuleThickness, context)
        let top = -rows.top, bottom = rows.bottom
        for boundary in array.verticalRules.sorted() where boundary <= widths.count {
            let x: Double
            if boundary == 0 { x = 0 }
            else if boundary == widths.count { x = box.width - thickness }
            else { x = (lefts[boundary - 1] + widths[boundary - 1] + lefts[boundary]) / 2 - thickness / 2 }
            box.items.append(.rule(Rect(x: x, y: top, width: thickness, height: bottom - top), context.color))
        }
        let count = rows.baselines.count
        for row in array.horizontalRules.sorted() where row <= count && count > 0 {
            let y: Double
            if row == 0 { y = top }
            else if row == count { y = bottom - thickness }
            else {
                let above = rows.baselines[row - 1] + rows.depths[row - 1], below = rows.baselines[row] - rows.heights[row]
                y = (above + below) / 2 - thickness / 2
            }
            box.items.append(.rule(Rect(x: 0, y: y, width: box.width, height: thickness), context.color))
        }
    }
}
