import Foundation

/// Distributes slices over pages of a given content height, around the shapes on each page.
///
/// Pages break only between slices. A run of slices marked keep-with-next moves to the next
/// page together with the slice after it (a heading with its first line, a paragraph's first
/// two lines), unless the run alone is taller than a page. A table row that starts a page is
/// preceded by a copy of its table's header row.
///
/// Shapes: a paragraph line whose band meets a shape is laid out again, with the rest of its
/// paragraph, by the `LineFitter`; a slice that cannot wrap (a code line, a table row, an
/// image) moves below the shapes in its way. Floating images become shapes of their page.
struct Paginator {
    let contentHeight: Double
    /// Every container band so far: slices name theirs by index.
    var containers: [ContainerBand]
    /// The column of the page's text, for slices that cannot wrap.
    let column: Column
    /// The y of the content's top on the page, to turn content y into page y.
    let contentTop: Double
    var exclusions: ExclusionMap
    let fonts: FontContext

    init(contentHeight: Double, column: Column, contentTop: Double, exclusions: ExclusionMap, fonts: FontContext) {
        self.contentHeight = contentHeight
        self.containers = []
        self.column = column
        self.contentTop = contentTop
        self.exclusions = exclusions
        self.fonts = fonts
    }

    /// One page's content before margins, headers and footers: items with y from the content top.
    struct PageContent {
        var items: [PageItem] = []
        var outline: [OutlineEntry] = []
        var placed: [(slice: Slice, y: Double)] = []
        var cursor: Double = 0
        var isEmpty: Bool { placed.isEmpty }
    }

    /// Slices given and not yet placed: from `next` on.
    private var slices: [Slice] = []
    private var next = 0
    /// The page being filled.
    private var page = PageContent()
    private var finishedPages = 0
    /// The header row of each table, repeated above its rows that start a page.
    private var headers: [Int: Slice] = [:]
    private var pendingFloats: [Slice] = []

    /// Adds slices that follow those added before, ending at a block's end (a paragraph's lines
    /// come together), and returns the pages they finish; `ending` when no more follow. A slice
    /// is placed once the slices it keeps with are known, so the pages are those of all the
    /// slices at once.
    mutating func add(_ input: [Slice], ending: Bool = false) -> [PageContent] {
        slices += input
        var pages: [PageContent] = []
        var page = self.page
        defer { self.page = page }
        func newPage() {
            pages.append(finish(page))
            finishedPages += 1
            page = PageContent()
            for float in pendingFloats { _ = placeFloat(float, on: &page, number: finishedPages + 1) }
            pendingFloats = []
        }
        while next < slices.count, let group = groupHeight(from: next, ending: ending) {
            let slice = slices[next]
            let number = finishedPages + 1
            if slice.breakBefore {
                if !page.isEmpty { newPage() }
                next += 1
                continue
            }
            if slice.float != nil {
                if !placeFloat(slice, on: &page, number: number) { pendingFloats.append(slice) }
                next += 1
                continue
            }
            let gap = page.isEmpty ? 0 : slice.gapBefore
            if !page.isEmpty && page.cursor + gap + group > contentHeight {
                newPage()
                continue
            }
            if page.isEmpty, let table = slice.table, !slice.isTableHeader, let header = headers[table],
               let y = clearY(for: header, at: 0, page: number) {
                place(header, at: y, on: &page)
            }
            if slice.isTableHeader, let table = slice.table { headers[table] = slice }
            let y = page.cursor + gap
            if let paragraph = slice.paragraph, needsFitting(slice, at: y, page: number, column: paragraph.column) {
                var end = next + 1
                while end < slices.count, slices[end].paragraph === paragraph { end += 1 }
                var fitted = LineFitter(fonts: fonts, exclusions: exclusions).fit(
                    paragraph, from: slice.byteStart, page: number, top: contentTop + y,
                    bottom: contentTop + contentHeight, contentTop: contentTop, firstHeight: slice.height)
                carry(from: slice, to: &fitted)
                slices.replaceSubrange(next..<end, with: fitted)
                if let first = fitted.first, first.fittedAt == nil,
                   exclusions.blocks(page: number, top: contentTop + y, bottom: contentTop + y + first.height,
                                     left: paragraph.column.x, right: paragraph.column.x + paragraph.column.width) {
                    // No band beside the shapes fits above the page's end: go on on the next
                    // page, or, on an empty page, let the line through rather than loop.
                    if page.isEmpty {
                        place(slices[next], at: y, on: &page)
                        next += 1
                    } else {
                        newPage()
                    }
                }
                continue
            }
            if slice.paragraph == nil, slice.height > 0, !exclusions.exclusions(onPage: number).isEmpty {
                guard let clear = clearY(for: slice, at: y, page: number) else {
                    newPage()
                    continue
                }
                var moved = slice
                moved.startsBand = clear > y + 0.01
                place(moved, at: clear, on: &page)
                next += 1
                continue
            }
            place(slice, at: y, on: &page)
            next += 1
        }
        // Placed slices go at once, with the lines of finished pages: what is left waits only
        // for the slices it keeps with.
        slices.removeFirst(next)
        next = 0
        if ending {
            if !page.isEmpty || finishedPages == 0 || !pendingFloats.isEmpty { newPage() }
            if page.placed.isEmpty && !page.items.isEmpty {
                pages.append(finish(page))
                finishedPages += 1
                page = PageContent()
            }
        }
        return pages
    }

