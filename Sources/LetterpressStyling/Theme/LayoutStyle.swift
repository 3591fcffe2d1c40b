import LetterpressCore
import LetterpressMarkup

/// The block-level part of a theme, as styling resolved it for one document: the page, the
/// spacing, indents and decorations of every block kind, the badge and shapes. It travels with
/// the styled blocks (`StyledDocument.layout`, `StyledBlockStream.layout`), so layout reads the
/// same theme the text was styled with and never a theme of its own.
package struct LayoutStyle: Sendable {
    /// The theme's name, which messages about its fonts give.
    package var themeName: String
    package var page: PageStyle
    package var body: BlockStyle
    /// Heading levels 1 to 6.
    package var headings: [BlockStyle]
    package var code: BlockStyle
    package var quote: BlockStyle
    package var list: ListStyle
    package var definitionList: DefinitionListStyle
    /// The front matter's title block.
    package var titleBlock: TitleBlockStyle
    package var table: TableStyle
    package var rule: RuleStyle
    package var footnotes: BlockStyle
    package var footnotePlacement: FootnotePlacement
    package var alerts: AlertStyle
    package var toc: ContentsStyle
    package var math: MathTheme
    package var badge: BadgeStyle
    package var shapes: ShapeStyle
    /// The factor text sizes were scaled by, which list indents follow.
    package var textScale: Double
    /// The families of code spans, which a table keeps whole while it fits its columns.
    package var inlineCodeFamilies: [String]?
    /// The first family of each of the theme's family lists: layout checks these are
    /// installed once, and warns about the families runs name beyond them.
    package var themeFamilies: Set<String>

    /// The style of heading `level`, clamped to 1…6.
    package func heading(_ level: Int) -> BlockStyle { headings[min(max(level, 1), 6) - 1] }
}

extension Theme {
    /// What layout needs of this theme.
    package var layout: LayoutStyle {
        LayoutStyle(themeName: name, page: page, body: body, headings: headings, code: code, quote: quote, list: list,
                    definitionList: definitionList, titleBlock: titleBlock, table: table,
                    rule: rule, footnotes: footnotes, footnotePlacement: footnotePlacement, alerts: alerts, toc: toc, math: math,
                    badge: badge, shapes: shapes, textScale: textScale, inlineCodeFamilies: inlineCode.fontFamilies,
                    themeFamilies: Set(familyLists.compactMap(\.first)))
    }
}
