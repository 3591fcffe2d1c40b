import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A table of contents' slices: its title, then each entry's lines, the last ending in leaders
/// and the page number at the column's end, every line a link to the entry's heading. A list
/// whose first entry reads right to left is mirrored: text from the right, numbers on the left.
///
/// The number's room is three digits' whatever the number, so that the contents take the same
/// lines on every layout and only the pages after them can move (see `PageNumbers`).
struct ContentsLayout {
    let style: ContentsStyle
    let fonts: FontContext
    let direction: TextDirection

    init(style: ContentsStyle, fonts: FontContext, entries: [StyledBlock.Contents.Entry]) {
        self.style = style
        self.fonts = fonts
        direction = entries.lazy.compactMap { BaseDirection.firstStrong(in: $0.text.string) }.first ?? .ltr
    }

    /// The boxes of the title's lines, each kept with what follows.
    func title(_ text: StyledText, column: Column) -> [Slice.Box] {
        let layout = TextLayout(text.breakingLongWords(), width: column.width, align: .left, lineHeight: style.title.lineHeight,
                                context: fonts, direction: direction)
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
        let indent = min(Double(entry.indent) * style.indent, column.width / 2)
        // Measured in the regular weight, so that the leaders of bold and regular entries end alike.
        var regular = block.text
        regular.weight = .regular
        // Three digits' room, or the number's own past 999 pages, so that it never runs into the leaders.
        let numberRoom = max(naturalWidth("000", regular), entry.page.map { naturalWidth(String($0), regular) } ?? 0)
        let gap = naturalWidth(" ", regular) * 2
        let width = max(column.width - indent - numberRoom - gap, 24)
        // The text's box: after the indent, from the left or (mirrored) from the right.
        let textLeft = direction == .rtl ? column.x + column.width - indent - width : column.x + indent
        let layout = TextLayout(entry.text.breakingLongWords(), width: width, align: .left, lineHeight: block.lineHeight,
                                context: fonts, direction: direction)
        var phases: [Int: Double] = [:]
        var boxes = LineItems(fonts: fonts).boxes(of: layout, left: textLeft, phases: &phases).map(\.box)
        guard let last = layout.lines.last, !boxes.isEmpty else { return [] }
        let baseline = last.baseline - last.top
        var items: [PageItem] = []
        if let page = entry.page {
            let number = TextLayout(StyledText(String(page), style: block.text), width: nil, align: .left, lineHeight: 1, context: fonts)
            let x = direction == .rtl ? column.x : column.x + column.width - number.naturalWidth
            items.append(.text(number.textLine(0, origin: Point(x: x, y: baseline))))
        }
        // Leaders fill between the text's last line and the number's room, aligned at the room.
        let room = direction == .rtl ? column.x + numberRoom + gap / 2 : column.x + column.width - numberRoom - gap / 2
        let textEnd = direction == .rtl ? textLeft + last.x - gap / 2 : textLeft + last.x + last.width + gap / 2
        if let leaders = leaders(filling: abs(room - textEnd), style: regular) {
            let x = direction == .rtl ? room : room - leaders.naturalWidth
            items.append(.text(leaders.textLine(0, origin: Point(x: x, y: baseline))))
        }
        boxes[boxes.count - 1].items += items
        let target = LinkTarget(link: "#" + entry.anchor)
        let linkLeft = direction == .rtl ? column.x : column.x + indent
        for index in boxes.indices {
            let area = Rect(x: linkLeft, y: 0, width: column.width - indent, height: boxes[index].height)
            if let target { boxes[index].items.append(.link(target, rects: [area])) }
            boxes[index].keepWithNext = index < boxes.count - 1
        }
        return boxes
    }

    /// The leader repeated, a space after each, as many times as fit in `width`; nil where
    /// there is no room or no leader.
    private func leaders(filling width: Double, style text: TextStyle) -> TextLayout? {
        guard !style.leader.isEmpty else { return nil }
        let unit = style.leader + " "
        let count = Int((width / naturalWidth(unit, text)).rounded(.down))
        guard count > 0 else { return nil }
        return TextLayout(StyledText(String(repeating: unit, count: min(count, 1000)), style: text), width: nil, align: .left,
                          lineHeight: 1, context: fonts)
    }

    private func naturalWidth(_ string: String, _ text: TextStyle) -> Double {
        TextLayout(StyledText(string, style: text), width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth
    }
}