    /// Whether a paragraph line must be fitted around shapes where it would land: it meets a
    /// shape there, or it was fitted for another place.
    private func needsFitting(_ slice: Slice, at y: Double, page: Int, column: Column) -> Bool {
        if let fitted = slice.fittedAt { return fitted.page != page || abs(fitted.y - y) > 0.01 }
        return exclusions.blocks(page: page, top: contentTop + y, bottom: contentTop + y + slice.height,
                                 left: column.x, right: column.x + column.width)
    }

    /// The marker, outline entry and spacing of the first line, kept on the first new line.
    private func carry(from original: Slice, to slices: inout [Slice]) {
        guard !slices.isEmpty else { return }
        slices[0].gapBefore = original.gapBefore
        slices[0].outline = original.outline
        let shift = (slices[0].firstBaseline ?? 0) - (original.firstBaseline ?? 0)
        slices[0].attachments = original.attachments.map { $0.offsetBy(dy: shift) }
        for index in slices.indices { slices[index].containers = original.containers }
    }

    /// The first y at or below `y` where `slice`, which cannot wrap, is clear of the page's
    /// shapes and still fits on the page; nil when there is none.
    private func clearY(for slice: Slice, at y: Double, page: Int) -> Double? {
        var y = y
        while let below = exclusions.clearance(page: page, top: contentTop + y, bottom: contentTop + y + slice.height,
                                               left: column.x, right: column.x + column.width) {
            y = max(y + 0.5, below - contentTop)
        }
        return y + slice.height <= contentHeight + 0.01 || y == 0 ? y : nil
    }

    /// Places a floating image at the current height on its side, as a shape of the page.
    /// Returns false when it does not fit below the cursor.
    private mutating func placeFloat(_ slice: Slice, on page: inout PageContent, number: Int) -> Bool {
        guard let float = slice.float else { return false }
        let y = page.isEmpty ? 0 : page.cursor + slice.gapBefore
        guard y + float.height <= contentHeight || page.isEmpty else { return false }
        let x = float.side == .left ? float.column.x : float.column.x + float.column.width - float.width
        let rect = Rect(x: x, y: contentTop + y, width: float.width, height: float.height)
        let shape: ExclusionShape = float.outline.map { .outline(rect, rows: $0) } ?? .rect(rect)
        exclusions.add(Exclusion(page: number, shape: shape, margin: float.margin))
        page.items.append(.image(float.image, Rect(x: x, y: y, width: float.width, height: float.height)))
        return true
    }

    /// The height from the slice at `start` through the end of its keep-with-next run and
    /// the slice after it; just the slice's own height when that run is taller than a page.
    /// Nil when that needs slices not yet added, unless the document is `ending`.
    private func groupHeight(from start: Int, ending: Bool) -> Double? {
        var height = slices[start].height
        var index = start
        while slices[index].keepWithNext {
            guard index + 1 < slices.count else { return ending ? height : nil }
            if slices[index + 1].breakBefore { break }
            index += 1
            height += slices[index].gapBefore + slices[index].height
            if height > contentHeight { return slices[start].height }
        }
        return height
    }

    private func place(_ slice: Slice, at y: Double, on page: inout PageContent) {
        page.placed.append((slice, y))
        page.cursor = y + slice.height
        if var entry = slice.outline {
            entry.y = y
            page.outline.append(entry)
        }
    }

    /// Container bands first, each spanning its container's slices on the page (split where a
    /// slice moved below a shape), then floats, then the slices' items.
    private func finish(_ page: PageContent) -> PageContent {
        var finished = page
        var open: [Int: (top: Double, bottom: Double)] = [:]
        var bands: [(id: Int, top: Double, bottom: Double)] = []
        for (slice, y) in page.placed {
            for id in slice.containers {
                if let extent = open[id], !slice.startsBand {
                    open[id] = (extent.top, max(extent.bottom, y + slice.height))
                } else {
                    if let extent = open[id] { bands.append((id, extent.top, extent.bottom)) }
                    open[id] = (y, y + slice.height)
                }
            }
        }
        bands += open.map { ($0.key, $0.value.top, $0.value.bottom) }
        bands.sort { ($0.id, $0.top) < ($1.id, $1.top) }
        var items: [PageItem] = []
        for band in bands {
            let container = containers[band.id]
            items.append(.fill(Rect(x: container.x, y: band.top, width: container.width, height: band.bottom - band.top), container.color))
        }
        items += page.items
        for (slice, y) in page.placed {
            items.append(contentsOf: (slice.items + slice.attachments).map { $0.offsetBy(dy: y) })
        }
        finished.items = items
        finished.placed = []
        return finished
    }
}
