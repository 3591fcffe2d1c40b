import Foundation

/// How a heading or a paragraph is set: its source (text, width, alignment), the block style
/// around it, and its outline entry. The collector and a thread laying out paragraphs ahead of
/// it both make it here, so that what one lays out is what the other would have.
struct ParagraphSetting {
    let source: ParagraphSource
    let style: BlockStyle
    let outline: OutlineEntry?

    /// The setting of `block` in `column`, or nil when it is not a heading or a paragraph.
    init?(of block: StyledBlock, theme: Theme, column: Column, context: Collector.Context) {
        let text: StyledText
        var style: BlockStyle
        switch block {
        case let .heading(level, heading):
            text = heading
            style = theme.heading(level)
            style.spaceAfter = max(style.spaceAfter, 0)
            outline = OutlineEntry(level: level, title: heading.oneLine, y: 0)
        case let .paragraph(paragraph):
            text = paragraph
            style = context.paragraph
            if context.tight { style.spaceAfter = theme.list.itemSpacing }
            outline = nil
        default:
            return nil
        }
        self.style = style
        // Pango's line breaking is quadratic in the length of a word it must break between
        // letters, so very long words get invisible break opportunities first.
        source = ParagraphSource(text: text.breakingLongWords(), align: style.align, lineHeight: style.lineHeight,
                                 column: column, keepTogether: outline != nil)
    }

    /// Its lines, laid out with `fonts`, the first carrying the outline entry.
    func lines(with fonts: FontContext) -> [Slice.Line] {
        var lines = LineItems(fonts: fonts).lines(of: source)
        if !lines.isEmpty { lines[0].outline = outline }
        return lines
    }
}

/// A heading or paragraph laid out before the collector reaches it.
struct LaidOutParagraph {
    let setting: ParagraphSetting
    let lines: [Slice.Line]
}
