import Foundation
import LetterpressCore
import LetterpressMarkup

/// A theme as written in YAML: every field optional, merged over the theme it extends.
struct ThemeSpec: Codable {
    var description: String?
    var extends: String?
    var page: PageSpec?
    var body: StyleSpec?
    var heading: StyleSpec?
    var headings: [StyleSpec]?
    var code: CodeSpec?
    var inlineCode: InlineStyleSpec?
    var quote: StyleSpec?
    var link: InlineStyleSpec?
    var list: ListSpec?
    var table: TableSpec?
    var rule: RuleSpec?
    var footnotes: FootnotesSpec?
    var alerts: AlertSpec?
    var toc: ContentsSpec?
    var definitionList: DefinitionListSpec?
    var titleBlock: TitleBlockSpec?
    var math: MathSpec?
    var diagram: DiagramSpec?
    var customStyles: [String: InlineAttributes]?
    var customColors: [String: InlineAttributes]?
    var highlights: [HighlightSpec]?
    var fonts: [String: FontList]?
    var badge: BadgeSpec?
    var shapes: ShapeSpec?
    var markup: MarkupChoice?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, extends, page, body, heading, headings, code, inlineCode, quote, link, list, table, rule, footnotes, alerts, toc, math
        case definitionList, titleBlock, diagram
        case customStyles, customColors, highlights, fonts, badge, shapes, markup
    }
}
