import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Block quotes and alerts: their blocks in a nested column beside a bar.
extension Collector {
    /// The column and context of a block quote's blocks.
    static func quoted(_ blocks: [StyledBlock], in column: Column, context: Context, styles: LayoutStyle) -> (column: Column, context: Context) {
        var inner = context
        inner.paragraph = styles.quote
        inner.inherited = context.direction(of: BaseDirection.of(blocks))
        return (column.nested(by: styles.quote.indent, direction: inner.inherited), inner)
    }

    mutating func blockQuote(_ blocks: [StyledBlock], column: Column, context: Context) {
        let quote = styles.quote
        space(before: quote.spaceBefore)
        let (innerColumn, inner) = Self.quoted(blocks, in: column, context: context, styles: styles)
        let bar = column.start(ofBoxWide: quote.barWidth, direction: inner.inherited)
        withContainer(ContainerBand(x: bar, width: quote.barWidth, color: quote.barColor)) { collector in
            collector.within(.blockQuote) { $0.collect(blocks, column: innerColumn, context: inner) }
        }
        pendingGap.ask(quote.spaceAfter)
    }

    /// The column and context of an alert's blocks.
    static func alerted(_ blocks: [StyledBlock], in column: Column, context: Context, styles: LayoutStyle) -> (column: Column, context: Context) {
        var inner = context
        inner.paragraph = styles.alerts.body
        inner.inherited = context.direction(of: BaseDirection.of(blocks))
        return (column.nested(by: styles.alerts.body.indent, direction: inner.inherited), inner)
    }

    /// A call-out: its title and blocks beside a bar in the kind's colour.
    mutating func alert(_ callout: Callout, _ blocks: [StyledBlock], column: Column, context: Context) {
        let style = styles.alerts
        let color = style.color(callout.kind)
        space(before: style.body.spaceBefore)
        let (innerColumn, inner) = Self.alerted(blocks, in: column, context: context, styles: styles)
        let bar = column.start(ofBoxWide: style.body.barWidth, direction: inner.inherited)
        withContainer(ContainerBand(x: bar, width: style.body.barWidth, color: color)) { collector in
            collector.within(.blockQuote) { collector in
                if !callout.title.isEmpty {
                    collector.within(.paragraph) { $0.alertTitle(callout, color: color, column: innerColumn, direction: inner.inherited) }
                }
                collector.collect(blocks, column: innerColumn, context: inner)
            }
        }
        pendingGap.ask(style.body.spaceAfter)
    }

    /// An alert's title in its colour after its mark (`AlertMark`), kept with what follows.
    mutating func alertTitle(_ callout: Callout, color: Color, column: Column, direction: TextDirection) {
        var style = styles.alerts.title
        style.text.color = color
        let size = style.text.size
        let markSide = size * 0.9
        let marked = callout.kind != .plain
        let indent = marked ? markSide + size * 0.45 : 0
        let textColumn = direction == .rtl ? column.inset(left: 0, right: indent) : column.inset(left: indent)
        let layout = TextLayout(StyledText(callout.title, style: style.text), width: textColumn.width, align: .left,
                                lineHeight: style.lineHeight, context: fonts, direction: direction)
        var phases: [Int: Double] = [:]
        space(before: style.spaceBefore)
        for (index, line) in LineItems(fonts: fonts).boxes(of: layout, left: textColumn.x, phases: &phases).enumerated() {
            var box = line.box
            box.keepWithNext = true
            if index == 0, marked, let baseline = box.firstBaseline {
                // Centred on the capitals' middle, about 0.36 of the size above the baseline.
                let center = Point(x: column.start(ofBoxWide: markSide, direction: direction) + markSide / 2, y: baseline - size * 0.36)
                box.items += AlertMark.items(callout.kind, center: center, side: markSide, color: color)
            }
            append(.block(Slice.Block(box: box)))
        }
        pendingGap.set(style.spaceAfter)
    }
}
