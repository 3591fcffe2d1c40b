import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Footnotes at the end of the document, numbered as referenced.
extension Collector {
    /// Footnotes go at the end of the document, after a short rule, numbered as referenced.
    mutating func collectFootnotes(_ footnotes: [StyledFootnote], column: Column) {
        space(before: styles.body.spaceAfter * 2)
        let width = column.width * 0.3
        append(.block(Slice.Block(box: Slice.Box(height: 0.5, items: [
            .line(from: Point(x: column.x, y: 0.25), to: Point(x: column.x + width, y: 0.25), styles.rule.color, width: 0.5),
        ]))))
        pendingGap.set(styles.footnotes.spaceAfter * 2)
        for footnote in footnotes { footnoteItem(footnote, column: column) }
    }

    /// `footnote` laid out alone, as at the end, for the foot of a page (`footnotes: page`):
    /// its boxes, from its top. It is laid out before the document's blocks, which it leaves
    /// no space to.
    mutating func footnoteBoxes(_ footnote: StyledFootnote, column: Column) -> [Slice.Box] {
        pendingGap = PendingGap()
        footnoteItem(footnote, column: column)
        pendingGap = PendingGap()
        var boxes = takeSlices().compactMap(\.box)
        if !boxes.isEmpty { boxes[0].gapBefore = 0 }
        return boxes
    }

    /// A footnote as a list item numbered as referenced, its number the note's anchor and a
    /// link back to its (first) reference.
    mutating func footnoteItem(_ footnote: StyledFootnote, column: Column) {
        var context = Context(paragraph: styles.footnotes)
        context.tight = false
        let column = column.inset(left: styles.list.indent)
        within(.note) { collector in
            collector.listItem(footnote.blocks, marker: .text("\(footnote.number)."), column: column, context: context,
                               footnote: (DocumentAnchors.footnote(footnote.label), DocumentAnchors.footnoteReference(footnote.label, occurrence: 1)))
        }
    }
}
