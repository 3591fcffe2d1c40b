import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Tables: column widths, rows cut across pages, borders.
extension Collector {
    /// A table whose `direction` is right-to-left has its first column on the right.
    mutating func table(_ table: StyledTable, column: Column, direction: TextDirection) {
        let style = styles.table
        space(before: styles.body.spaceBefore)
        tableCount += 1
        let id = tableCount
        // An HTML table may have no header row; a Markdown table always has one.
        let hasHeader = !table.header.isEmpty
        let columnCount = hasHeader ? table.header.count : table.rows.first?.count ?? 0
        guard columnCount > 0 else { return }
        // Images in cells are loaded before the columns are measured: their widths count. An
        // image cannot break, so it is no wider than an equal share of the table: wider, a row
        // of screenshots would push the table past the margin.
        let imageWidth = max(column.width / Double(columnCount) - 2 * style.padding, 1)
        func loaded(_ cell: StyledText) -> StyledText {
            var cell = cell
            if InlineFormulas.has(cell) { cell = inlineFormulas(cell, maximumWidth: imageWidth) }
            guard InlineImages.has(cell) else { return cell }
            return InlineImages.resolve(cell, load: resources.image, columnWidth: imageWidth, maximumHeight: contentHeight * 0.5) { reference, message in
                warnings.append(Warning(code: .imageNotDrawn, file: file, location: reference.location, message: message, kind: Self.undrawnImages))
            }
        }
        let cells = (hasHeader ? [table.header] : []) + table.rows
        let spans = cells.indices.map { row in
            TableColumns.spans(of: table.spans(ofRow: hasHeader ? (row == 0 ? nil : row - 1) : row), count: cells[row].count)
        }
        let fit = TableFit(rows: cells.map { $0.map { loaded($0).breakingLongWords() } }, spans: spans, columns: columnCount,
                           available: column.width, padding: style.padding, codeFamilies: styles.inlineCodeFamilies, fonts: fonts)
        if fit.shrinksPastFloor {
            warnings.append(Warning(code: .tableShrunk, file: file, message: "a table of \(columnCount) columns is too wide for the page even with its words broken: its text is set at \(Int((fit.scale * 100).rounded()))% of its size"))
        }
        let alignments = (0..<columnCount).map { index -> TextAlignment in
            switch index < table.alignments.count ? table.alignments[index] : .none {
            case .center: return .center
            case .right: return .right
            default: return .left
            }
        }
        // Each row's cells are elements of the document's structure, in a row in the table's head or body.
        let element = newElement(.table)
        func cellElements(_ role: StructureRole) -> [StructureElement] { (0..<columnCount).map { _ in newElement(role) } }
        let headRow = [element, newElement(.tableHead), newElement(.tableRow)]
        let headCells = cellElements(.headerCell)
        var header = hasHeader ? tableRow(fit.rows[0], fit: fit, alignments: alignments, style: style.header,
                                          column: column, background: style.header.background, topLine: true, spans: spans[0],
                                          limit: contentHeight, direction: direction, structure: headRow, cells: headCells) : []
        // A header row is repeated above the rows that start a page, unless it is tall (a third of a page).
        let repeated = header.count == 1 && header[0].height <= contentHeight / 3
        for index in header.indices {
            header[index].keepWithNext = true
            append(.block(Slice.Block(box: header[index], row: Slice.TableRow(table: id, isHeader: repeated))))
        }
        let body = newElement(.tableBody)
        // Rows are cut to fit a page below the repeated header, the first row's first part below
        // the header, which stays with it.
        let limit = contentHeight - (repeated ? header[0].height : 0)
        let firstLimit = contentHeight - header.reduce(0) { $0 + $1.height }
        for (index, row) in fit.rows.dropFirst(hasHeader ? 1 : 0).enumerated() {
            let stripe = index % 2 == 1 ? style.stripe : nil
            let rowPath = [element, body, newElement(.tableRow)]
            let rowCells = cellElements(.cell)
            for box in tableRow(row, fit: fit, alignments: alignments, style: style.cell, column: column,
                                background: stripe, topLine: !hasHeader && index == 0, spans: spans[index + (hasHeader ? 1 : 0)],
                                limit: limit, firstLimit: index == 0 && firstLimit > 0 ? firstLimit : nil, direction: direction,
                                structure: rowPath, cells: rowCells) {
                append(.block(Slice.Block(box: box, row: Slice.TableRow(table: id, isHeader: false))))
            }
        }
        pendingGap.set(styles.body.spaceAfter)
    }

