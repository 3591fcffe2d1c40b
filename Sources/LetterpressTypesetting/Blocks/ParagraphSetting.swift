import Foundation
import LetterpressMarkup
import LetterpressStyling

/// How a heading or a paragraph is set: its text, the column it fills, the block style around
/// it, and its outline entry. The collector and a thread laying out paragraphs ahead of it
/// both make it here, so that what one lays out is what the other would have.
struct ParagraphSetting {
    var text: StyledText
    let column: Column
    let style: BlockStyle
    let outline: OutlineEntry?
    let direction: TextDirection

    /// The setting of `block` in `column`, or nil when it is not a heading or a paragraph.
    init?(of block: StyledBlock, styles: LayoutStyle, column: Column, context: Collector.Context) {
        switch block {
        case let .heading(level, heading):
            text = heading
            var style = styles.heading(level)
            style.spaceAfter = max(style.spaceAfter, 0)
            if let align = context.align { style.align = align }
            self.style = style
            outline = OutlineEntry(level: level, title: heading.oneLine, y: 0)
        case let .paragraph(paragraph):
            text = paragraph
            var style = context.paragraph
            if context.tight { style.spaceAfter = styles.list.itemSpacing }
            if let align = context.align { style.align = align }
            self.style = style
            outline = nil
        default:
            return nil
        }
        direction = context.direction(ofParagraph: text)
        // `width:` sets the lines in a narrower column, at its start.
        if let width = text.paragraphWidth?.points(in: column.width), width < column.width {
            self.column = Column(x: column.start(ofBoxWide: width, direction: direction), width: width, narrowest: column.narrowest)
        } else {
            self.column = column
        }
    }

    /// Whether the paragraph must be fitted to its lines before it is laid out, which needs the
    /// collector's fonts.
    var fits: Bool { text.fitting != nil }

    /// What its lines are laid out from. Pango's line breaking is quadratic in the length of a
    /// word it must break between letters, so very long words get invisible break
    /// opportunities first.
    func source() -> ParagraphSource {
        ParagraphSource(text: text.breakingLongWords(), align: style.align, lineHeight: style.lineHeight, column: column,
                        keepTogether: outline != nil, direction: direction)
    }

    /// Whether `source` was made from a setting like this one, for the same text.
    func matches(_ source: ParagraphSource) -> Bool {
        source.column == column && source.align == style.align && source.lineHeight == style.lineHeight
            && source.keepTogether == (outline != nil) && source.direction == direction
    }

    /// The lines of `source`, laid out with `fonts`, the first carrying the outline entry.
    func lines(of source: ParagraphSource, fonts: FontContext) -> [Slice.Line] {
        var lines = LineItems(fonts: fonts).lines(of: source)
        if !lines.isEmpty { lines[0].outline = outline }
        return lines
    }

    /// The headings and paragraphs of `blocks` that can be set without laying anything out,
    /// by their path (indexes of the block, the list item and the block inside, and so on):
    /// those at the top, in block quotes, and in bullet lists. Ordered lists are left out,
    /// as their indent depends on how wide their numbers are set.
    static func all(in blocks: [StyledBlock], styles: LayoutStyle, column: Column, context: Collector.Context,
                    path: [Int] = []) -> [(path: [Int], setting: ParagraphSetting)] {
        var found: [(path: [Int], setting: ParagraphSetting)] = []
        for (index, block) in blocks.enumerated() {
            let path = path + [index]
            switch block {
            case .heading, .paragraph:
                // Images and formulas in the line are set on the collector's thread.
                if let setting = ParagraphSetting(of: block, styles: styles, column: column, context: context), !InlineImages.has(setting.text),
                   !InlineFormulas.has(setting.text), !setting.fits {
                    found.append((path, setting))
                }
            case let .blockQuote(inner):
                let (column, context) = Collector.quoted(inner, in: column, context: context, styles: styles)
                found += all(in: inner, styles: styles, column: column, context: context, path: path)
            case let .alert(_, inner):
                let (column, context) = Collector.alerted(inner, in: column, context: context, styles: styles)
                found += all(in: inner, styles: styles, column: column, context: context, path: path)
            case let .list(list):
                guard Collector.widestNumber(of: list, context: context) == nil else { continue }
                let (column, context) = Collector.items(of: list, in: column, context: context, styles: styles, numberWidth: 0)
                for (number, item) in list.items.enumerated() {
                    found += all(in: item.blocks, styles: styles, column: column, context: context, path: path + [number])
                }
            // A division's paragraphs are laid out as the collector reaches them: HTML is rare.
            case .code, .thematicBreak, .table, .image, .pageBreak, .division, .contents, .math, .definitionList:
                continue
            }
        }
        return found
    }
}

/// A heading or paragraph laid out before the collector reaches it.
struct LaidOutParagraph {
    let source: ParagraphSource
    let lines: [Slice.Line]
}
