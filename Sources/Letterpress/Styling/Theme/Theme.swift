import Foundation

/// A resolved theme: every element's look, with nothing left to look up.
public struct Theme: Sendable, Encodable {
    public var name: String
    public var description: String
    public var page: PageStyle
    public var body: BlockStyle
    /// Heading levels 1 to 6.
    public var headings: [BlockStyle]
    public var code: BlockStyle
    public var inlineCode: InlineStyle
    public var quote: BlockStyle
    public var link: InlineStyle
    public var list: ListStyle
    public var table: TableStyle
    public var rule: RuleStyle
    public var footnotes: BlockStyle
    public var alerts: AlertStyle
    /// Styles usable as `^[…](customStyle: 'name')`, built-in ones included.
    public var customStyles: [String: InlineAttributes]
    /// Colour schemes usable as `^[…](customColor: 'name')`, built-in ones included.
    public var customColors: [String: InlineAttributes]
    /// Regular expressions whose matches get a style, as in the TextKit notepad.
    public var highlights: [HighlightRule]
    /// Font families for `fontDesign` and `monospaced`.
    public var designs: [FontDesign: [String]]
    /// The factor text sizes were scaled by (`--text-size`, `--scale`).
    public var textScale: Double
    public var badge: BadgeStyle
    public var shapes: ShapeStyle
    /// How the notes it styles are read, unless their front matter says: nil leaves it to the
    /// file's name (`notepad` reads them as plain text, as TextKit's notepad did).
    public var markup: NoteMarkup?

    /// The style of heading `level`, clamped to 1…6.
    public func heading(_ level: Int) -> BlockStyle { headings[min(max(level, 1), 6) - 1] }
}

extension Theme {
    /// Every family list the theme gives, in its styles, custom styles and highlight rules.
    var familyLists: [[String]] {
        var lists = [body, code, quote, footnotes, table.cell, table.header].map(\.text.fontFamilies) + headings.map(\.text.fontFamilies)
        lists += [badge.fontFamilies, page.header?.style.fontFamilies, page.footer?.style.fontFamilies, inlineCode.fontFamilies]
            .compactMap { $0 }
        return lists + customStyles.values.compactMap(\.font) + highlights.compactMap(\.style.font)
    }
}
