import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Lists and their items: markers hung left of the first line, nested columns.
extension Collector {
    mutating func list(_ list: StyledList, column: Column, context: Context) {
        space(before: context.listDepth == 0 ? context.paragraph.spaceBefore : 0)
        let numberWidth = Self.widestNumber(of: list, context: context).map {
            TextLayout($0, width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth
        }
        let (itemColumn, inner) = Self.items(of: list, in: column, context: context, styles: styles, numberWidth: numberWidth ?? 0)
        within(.list) { collector in
            for (number, item) in list.items.enumerated() {
                let marker: Marker
                if let checked = item.task {
                    marker = .checkbox(checked)
                } else if list.ordered {
                    marker = .text("\(list.start + number).")
                } else {
                    marker = .text(collector.styles.list.bullets[context.listDepth % collector.styles.list.bullets.count])
                }
                collector.path.append(number)
                collector.within(.listItem) { $0.listItem(item.blocks, marker: marker, column: itemColumn, context: inner) }
                collector.path.removeLast()
                if list.tight { collector.pendingGap.set(collector.styles.list.itemSpacing) }
            }
        }
        pendingGap.set(context.tight ? styles.list.itemSpacing : context.paragraph.spaceAfter)
    }

    enum Marker {
        case text(String)
        case checkbox(Bool)
    }

    /// An ordered list's widest number, whose width sets its items' indent; nil for a bullet list.
    static func widestNumber(of list: StyledList, context: Context) -> StyledText? {
        guard list.ordered else { return nil }
        return StyledText("\(list.start + max(list.items.count - 1, 0)).", style: context.paragraph.text)
    }

    /// The column and context of `list`'s items: indented by the theme's indent, scaled with
    /// the text, or more when the widest marker needs it (`numberWidth`, the width of its
    /// `widestNumber`): markers hang inside the parent's column, never in the margin.
    static func items(of list: StyledList, in column: Column, context: Context, styles: LayoutStyle,
                      numberWidth: Double) -> (column: Column, context: Context) {
        let size = context.paragraph.text.size
        var widest = size * 0.8
        if list.items.contains(where: { $0.task != nil }) { widest = max(widest, size * 1.3) }
        if list.ordered { widest = max(widest, numberWidth + size * 0.45) }
        var inner = context
        inner.listDepth += 1
        inner.tight = list.tight
        // Items take their list's direction, as an HTML `li` does, so that the text starts
        // beside its marker.
        let direction = context.direction(of: BaseDirection.of([.list(list)]))
        inner.direction = direction
        inner.inherited = direction
        return (column.nested(by: max(styles.list.indent * styles.textScale, widest + 1), direction: direction), inner)
    }

    /// Lays out an item's blocks in `column` and hangs its marker left of the first line. A
    /// footnote's marker is its anchor's place and links back to its reference. The marker is
    /// the item's label in the document's structure, and its blocks its body (a footnote's
    /// are the note's own).
    mutating func listItem(_ blocks: [StyledBlock], marker: Marker, column: Column, context: Context,
                                   footnote: (anchor: String, reference: String)? = nil) {
        let first = slices.count
        let label = structure + [newElement(.label)]
        func body(_ collector: inout Collector) {
            collector.collect(blocks, column: column, context: context)
            if !collector.slices[first...].contains(where: { $0.box?.firstBaseline != nil }) {
                let empty = TextLayout(StyledText(" ", style: context.paragraph.text), width: column.width, align: .left,
                                       lineHeight: context.paragraph.lineHeight, context: collector.fonts)
                collector.within(.paragraph) { $0.appendLines(of: [empty], column: column) }
            }
        }
        if footnote == nil { within(.listBody, body) } else { body(&self) }
        guard let index = slices[first...].firstIndex(where: { $0.box?.firstBaseline != nil }),
              let baseline = slices[index].box?.firstBaseline else { return }
        let size = context.paragraph.text.size
        // Markers hang before the start of the item's column: right of it in a right-to-left list.
        let rightToLeft = context.inherited == .rtl
        let attachment: PageItem
        switch marker {
        case let .text(text):
            var style = context.paragraph.text
            style.color = styles.list.markerColor
            let marker = markerLayout(text, style: style, direction: context.inherited)
            let x = rightToLeft ? column.x + column.width + size * 0.45 : column.x - marker.width - size * 0.45
            attachment = .text(marker.layout.textLine(0, origin: Point(x: x, y: baseline)))
            if let footnote, let height = slices[index].box?.height {
                slices[index].changeBox {
                    $0.attachments += [.destination(footnote.anchor, at: Point(x: x, y: 0)),
                                       .link(.anchor(footnote.reference), rects: [Rect(x: x, y: 0, width: marker.width, height: height)])]
                }
            }
        case let .checkbox(checked):
            let side = size * 0.8
            let rect = Rect(x: rightToLeft ? column.x + column.width + size * 0.5 : column.x - side - size * 0.5,
                            y: baseline - side * 0.9, width: side, height: side)
            attachment = .checkbox(rect, checked: checked, styles.list.markerColor)
        }
        slices[index].changeBox { $0.attachments = [.structure(label)] + $0.attachments + [attachment] }
    }

    struct MarkerKey: Hashable {
        var text: String
        var style: TextStyle
        var direction: TextDirection
    }

    /// A list marker's layout and width, made once per marker and style: a layout is drawn
    /// wherever its items place it, and most lists repeat one bullet.
    mutating func markerLayout(_ text: String, style: TextStyle, direction: TextDirection) -> (layout: TextLayout, width: Double) {
        let key = MarkerKey(text: text, style: style, direction: direction)
        if let known = markerLayouts[key] { return known }
        let layout = TextLayout(StyledText(text, style: style), width: nil, align: .left, lineHeight: 1, context: fonts,
                                direction: direction)
        let marker = (layout, layout.naturalWidth)
        markerLayouts[key] = marker
        return marker
    }
}