    /// A table row as boxes: one, or, for a row taller than `limit`, several, cut between
    /// lines so that no text is lost at a page's end. The boxes are the row `structure` (its
    /// table's elements and its own), each cell's items the cell element of `elements` at its
    /// index.
    func tableRow(
        _ cells: [StyledText], fit: TableFit, alignments: [TextAlignment], style: BlockStyle,
        column: Column, background: Color?, topLine: Bool, spans span: [Int], limit: Double, firstLimit: Double? = nil,
        direction: TextDirection = .ltr, structure row: [StructureElement] = [], cells elements: [StructureElement] = []
    ) -> [Slice.Box] {
        let (widths, padding) = (fit.widths, fit.padding)
        let layouts = cells.indices.map { index in
            TextLayout(span[index] == 0 ? StyledText("", style: style.text) : cells[index],
                       width: widths[index ..< index + max(span[index], 1)].reduce(0, +) - 2 * padding, align: alignments[index],
                       lineHeight: style.lineHeight, context: fonts, unbreakable: fit.unbreakable(cells[index]),
                       direction: cells[index].runs.first?.style.direction ?? direction, lineLimit: cells[index].lineLimit)
        }
        let height = (layouts.map(\.height).max() ?? 0) + 2 * padding
        let cuts = Self.cuts(height: height, lines: layouts.flatMap { $0.lines.map { padding + $0.top ... padding + $0.top + $0.height } },
                             padding: padding, limit: limit, firstLimit: firstLimit)
        let tableWidth = widths.reduce(0, +)
        // Right-to-left, each cell and rule is where its mirror image left-to-right would be.
        func placed(_ x: Double, width: Double) -> Double {
            direction == .rtl ? 2 * column.x + tableWidth - x - width : x
        }
        let lineWidth = styles.table.borderWidth
        let border = styles.table.borderColor
        var boxes: [Slice.Box] = []
        for (index, top) in cuts.enumerated() {
            let bottom = index + 1 < cuts.count ? cuts[index + 1] : height
            var items: [PageItem] = []
            // A continued row starts with the row's padding again, under the repeated header.
            let shift = index > 0 ? padding : 0
            var segmentHeight = bottom - top + shift
            var x = column.x
            var firstBaseline: Double?
            var cellItems: [PageItem] = []
            for (cell, layout) in layouts.enumerated() {
                var phases: [Int: Double] = [:]
                let left = placed(x, width: widths[cell ..< cell + max(span[cell], 1)].reduce(0, +))
                // A cell another spans is no cell of its own.
                if cell < elements.count, span[cell] != 0 { cellItems.append(.structure(structure + row + [elements[cell]])) }
                for line in layout.lines where padding + line.top >= top && padding + line.top < bottom {
                    let lineTop = padding + line.top - top + shift
                    cellItems += LineItems(fonts: fonts).items(layout, line: line, left: left + padding, top: lineTop, phases: &phases)
                    firstBaseline = firstBaseline ?? lineTop + line.baseline - line.top
                    segmentHeight = max(segmentHeight, lineTop + line.height + (index + 1 < cuts.count ? 0 : padding))
                }
                x += widths[cell]
            }
            // The band starts below the rule above, which the row before has drawn.
            if let background {
                items.append(.fill(Rect(x: column.x, y: lineWidth / 2, width: tableWidth, height: segmentHeight - lineWidth / 2), background))
            }
            items += cellItems
            if topLine || index > 0 {
                items.append(.line(from: Point(x: column.x, y: 0), to: Point(x: column.x + tableWidth, y: 0), border, width: lineWidth))
            }
            items.append(.line(from: Point(x: column.x, y: segmentHeight), to: Point(x: column.x + tableWidth, y: segmentHeight), border, width: lineWidth))
            var edge = column.x
            for (index, width) in ([0] + widths).enumerated() {
                edge += width
                // No rule inside a cell that spans columns.
                if index > 0, index < span.count, span[index] == 0 { continue }
                let ruleX = placed(edge, width: 0)
                items.append(.line(from: Point(x: ruleX, y: 0), to: Point(x: ruleX, y: segmentHeight), border, width: lineWidth))
            }
            boxes.append(Slice.Box(height: segmentHeight, items: items, structure: row, firstBaseline: firstBaseline))
        }
        return boxes
    }

    /// Where a row `height` tall, whose cells have `lines`, is cut into parts at most `limit`
    /// tall (the first at most `firstLimit`), each part after the first starting with `padding`
    /// again: at the top of a line that no other cell's line straddles, so that every cell goes
    /// on at the part's top. A part is taller than its limit only where no such place is below it.
    static func cuts(height: Double, lines: [ClosedRange<Double>], padding: Double, limit: Double,
                     firstLimit: Double? = nil) -> [Double] {
        var cuts = [0.0]
        let firstLimit = firstLimit ?? limit
        guard height > firstLimit else { return cuts }
        // A line's top is a place to cut when no line that starts above it ends below it.
        var places: [Double] = []
        var (reach, reachOfTop, top) = (0.0, 0.0, -Double.infinity)
        for line in lines.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if line.lowerBound > top + 0.01 {
                (reach, reachOfTop, top) = (max(reach, reachOfTop), 0, line.lowerBound)
                if top > 0.01 && reach <= top + 0.01 { places.append(top) }
            }
            reachOfTop = max(reachOfTop, line.upperBound)
        }
        var next = 0
        while let top = cuts.last, height - top + (cuts.count > 1 ? padding : 0) > (cuts.count > 1 ? limit : firstLimit),
              next < places.count {
            let (shift, limit) = cuts.count > 1 ? (padding, limit) : (0, firstLimit)
            // The lowest place within the limit, or the first when none is.
            var chosen = next
            while chosen + 1 < places.count, places[chosen + 1] - top + shift <= limit { chosen += 1 }
            cuts.append(places[chosen])
            next = chosen + 1
        }
        return cuts
    }
}
