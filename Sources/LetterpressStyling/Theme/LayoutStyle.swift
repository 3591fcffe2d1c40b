import LetterpressCore
import LetterpressMarkup

/// The block-level part of a theme, as styling resolved it for one document: the page, the
/// spacing, indents and decorations of every block kind, the badge and shapes. It travels with
/// the styled blocks (`StyledDocument.layout`, `StyledBlockStream.layout`), so layout reads the
/// same theme the text was styled with and never a theme of its own.
///
/// A class, though immutable: it holds some 13 KB of styles, and layout recurses once per level
/// of nested lists and quotes, passing it along; as a struct, every copy took stack space, and
/// unoptimized builds overflowed a thread's 8 MB stack at 24 levels.
package final class LayoutStyle: Sendable {
    /// The theme's name, which messages about its fonts give.
    package let themeName: String
    package let page: PageStyle
    package let body: BlockStyle
    /// Heading levels 1 to 6.
    package let headings: [BlockStyle]
    package let code: BlockStyle
    package let quote: BlockStyle
    package let list: ListStyle
    package let definitionList: DefinitionListStyle
    /// The front matter's title block.
    package let titleBlock: TitleBlockStyle
    package let table: TableStyle
    package let rule: RuleStyle
    package let footnotes: BlockStyle
    package let footnotePlacement: FootnotePlacement
    package let alerts: AlertStyle
    package let toc: ContentsStyle
    package let math: MathTheme
    package let diagram: DiagramTheme
    package let badge: BadgeStyle
    package let shapes: ShapeStyle
    /// The factor text sizes were scaled by, which list indents follow.
    package let textScale: Double
    /// The families of code spans, which a table keeps whole while it fits its columns.
    package let inlineCodeFamilies: [String]?
    /// The first family of each of the theme's family lists: layout checks these are
    /// installed once, and warns about the families runs name beyond them.
    package let themeFamilies: Set<String>

    package init(themeName: String, page: PageStyle, body: BlockStyle, headings: [BlockStyle], code: BlockStyle,
                 quote: BlockStyle, list: ListStyle, definitionList: DefinitionListStyle, titleBlock: TitleBlockStyle,
                 table: TableStyle, rule: RuleStyle, footnotes: BlockStyle, footnotePlacement: FootnotePlacement,
                 alerts: AlertStyle, toc: ContentsStyle, math: MathTheme, diagram: DiagramTheme, badge: BadgeStyle, shapes: ShapeStyle,
                 textScale: Double, inlineCodeFamilies: [String]?, themeFamilies: Set<String>) {
        self.themeName = themeName
        self.page = page
        self.body = body
        self.headings = headings
        self.code = code
        self.quote = quote
        self.list = list
        self.definitionList = definitionList
        self.titleBlock = titleBlock
        self.table = table
        self.rule = rule
        self.footnotes = footnotes
        self.footnotePlacement = footnotePlacement
        self.alerts = alerts
        self.toc = toc
        self.math = math
        self.diagram = diagram
        self.badge = badge
        self.shapes = shapes
        self.textScale = textScale
        self.inlineCodeFamilies = inlineCodeFamilies
        self.themeFamilies = themeFamilies
    }

    /// The style of heading `level`, clamped to 1…6.
    package func heading(_ level: Int) -> BlockStyle { headings[min(max(level, 1), 6) - 1] }
}

extension Theme {
    /// What layout needs of this theme.
    package var layout: LayoutStyle {
        LayoutStyle(themeName: name, page: page, body: body, headings: headings, code: code, quote: quote, list: list,
                    definitionList: definitionList, titleBlock: titleBlock, table: table,
                    rule: rule, footnotes: footnotes, footnotePlacement: footnotePlacement, alerts: alerts, toc: toc, math: math, diagram: diagram,
                    badge: badge, shapes: shapes, textScale: textScale, inlineCodeFamilies: inlineCode.fontFamilies,
                    themeFamilies: Set(familyLists.compactMap(\.first)))
    }
}
