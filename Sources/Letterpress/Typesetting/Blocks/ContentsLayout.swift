import Foundation

/// A table of contents' slices: its title, then each entry's lines, the last ending in leaders
/// and the page number at the column's end, every line a link to the entry's heading.
///
/// The number's room is three digits' whatever the number, so that the contents take the same
/// lines on every layout and only the pages after them can move (see `PageNumbers`).
struct ContentsLayout {
    let style: ContentsStyle
    let fonts: FontContext

    /// The boxes of the title's lines, each kept with what follows.
    func title(_ text: StyledText, column: Column) -> [Slice.Box] {
        let layout = TextLayout(text.breakingLongWords(), width: column.width, align: .left, lineHeight: style.title.lineHeight,
                                context: fonts)
        var phases: [Int: Double] = [:]
        return LineItems(fonts: fonts).boxes(of: layout, left: column.x, phases: &phases).map {
            var box = $0.box
            box.keepWithNext = true
            return box
        }
    }

    /// The boxes of one entry's lines, kept together.
    func entry(_ entry: StyledBlock.Contents.Entry, column: Column) -> [Slice.Box] {
        let block = style.entry(entry.indent)
        let left = column.x + min(Double(entry.indent) * style.indent, column.width / 2)
        let right = column.x + column.width
        // Measured in the regular weight, so that the leaders of bold and regular entries end alike.
        var regular = block.text
        regular.weight = .regular
        let numberRoom = naturalWidth("000", regular)
        let gap = naturalWidth(" ", regular) * 2
        let layout = TextLayout(entry.text.breakingLongWords(), width: max(right - numberRoom - gap - left, 24), align: .left,
                                lineHeight: block.lineHeight, context: fonts)
        var phases: [Int: Double] = [:]
        var boxes = LineItems(fonts: fonts).boxes(of: layout, left: left, phases: &phases).map(\.box)
        guard let last = layout.lines.last, !boxes.isEmpty else { return [] }
        let baseline = last.baseline - last.top
        if let page = entry.page {
            let number = TextLayout(StyledText(String(page), style: block.text), width: nil, align: .left, lineHeight: 1, context: fonts)
            boxes[boxes.count - 1].items.append(.text(number.textLine(0, origin: Point(x: right - number.naturalWidth, y: baseline))))
        }
        if let leaders = leaders(from: left + last.x + last.width + gap / 2, to: right - numberRoom - gap / 2, style: regular) {
            boxes[boxes.count - 1].items.append(.text(leaders.textLine(0, origin: Point(x: right - numberRoom - gap / 2 - leaders.naturalWidth,
                                                                                         y: baseline))))
        }
        let target = LinkTarget(link: "#" + entry.anchor)
        for index in boxes.indices {
            boxes[index].items.append(.link(target, rects: [Rect(x: left, y: 0, width: right - left, height: boxes[index].height)]))
            boxes[index].keepWithNext = index < boxes.count - 1
        }
        return boxes
    }

    /// The leader repeated, a space after each, to fill from `start` to `end`, ending at
    /// `end` so that the leaders of all entries line up; nil where there is no room or no leader.
    private func leaders(from start: Double, to end: Double, style text: TextStyle) -> TextLayout? {
        guard !style.leader.isEmpty else { return nil }
        let unit = style.leader + " "
        let count = Int(((end - start) / naturalWidth(unit, text)).rounded(.down))
        guard count > 0 else { return nil }
        return TextLayout(StyledText(String(repeating: unit, count: min(count, 1000)), style: text), width: nil, align: .left,
                          lineHeight: 1, context: fonts)
    }

    private func naturalWidth(_ string: String, _ text: TextStyle) -> Double {
        TextLayout(StyledText(string, style: text), width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth
    }
}
