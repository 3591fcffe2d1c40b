import Foundation
import LetterpressCore
import LetterpressMarkup

/// A resolved theme: every element's look, with nothing left to look up.
public struct Theme: Sendable, Encodable {
    /// The theme's name: its file's name without the extension, or the shipped theme's.
    public var name: String
    /// The description the theme's own YAML gives (`description:`), not the one of the theme
    /// it extends; empty when it gives none.
    public var description: String
    package var page: PageStyle
    package var body: BlockStyle
    /// Heading levels 1 to 6.
    package var headings: [BlockStyle]
    package var code: BlockStyle
    /// The colours of code's tokens (`code.syntax`), its line numbers and marked lines.
    package var codeSyntax: CodeSyntaxStyle
    package var inlineCode: InlineStyle
    package var quote: BlockStyle
    package var link: InlineStyle
    package var list: ListStyle
    package var table: TableStyle
    package var rule: RuleStyle
    package var footnotes: BlockStyle
    /// At the end of the document, or at the foot of each note's page.
    package var footnotePlacement: FootnotePlacement = .end
    package var alerts: AlertStyle
    /// The table of contents.
    package var toc: ContentsStyle
    /// Definition lists' terms and indent.
    package var definitionList: DefinitionListStyle
    /// The title block the front matter's title makes.
    package var titleBlock: TitleBlockStyle
    /// Formulas.
    package var math: MathTheme
    package var diagram: DiagramTheme
    /// Styles usable as `^[…](customStyle: 'name')`, built-in ones included.
    public var customStyles: [String: InlineAttributes]
    /// Colour schemes usable as `^[…](customColor: 'name')`, built-in ones included.
    public var customColors: [String: InlineAttributes]
    /// Regular expressions whose matches get a style, as in the TextKit notepad.
    package var highlights: [HighlightRule]
    /// Font families for `fontDesign` and `monospaced`.
    public var designs: [FontDesign: [String]]
    /// The factor text sizes were scaled by (`--text-size`, `--scale`).
    public var textScale: Double
    package var badge: BadgeStyle
    package var shapes: ShapeStyle
    /// How the notes it styles are read, unless their front matter says: nil leaves it to the
    /// file's name (`notepad` reads them as plain text, as TextKit's notepad did).
    public var markup: NoteMarkup?
    /// The dialect of the Markdown notes it styles (`markup: obsidian`), unless their front
    /// matter or `--from` says; nil for `automatic`.
    public var dialect: MarkupDialect?

    /// The settings it was resolved from, kept so that ``Theme/with(_:)`` resolves a change as
    /// YAML would: held by reference, so that copying a theme copies no more than before.
    var settings = Settings.unset
    /// Warnings about its YAML: keys that mean nothing, or written with a former name. Loading
    /// a theme does not print them; `Renderer(theme: .theme(_:))` reports them with its first
    /// document.
    public var warnings: [Warning] = []

    /// What `render themes` prints: the resolved look, not where it came from (its spec and
    /// warnings). A new property is printed only once its key is here.
    private enum CodingKeys: String, CodingKey {
        case name, description, page, body, headings, code, codeSyntax, inlineCode, quote, link, list, table, rule, footnotes
        case footnotePlacement, alerts, toc, definitionList, titleBlock, math, diagram, customStyles, customColors, highlights
        case designs, textScale, badge, shapes, markup, dialect
    }

    /// A theme's spec, never changed once made.
    final class Settings: Sendable {
        let spec: ThemeSpec

        init(_ spec: ThemeSpec) {
            self.spec = spec
        }

        /// Until `ThemeLoader.resolve` sets the spec resolved.
        static let unset = Settings(ThemeSpec())
    }

    /// The style of heading `level`, clamped to 1…6.
    package func heading(_ level: Int) -> BlockStyle { headings[min(max(level, 1), 6) - 1] }
}

extension Theme {
    /// Every family list the theme gives, in its styles, custom styles and highlight rules.
    package var familyLists: [[String]] {
        var lists = [body, code, quote, footnotes, table.cell, table.header, toc.title, definitionList.term].map(\.text.fontFamilies)
            + (headings + toc.levels).map(\.text.fontFamilies)
        lists += [badge.fontFamilies, page.header?.style.fontFamilies, page.footer?.style.fontFamilies, inlineCode.fontFamilies]
            .compactMap { $0 }
        return lists + customStyles.values.compactMap(\.font) + highlights.compactMap(\.style.font)
    }
}

extension Theme {
    /// The theme `name` names: a shipped one (`default`, `menlo`, `night`, `important`,
    /// `times`, `report`, `notepad`) or one in the theme search path.
    ///
    /// - Parameter name: A theme's name, or the path of a theme file (one with a folder or a
    ///   `.yaml` or `.yml` extension).
    /// - Returns: The theme, resolved.
    /// - Throws: `LetterpressError.unknownTheme` with the names there are, or a theme file that
    ///   cannot be read, with its line and column.
    public static func named(_ name: String) throws -> Theme {
        try ThemeLoader().load(name)
    }

    /// The theme in the YAML file at `url`, over the theme its `extends` names.
    ///
    /// - Parameter url: The theme file.
    /// - Throws: `LetterpressError.unreadableInput` for a file that cannot be read,
    ///   `LetterpressError.invalidTheme` for a value the theme vocabulary cannot use, with its
    ///   line and column, or either for a theme it extends.
    public init(contentsOf url: URL) throws {
        self = try ThemeLoader().load(url.path)
    }
}
