import Foundation

/// Distributes slices over pages of a given content height.
///
/// Pages break only between slices. A run of slices marked keep-with-next moves to the next
/// page together with the slice after it (a heading with its first line, a paragraph's first
/// two lines), unless the run alone is taller than a page. A table row that starts a page is
/// preceded by a copy of its table's header row.
struct Paginator {
    let contentHeight: Double
    let containers: [ContainerBand]

    /// One page's content before margins, headers and footers: items with y from the content top.
    struct PageContent {
        var items: [PageItem] = []
        var outline: [OutlineEntry] = []
        var placed: [(slice: Slice, y: Double)] = []
        var cursor: Double = 0
        var isEmpty: Bool { placed.isEmpty }
    }

    func paginate(_ slices: [Slice]) -> [PageContent] {
        var pages: [PageContent] = []
        var page = PageContent()
        var headers: [Int: Slice] = [:]
        var index = 0
        while index < slices.count {
            let slice = slices[index]
            if slice.breakBefore {
                if !page.isEmpty { pages.append(finish(page)); page = PageContent() }
                index += 1
                continue
            }
            let gap = page.isEmpty ? 0 : slice.gapBefore
            if !page.isEmpty && page.cursor + gap + groupHeight(slices, from: index) > contentHeight {
                pages.append(finish(page))
                page = PageContent()
                continue
            }
            if page.isEmpty, let table = slice.table, !slice.isTableHeader, let header = headers[table] {
                place(header, at: 0, on: &page)
            }
            if slice.isTableHeader, let table = slice.table { headers[table] = slice }
            place(slice, at: page.cursor + gap, on: &page)
            index += 1
        }
        if !page.isEmpty || pages.isEmpty { pages.append(finish(page)) }
        return pages
    }

    /// The height from the slice at `start` through the end of its keep-with-next run and
    /// the slice after it; just the slice's own height when that run is taller than a page.
    private func groupHeight(_ slices: [Slice], from start: Int) -> Double {
        var height = slices[start].height
        var index = start
        while slices[index].keepWithNext, index + 1 < slices.count, !slices[index + 1].breakBefore {
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

    /// Container bands first, spanning each container's slices on the page, then items.
    private func finish(_ page: PageContent) -> PageContent {
        var finished = page
        var extents: [Int: (top: Double, bottom: Double)] = [:]
        var order: [Int] = []
        for (slice, y) in page.placed {
            for id in slice.containers {
                if let extent = extents[id] {
                    extents[id] = (extent.top, max(extent.bottom, y + slice.height))
                } else {
                    extents[id] = (y, y + slice.height)
                    order.append(id)
                }
            }
        }
        var items: [PageItem] = []
        for id in order {
            let (top, bottom) = extents[id]!
            let band = containers[id]
            items.append(.fill(Rect(x: band.x, y: top, width: band.width, height: bottom - top), band.color))
        }
        for (slice, y) in page.placed {
            items.append(contentsOf: slice.items.map { $0.offsetBy(dy: y) })
        }
        finished.items = items
        finished.placed = []
        return finished
    }
}
