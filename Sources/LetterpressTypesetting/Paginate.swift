import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Distributes slices over pages of a given content height, around the shapes on each page.
///
/// Pages break only between slices. A run of slices marked keep-with-next moves to the next
/// page together with the slice after it (a heading with its first line, a paragraph's first
/// two lines, a table's lead-in line with the table: see `Slice.mayLeadIn`), unless the run
/// alone is taller than a page. Each kind of slice has its own
/// function: a line that meets a shape is laid out again, with the rest of its paragraph, by
/// the `LineFitter`; a block, which cannot wrap, moves below the shapes in its way, and a
/// table row that starts a page comes below a copy of its table's header row; a float becomes
/// a shape of its page, or of the next; a break starts a page.
///
/// Every y here is from the content's top: the cursor, the boxes placed, and the page's items
/// and outline entries, which the typesetter moves onto the page. A box's own items are from
/// its top, and move to its place when the page is finished. The shapes, and where lines were
/// fitted beside them, are in page y, which `pageY` turns content y into. (Summed from the
/// page's top, positions round differently: with a fractional top margin, a container band's
/// edge moved by 1/256 pt.)
struct Paginator {
    let contentHeight: Double
    /// The content's top on the page.
    let contentTop: Double
    /// Every container band so far: slices name theirs by index.
    var containers: [ContainerBand]
    /// The column of the page's text, for blocks.
    let column: Column
    var exclusions: ExclusionMap
    let fonts: FontContext
    /// Notes for the foot of their pages (`footnotes: page`): nil sets none.
    var footNotes: FootNotes?

    init(contentHeight: Double, column: Column, contentTop: Double, exclusions: ExclusionMap, fonts: FontContext) {
        self.contentHeight = contentHeight
        self.contentTop = contentTop
        self.containers = []
        self.column = column
        self.exclusions = exclusions
        self.fonts = fonts
    }

    /// One page's content before margins, headers and footers.
    struct PageContent {
        var items: [PageItem] = []
        var outline: [OutlineEntry] = []
        /// The boxes on the page, at their y, and whether each moved below a shape (its
        /// containers' bands start again there); none once the page is finished.
        var placed: [(box: Slice.Box, y: Double, startsBand: Bool)] = []
        /// The notes at the page's foot, in the order of their references.
        var notes: [Int] = []
        var isEmpty: Bool { placed.isEmpty }
    }

    /// Slices given and not yet placed: from `next` on.
    private var slices: [Slice] = []
    private var next = 0
    /// The page being filled, and those finished by the slices being added.
    private var page = PageContent()
    private var finished: [PageContent] = []
    private var finishedPages = 0
    /// The header row of each table, repeated above its rows that start a page.
    private var headers: [Int: Slice.Box] = [:]
    /// Floats that did not fit below the cursor, for the top of the next page.
    private var pendingFloats: [(float: FloatingImage, gapBefore: Double)] = []
    /// The notes set on a page so far: a note goes with its first reference only.
    private var notesSet: Set<Int> = []
    /// Notes whose reference is on a page that has no room left for them below its text, in
    /// order, for the foot of the pages after it (as TeX carries a footnote on): one line can
    /// cite more notes than a page holds, and they went above the top of the page.
    private var carriedNotes: [Int] = []

    /// The number of the page being filled.
    private var number: Int { finishedPages + 1 }
    /// Where the page's next box goes, before its gap.
    private var cursor: Double { page.placed.last.map { $0.y + $0.box.height } ?? 0 }
    /// Where the page's text ends: above its notes.
    private var bottom: Double { contentHeight - (footNotes?.height(of: page.notes) ?? 0) }

    /// Where the page's text would end with `box` on it: above its notes and those `box` refers to.
    private func bottom(adding box: Slice.Box) -> Double {
        guard let footNotes else { return contentHeight }
        return contentHeight - footNotes.height(of: page.notes + newNotes(in: box))
    }

    /// The notes `box` refers to that no page has yet, each followed by those its own text
    /// refers to, since those go on the same page.
    private func newNotes(in box: Slice.Box) -> [Int] {
        guard let footNotes else { return [] }
        var found: [Int] = []
        var waiting = footNotes.referenced(in: box)
        while !waiting.isEmpty {
            let number = waiting.removeFirst()
            guard !notesSet.contains(number), !found.contains(number) else { continue }
            found.append(number)
            waiting.insert(contentsOf: footNotes.notes[number]?.references ?? [], at: 0)
        }
        return found
    }

