import Foundation
import LetterpressCore
import LetterpressMarkup

/// A block whose text the theme has styled: what the typesetter lays out. Block spacing and
/// decorations are still the typesetter's to choose.
package typealias StyledBlock = BlockTree<StyledText>
package typealias StyledList = StyledBlock.List
package typealias StyledTable = StyledBlock.Table
package typealias StyledFootnote = StyledBlock.Footnote

extension Styler {
    /// `blocks` styled as the typesetter sets them: paragraphs over `paragraph` (the body's
    /// style, or the quote's or the footnotes' inside those), headings and table cells over
    /// their own styles.
    package func style(_ blocks: [Block], paragraph: TextStyle, warnings: inout [Warning]) -> [StyledBlock] {
        blocks.map { style($0, paragraph: paragraph, warnings: &warnings) }
    }

    /// The document's footnotes, set in the footnotes' style.
    package func style(_ footnotes: [Block.Footnote], warnings: inout [Warning]) -> [StyledFootnote] {
        footnotes.map {
            StyledFootnote(number: $0.number, label: $0.label, blocks: style($0.blocks, paragraph: theme.footnotes.text, warnings: &warnings))
        }
    }

    // A switch rather than a `BlockVisitor`: a visitor would hold a copy of the styler, whose
    // theme is retained style by style, once for each top-level block the parser hands over.
    private func style(_ block: Block, paragraph: TextStyle, warnings: inout [Warning]) -> StyledBlock {
        switch block {
        case let .heading(level, text):
            return .heading(level: level, text: style(text, base: theme.heading(level).text, warnings: &warnings))
        case let .paragraph(text):
            return .paragraph(style(text, base: paragraph, warnings: &warnings))
        case let .list(list):
            let items = list.items.map { StyledList.Item(task: $0.task, blocks: style($0.blocks, paragraph: paragraph, warnings: &warnings)) }
            return .list(StyledList(ordered: list.ordered, start: list.start, tight: list.tight, items: items))
        case let .blockQuote(blocks):
            return .blockQuote(style(blocks, paragraph: theme.quote.text, warnings: &warnings))
        case let .alert(callout, blocks):
            return .alert(callout, style(blocks, paragraph: theme.alerts.body.text, warnings: &warnings))
        case let .code(code):
            return .code(style(code, warnings: &warnings))
        case .thematicBreak:
            return .thematicBreak
        case let .table(table):
            return .table(style(table, warnings: &warnings))
        case let .image(reference):
            return .image(reference)
        case .pageBreak:
            return .pageBreak
        case let .division(division):
            let blocks = division.titleParts.map { parts in
                zip(division.blocks, parts).map { style($0, paragraph: theme.titleBlock.style($1).text, warnings: &warnings) }
            } ?? style(division.blocks, paragraph: paragraph, warnings: &warnings)
            return .division(StyledBlock.Division(alignment: division.alignment, indented: division.indented, direction: division.direction,
                                                  blocks: blocks, titleParts: division.titleParts))
        case let .contents(contents):
            return .contents(style(contents, warnings: &warnings))
        case let .math(math):
            return .math(math)
        case let .definitionList(list):
            let items = list.items.map { item in
                StyledBlock.DefinitionList.Item(terms: item.terms.map { style($0, base: theme.definitionList.term.text, warnings: &warnings) },
                                                definitions: item.definitions.map { style($0, paragraph: paragraph, warnings: &warnings) },
                                                tight: item.tight)
            }
            return .definitionList(StyledBlock.DefinitionList(items: items))
        }
    }

    /// A table of contents in the theme's `toc` styles: the title's, and each entry's by its indent.
    private func style(_ contents: Block.Contents, warnings: inout [Warning]) -> StyledBlock.Contents {
        let entries = contents.entries.map { entry in
            StyledBlock.Contents.Entry(text: style(entry.text, base: theme.toc.entry(entry.indent).text, warnings: &warnings),
                                       indent: entry.indent, anchor: entry.anchor, page: entry.page)
        }
        return StyledBlock.Contents(title: contents.title.map { style($0, base: theme.toc.title.text, warnings: &warnings) }, entries: entries)
    }

    /// `table` with as many cells in the header and in every row.
    private func style(_ table: Block.Table, warnings: inout [Warning]) -> StyledTable {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
        func cells(_ row: [AttributedString], base: TextStyle) -> [StyledText] {
            (0..<columns).map { style($0 < row.count ? row[$0] : AttributedString(), base: base, warnings: &warnings) }
        }
        let header = table.header.isEmpty ? [] : cells(table.header, base: theme.table.header.text)
        let rows = table.rows.map { cells($0, base: theme.table.cell.text) }
        return StyledTable(alignments: table.alignments, header: header, rows: rows, spans: table.spans)
    }
}
