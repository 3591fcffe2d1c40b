import Foundation
import LetterpressCore
import LetterpressMarkup

/// A theme's settings as its YAML writes them, each property named as its key (see the
/// repository's `docs/themes.md`): every one optional, and what a theme leaves out comes from
/// the theme it extends, else from the shipped `default` theme, else (for what follows the body
/// text: heading sizes, the code's colour) from its own body.
///
/// Change a theme in code with ``Theme/with(_:)``, or resolve a spec written from scratch with
/// ``Theme/init(spec:name:)``; either checks the numbers' ranges as a theme file's are checked.
public struct ThemeSpec: Codable, Sendable {
    /// The line `render themes` shows for the theme.
    public var description: String?
    /// The theme this one is laid over: a name, or a path relative to the theme's file. Read
    /// from YAML only: a spec changed or built in code extends none (change the theme it would
    /// extend with ``Theme/with(_:)`` instead).
    public var extends: String?
    /// The page's size, margins, background, header and footer.
    public var page: PageSpec?
    /// The body text, which headings, code, footnotes and tables follow.
    public var body: StyleSpec?
    /// What every heading level shares, over the body's look.
    public var heading: StyleSpec?
    /// Heading levels 1 to 6, each over ``ThemeSpec/heading``.
    public var headings: [StyleSpec]?
    /// Code blocks: their style, and the colours of their tokens and line numbers.
    public var code: CodeSpec?
    /// Code in a line of text, relative to the text around it.
    public var inlineCode: InlineStyleSpec?
    /// Block quotes, over the body's look.
    public var quote: StyleSpec?
    /// Links, relative to the text around them.
    public var link: InlineStyleSpec?
    /// Lists' indent, spacing and markers.
    public var list: ListSpec?
    /// Tables' cells, header row and grid.
    public var table: TableSpec?
    /// Thematic breaks.
    public var rule: RuleSpec?
    /// The footnotes' look, and where they go.
    public var footnotes: FootnotesSpec?
    /// Call-outs (`> [!NOTE]`): their block, title and each kind's colour.
    public var alerts: AlertSpec?
    /// The table of contents.
    public var toc: ContentsSpec?
    /// Definition lists' terms and indent.
    public var definitionList: DefinitionListSpec?
    /// The title block the front matter's title, subtitle, author and date make.
    public var titleBlock: TitleBlockSpec?
    /// Formulas.
    public var math: MathSpec?
    /// Diagrams (Mermaid, Graphviz).
    public var diagram: DiagramSpec?
    /// Styles `^[…](customStyle: 'name')` names, over the built-in `boldcaps` and `smallitalics`.
    public var customStyles: [String: InlineAttributes]?
    /// Colour schemes `^[…](customColor: 'name')` names, over the built-in `danger` and `highlight`.
    public var customColors: [String: InlineAttributes]?
    /// Regular expressions whose matches in the displayed text get a style.
    public var highlights: [HighlightSpec]?
    /// Font families for `fontDesign` (`serif`, `monospaced`, `rounded`, `default`), by design.
    public var fonts: [String: FontList]?
    /// The date badge.
    public var badge: BadgeSpec?
    /// Drawn exclusion shapes.
    public var shapes: ShapeSpec?
    /// How the notes it styles are read (`plain`, `markdown`, a dialect), unless they say.
    public var markup: MarkupChoice?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, extends, page, body, heading, headings, code, inlineCode, quote, link, list, table, rule, footnotes, alerts, toc, math
        case definitionList, titleBlock, diagram
        case customStyles, customColors, highlights, fonts, badge, shapes, markup
    }

    /// A spec that sets nothing: resolved, it takes everything from the `default` theme but its
    /// header, footer and code colours, which a theme written from scratch has none of.
    public init() {}
}