    /// Adds slices that follow those added before, ending at a block's end (a paragraph's lines
    /// come together), and returns the pages they finish; `ending` when no more follow. A slice
    /// is placed once the slices it keeps with are known, so the pages are those of all the
    /// slices at once.
    mutating func add(_ input: [Slice], ending: Bool = false) -> [PageContent] {
        slices += input
        while next < slices.count, let group = groupHeight(from: next, ending: ending) {
            switch slices[next] {
            case let .line(line): place(line, group: group)
            case let .block(block): place(block, group: group)
            case let .float(float, gap): place(float, gapBefore: gap)
            case .pageBreak: breakPage()
            }
        }
        // Placed slices go at once, with the lines of finished pages: what is left waits only
        // for the slices it keeps with.
        slices.removeFirst(next)
        next = 0
        if ending { finishDocument() }
        defer { finished = [] }
        return finished
    }

    /// A line goes below the cursor, unless it meets a shape there or was fitted for another
    /// place: then it is laid out again.
    private mutating func place(_ line: Slice.Line, group: Double) {
        guard let y = y(for: line.box, group: group) else { return }
        guard needsFitting(line, at: y) else {
            place(line.box, at: y, outline: line.outline)
            next += 1
            return
        }
        layOutAgain(line, at: y)
    }

    /// Lays `line` and the rest of its paragraph out again from `y`, beside the page's shapes:
    /// the new lines take their place in the slices to come.
    private mutating func layOutAgain(_ line: Slice.Line, at y: Double) {
        var end = next + 1
        while end < slices.count, case let .line(other) = slices[end], other.paragraph === line.paragraph { end += 1 }
        var fitted = LineFitter(fonts: fonts, exclusions: exclusions).fit(
            line.paragraph, from: line.byteStart, page: number, top: pageY(y), bottom: pageY(bottom),
            firstHeight: line.box.height)
        carry(from: line, to: &fitted)
        slices.replaceSubrange(next..<end, with: fitted.map(Slice.line))
        guard let first = fitted.first, first.fittedAt == nil,
              shapeMeets(y, height: first.box.height, in: line.paragraph.column) else { return }
        // No band beside the shapes fits above the page's end: go on on the next page, or, on
        // an empty page, let the line through rather than loop.
        if page.isEmpty {
            place(first.box, at: y, outline: first.outline)
            next += 1
        } else {
            newPage()
        }
    }

    /// A block goes below the cursor, or, when a shape is in its way, below the shape, where
    /// its containers' bands start again.
    private mutating func place(_ block: Slice.Block, group: Double) {
        var block = block
        var group = group
        // An image that does not fit what is left of a page shrinks to fit, within its limit,
        // rather than leave the page's end blank; not where a shape is in its way.
        let left = bottom(adding: block.box) - cursor - block.box.gapBefore
        if block.shrinksTo < 1, !page.isEmpty, block.box.height > left, left >= block.box.height * block.shrinksTo {
            let shrunk = block.shrunk(to: left)
            let top = cursor + shrunk.box.gapBefore
            if exclusions.exclusions(onPage: number).isEmpty || clearY(for: shrunk.box, at: top).map({ abs($0 - top) < 0.01 }) == true {
                group -= block.box.height - left
                block = shrunk
            }
        }
        guard var y = y(for: block.box, group: group) else { return }
        if let row = block.row { y = headerRow(above: row, box: block.box, at: y) }
        guard block.box.height > 0, !exclusions.exclusions(onPage: number).isEmpty else {
            place(block.box, at: y)
            next += 1
            return
        }
        guard let clear = clearY(for: block.box, at: y) else { return newPage() }
        place(block.box, at: clear, startsBand: clear > y + 0.01)
        next += 1
    }

    /// Keeps a table's header row, and places a copy of it above a row of its table that
    /// starts a page; returns the y of the row.
    private mutating func headerRow(above row: Slice.TableRow, box: Slice.Box, at y: Double) -> Double {
        if row.isHeader {
            headers[row.table] = box
            return y
        }
        guard page.isEmpty, var header = headers[row.table], let headerY = clearY(for: header, at: y) else { return y }
        // The copy only repeats what the table's head says: it is no part of the document's structure.
        header.structure = []
        header.items.removeAll(where: \.isStructure)
        place(header, at: headerY)
        return cursor
    }

    /// A float goes on this page at the cursor, or else at the top of the next.
    private mutating func place(_ float: FloatingImage, gapBefore: Double) {
        if !placeFloat(float, gapBefore: gapBefore) { pendingFloats.append((float, gapBefore)) }
        next += 1
    }

    /// A break starts a page, unless the page is still empty.
    private mutating func breakPage() {
        if !page.isEmpty { newPage() }
        next += 1
    }

