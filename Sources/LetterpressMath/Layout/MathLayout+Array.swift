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
        let baselines = rowBaselines(cells, array, em: em(cellContext))
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
                box.place(cell, x: x, y: baselines.y[row])
            }
        }
        box.height = max(box.height, baselines.top)
        box.depth = max(box.depth, baselines.bottom)
        drawRules(&box, array, lefts: lefts, widths: widths, baselines: baselines, quad: quad, context)
        for (row, tag) in array.tags.enumerated() where row < baselines.y.count {
            if let tag { box.taggedRows.append(MathBox.TaggedRow(baseline: baselines.y[row], tag: tag)) }
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

    /// Where each row's baseline is, from the first's, and the reach of the whole above the
    /// first baseline and below the last.
    private func rowBaselines(_ cells: [[MathBox]], _ array: MathArray, em: Double) -> (y: [Double], top: Double, bottom: Double) {
        let skip = 1.2 * em
        // TeX's strut: 70 % of the baselineskip above the baseline and 30 % below.
        let heights = cells.map { row in max(0.7 * skip, row.map(\.height).max() ?? 0) }
        let depths = cells.map { row in max(0.3 * skip, row.map(\.depth).max() ?? 0) }
        let jot = array.style == .display ? 0.3 * em : 0
        var y: [Double] = []
        var baseline = 0.0
        for row in cells.indices {
            if row > 0 {
                let gap = array.rowGaps[row - 1].map { $0.isFinite ? $0 * em : 0 } ?? 0
                baseline += max(skip, depths[row - 1] + heights[row] + 0.1 * em) + jot + gap
            }
            y.append(baseline)
        }
        return (y, heights.first ?? 0, (y.last ?? 0) + (depths.last ?? 0))
    }

    /// `|` rules the full height at column boundaries and `\hline` rules across.
    private func drawRules(_ box: inout MathBox, _ array: MathArray, lefts: [Double], widths: [Double],
                           baselines: (y: [Double], top: Double, bottom: Double), quad: Double, _ context: LayoutContext) {
        let thickness = constant(.fractionRuleThickness, context)
        let top = -baselines.top, bottom = baselines.bottom
        for boundary in array.verticalRules.sorted() where boundary <= widths.count {
            let x: Double
            if boundary == 0 { x = 0 }
            else if boundary == widths.count { x = box.width - thickness }
            else { x = (lefts[boundary - 1] + widths[boundary - 1] + lefts[boundary]) / 2 - thickness / 2 }
            box.items.append(.rule(Rect(x: x, y: top, width: thickness, height: bottom - top), context.color))
        }
        let count = baselines.y.count
        for row in array.horizontalRules.sorted() where row <= count && count > 0 {
            let y: Double
            if row == 0 { y = top }
            else if row == count { y = bottom - thickness }
            else { y = (baselines.y[row - 1] + baselines.y[row]) / 2 - thickness / 2 }
            box.items.append(.rule(Rect(x: 0, y: y, width: box.width, height: thickness), context.color))
        }
    }
}
