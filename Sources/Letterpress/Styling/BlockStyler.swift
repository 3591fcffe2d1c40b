import Foundation

/// Styles blocks with a `Styler`: paragraphs over `paragraph` (the quote's style inside a
/// quote), headings and table cells over their own styles.
struct BlockStyler: BlockVisitor {
    let styler: Styler
    var paragraph: TextStyle
    private(set) var warnings: [Warning] = []

    init(styler: Styler, paragraph: TextStyle) {
        self.styler = styler
        self.paragraph = paragraph
    }

    mutating func visitHeading(level: Int, text: AttributedString) -> StyledBlock {
        .heading(level: level, text: styler.style(text, base: styler.theme.heading(level).text, warnings: &warnings))
    }

    mutating func visitParagraph(_ text: AttributedString) -> StyledBlock {
        .paragraph(styler.style(text, base: paragraph, warnings: &warnings))
    }

    mutating func visitList(_ list: Block.List) -> StyledBlock {
        let items = list.items.map { StyledList.Item(task: $0.task, blocks: $0.blocks.map { visit($0) }) }
        return .list(StyledList(ordered: list.ordered, start: list.start, tight: list.tight, items: items))
    }

    mutating func visitBlockQuote(_ blocks: [Block]) -> StyledBlock {
        let outer = paragraph
        paragraph = styler.theme.quote.text
        defer { paragraph = outer }
        return .blockQuote(blocks.map { visit($0) })
    }

    mutating func visitCode(language: String?, text: String) -> StyledBlock {
        .code(language: language, text: text)
    }

    mutating func visitThematicBreak() -> StyledBlock {
        .thematicBreak
    }

    /// The table with as many cells in the header and in every row.
    mutating func visitTable(_ table: Block.Table) -> StyledBlock {
        let columns = max(table.header.count, table.rows.map(\.count).max() ?? 0)
        func cells(_ row: [AttributedString], base: TextStyle) -> [StyledText] {
            (0..<columns).map { styler.style($0 < row.count ? row[$0] : AttributedString(), base: base, warnings: &warnings) }
        }
        let header = cells(table.header, base: styler.theme.table.header.text)
        let rows = table.rows.map { cells($0, base: styler.theme.table.cell.text) }
        return .table(StyledTable(alignments: table.alignments, header: header, rows: rows))
    }

    mutating func visitImage(_ image: ImageReference) -> StyledBlock {
        .image(image)
    }

    mutating func visitPageBreak() -> StyledBlock {
        .pageBreak
    }
}