    /// Where a line or block goes: below the cursor after its gap, or at the top of an empty
    /// page. Nil, and a new page started, when it and the slices it keeps with (`group` tall)
    /// do not fit on this one.
    private mutating func y(for box: Slice.Box, group: Double) -> Double? {
        guard !page.isEmpty else { return cursor }
        let y = cursor + box.gapBefore
        guard y + group <= bottom(adding: box) else {
            newPage()
            return nil
        }
        return y
    }

    /// Whether a paragraph line must be fitted around shapes where it would land: it meets a
    /// shape there, or it was fitted for another place.
    private func needsFitting(_ line: Slice.Line, at y: Double) -> Bool {
        if let fitted = line.fittedAt { return fitted.page != number || abs(fitted.y - pageY(y)) > 0.01 }
        return shapeMeets(y, height: line.box.height, in: line.paragraph.column)
    }

    /// The page y of content y `y`.
    private func pageY(_ y: Double) -> Double { contentTop + y }

    /// Whether a shape of the page meets the band `height` tall at `y` in `column`.
    private func shapeMeets(_ y: Double, height: Double, in column: Column) -> Bool {
        exclusions.blocks(page: number, top: pageY(y), bottom: pageY(y) + height, left: column.x, right: column.x + column.width)
    }

    /// The marker, outline entry, spacing and containers of the first line, kept on the new lines.
    private func carry(from original: Slice.Line, to lines: inout [Slice.Line]) {
        guard !lines.isEmpty else { return }
        lines[0].box.gapBefore = original.box.gapBefore
        lines[0].outline = original.outline
        let shift = (lines[0].box.firstBaseline ?? 0) - (original.box.firstBaseline ?? 0)
        lines[0].box.attachments = original.box.attachments.map { $0.offsetBy(dy: shift) }
        // A marker hangs at the start of its line: right of a right-to-left line, which moves
        // left when fitted beside a shape on the right.
        if original.paragraph.direction == .rtl, let edge = Self.rightEdge(of: lines[0].box),
           let before = Self.rightEdge(of: original.box), edge != before {
            lines[0].box.attachments = lines[0].box.attachments.map { $0.offsetBy(dx: edge - before) }
        }
        for index in lines.indices {
            lines[index].box.containers = original.box.containers
            lines[index].box.structure = original.box.structure
        }
    }

    /// The right end of the text a box draws.
    private static func rightEdge(of box: Slice.Box) -> Double? {
        box.items.compactMap { item -> Double? in
            guard case let .text(line) = item else { return nil }
            return line.origin.x + line.metrics.width
        }.max()
    }

    /// The first y at or below `y` where `box`, which cannot wrap, is clear of the page's
    /// shapes and still fits on the page; nil when there is none.
    private func clearY(for box: Slice.Box, at y: Double) -> Double? {
        var y = y
        while let below = exclusions.clearance(page: number, top: pageY(y), bottom: pageY(y) + box.height,
                                               left: column.x, right: column.x + column.width) {
            y = max(y + 0.5, below - contentTop)
        }
        return y + box.height <= bottom + 0.01 || y == 0 ? y : nil
    }

    /// Places a floating image at the cursor on its side, as a shape of the page. Returns
    /// false when it does not fit below the cursor.
    private mutating func placeFloat(_ float: FloatingImage, gapBefore: Double) -> Bool {
        let y = page.isEmpty ? 0 : cursor + gapBefore
        guard y + float.height <= bottom || page.isEmpty else { return false }
        let x = float.side == .left ? float.column.x : float.column.x + float.column.width - float.width
        let rect = Rect(x: x, y: y, width: float.width, height: float.height)
        let onPage = Rect(x: x, y: pageY(y), width: float.width, height: float.height)
        let shape: ExclusionShape = float.outline.map { .outline(onPage, rows: $0) } ?? .rect(onPage)
        exclusions.add(Exclusion(page: number, shape: shape, margin: float.margin))
        page.items += [.structure(float.structure), .image(float.image, rect), .structure([])]
        return true
    }

    /// The height from the slice at `start` through the end of its keep-with-next run and
    /// the slice after it; just the slice's own height when that run is taller than a page.
    /// Nil when that needs slices not yet added, unless the document is `ending`.
    private func groupHeight(from start: Int, ending: Bool) -> Double? {
        var height = slices[start].height
        var index = start
        while slices[index].keepWithNext || slices[index].mayLeadIn {
            guard index + 1 < slices.count else { return ending ? height : nil }
            if case .pageBreak = slices[index + 1] { break }
            if !slices[index].keepWithNext && !slices[index + 1].isTableRow { break }
            index += 1
            // An image that may shrink to end the page counts at its smallest.
            var shrinks = 1.0
            if case let .block(block) = slices[index] { shrinks = block.shrinksTo }
            height += slices[index].gapBefore + slices[index].height * shrinks
            if height > contentHeight { return slices[start].height }
        }
        return height
    }

    private mutating func place(_ box: Slice.Box, at y: Double, outline: OutlineEntry? = nil, startsBand: Bool = false) {
        page.placed.append((box, y, startsBand))
        let notes = newNotes(in: box)
        notesSet.formUnion(notes)
        for note in notes {
            if carriedNotes.isEmpty, let footNotes, contentHeight - footNotes.height(of: page.notes + [note]) >= y + box.height {
                page.notes.append(note)
            } else {
                carriedNotes.append(note)
            }
        }
        if var entry = outline {
            entry.y = y
            page.outline.append(entry)
        }
    }

    /// Finishes the page being filled and starts the next, with the floats waiting for it.
    private mutating func newPage() {
        finished.append(finish(page))
        finishedPages += 1
        page = PageContent()
        takeCarriedNotes()
        for (float, gap) in pendingFloats { _ = placeFloat(float, gapBefore: gap) }
        pendingFloats = []
    }

    /// Puts on the new page's foot the carried notes that fit there, in order; a note is at
    /// most half a page (`FootNotes` leaves taller ones for the end), so the first always does.
    private mutating func takeCarriedNotes() {
        guard let footNotes else { return }
        while let note = carriedNotes.first, page.notes.isEmpty || footNotes.height(of: page.notes + [note]) <= contentHeight {
            page.notes.append(note)
            carriedNotes.removeFirst()
        }
    }

    /// The last page, unless nothing is on it (though a document has one page), and one more
    /// when floats still waited for it.
    private mutating func finishDocument() {
        // A note whose reference no box showed (an image's alt text) still gets set, at the
        // last page's foot, or on a page of its own when the text leaves it no room.
        if let footNotes {
            let unset = footNotes.notes.keys.filter { !notesSet.contains($0) }.sorted()
            if !unset.isEmpty, !page.isEmpty, cursor > contentHeight - footNotes.height(of: page.notes + unset) { newPage() }
            page.notes += unset
            notesSet.formUnion(unset)
        }
        if !page.isEmpty || finishedPages == 0 || !pendingFloats.isEmpty || !page.notes.isEmpty { newPage() }
        // Notes still carried go on pages of their own.
        while !page.notes.isEmpty { newPage() }
        if page.isEmpty && !page.items.isEmpty { newPage() }
    }

    /// Container bands first, then floats, then the boxes' items; the notes' rule and boxes at
    /// the foot of the content. A box's attachments (a list item's marker) come before its
    /// items, as a label comes before its item's body in the document's structure, and its
    /// items after the structure they belong to, when it is not the box before's.
    private func finish(_ page: PageContent) -> PageContent {
        var page = page
        if let footNotes, !page.notes.isEmpty {
            let (rule, boxes) = footNotes.placed(page.notes, bottom: contentHeight)
            page.items.append(rule)
            page.placed += boxes.map { ($0.box, $0.y, false) }
        }
        var finished = page
        var items = bands(of: page)
        items += page.items
        var structure: [StructureElement]?
        for (box, y, _) in page.placed {
            items.append(contentsOf: box.attachments.map { $0.offsetBy(dy: y) })
            if !box.attachments.isEmpty || box.structure != structure { items.append(.structure(box.structure)) }
            structure = box.structure
            items.append(contentsOf: box.items.map { $0.offsetBy(dy: y) })
        }
        finished.items = items
        finished.placed = []
        return finished
    }

    /// Each container's band, spanning its boxes on the page, split where a box moved below a shape.
    private func bands(of page: PageContent) -> [PageItem] {
        var open: [Int: (top: Double, bottom: Double)] = [:]
        var bands: [(id: Int, top: Double, bottom: Double)] = []
        for (box, y, startsBand) in page.placed {
            for id in box.containers {
                if let extent = open[id], !startsBand {
                    open[id] = (extent.top, max(extent.bottom, y + box.height))
                } else {
                    if let extent = open[id] { bands.append((id, extent.top, extent.bottom)) }
                    open[id] = (y, y + box.height)
                }
            }
        }
        bands += open.map { ($0.key, $0.value.top, $0.value.bottom) }
        bands.sort { ($0.id, $0.top) < ($1.id, $1.top) }
        return bands.map { band in
            let container = containers[band.id]
            return .fill(Rect(x: container.x, y: band.top, width: container.width, height: band.bottom - band.top),
                         container.color)
        }
    }
}
