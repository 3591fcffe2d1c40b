import Foundation
import LetterpressCore

/// What each HTML element means on paper: the tags GitHub's sanitizer lets through, with the
/// meaning GitHub's stylesheet gives them. An element not named here is dropped and its text
/// kept.
enum HTMLVocabulary {
    /// Elements that never have content: the parser ends them where they start.
    static func isVoid(_ name: String) -> Bool { voidElements.contains(name) }

    /// Elements whose content is not text for the reader: dropped with it.
    static func isDropped(_ name: String) -> Bool { droppedElements.contains(name) }

    /// Elements that hold blocks, and stay open around Markdown written inside them; any other
    /// (a paragraph, a text-level element) ends where a Markdown block starts.
    static func holdsBlocks(_ name: String) -> Bool { containers.contains(name) }

    /// Elements that end the paragraph they stand in and lay out their content as blocks.
    static func isBlock(_ name: String) -> Bool { blockElements.contains(name) || containers.contains(name) }

    /// What a text-level element does to the text inside it; nil for one that does nothing
    /// (`span`, `abbr`) or is not text-level.
    static func format(of element: HTMLElement) -> HTMLInlineFormat? {
        var format = HTMLInlineFormat()
        switch element.name {
        case "b", "strong": format.intent = .strong
        case "i", "em", "cite", "var", "dfn": format.intent = .emphasized
        case "code", "tt", "samp": format.intent = .code
        case "kbd": format.intent = .keyboard
        case "s", "del", "strike": format.intent = .strikethrough
        case "u", "ins": format.intent = .underlined
        case "mark": format.intent = .marked
        case "small": format.intent = .small
        case "sup": format.intent = .superscript
        case "sub": format.intent = .subscript
        case "a":
            if let href = element.attribute("href"), !href.isEmpty { format.link = href }
        case "font":
            format.color = element.attribute("color").flatMap(Color.init(parsing:))
        default:
            break
        }
        if let color = cssProperty("color", of: element).flatMap(Color.init(parsing:)) { format.color = color }
        // A block's language is given to its text where the block is made.
        if !isBlock(element.name) { format.language = language(of: element) }
        return format.isEmpty ? nil : format
    }

    /// An element's `lang`; nil when it has none or it is not a language tag.
    static func language(of element: HTMLElement) -> LanguageTag? {
        element.attribute("lang").flatMap(LanguageTag.init(parsing:))
    }

    /// The anchor an element names, which `#name` links go to: its `id`, or an `a`'s `name`.
    static func anchor(name: String, attributes: [String: String]) -> String? {
        let anchor = (attributes["id"] ?? (name == "a" ? attributes["name"] : nil))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return anchor?.isEmpty == false ? anchor : nil
    }

    /// The alignment an element asks for its content: `align="center"`, `<center>`, or
    /// `style="text-align: center"`.
    static func alignment(of element: HTMLElement) -> ColumnAlignment? {
        if element.name == "center" { return .center }
        let value = (cssProperty("text-align", of: element) ?? element.attribute("align"))?.lowercased()
        switch value {
        case "left", "start": return .left
        case "center", "middle": return .center
        case "right", "end": return .right
        case "justify": return .left
        default: return nil
        }
    }

    /// An element's `dir`; nil for `auto` or none, which leave the direction to the text.
    static func direction(of element: HTMLElement) -> TextDirection? {
        element.attribute("dir").flatMap { TextDirection(rawValue: $0.lowercased()) }
    }

    /// One property of an element's `style` attribute, the only CSS read: `color`,
    /// `text-align`, and an image's `width` and `height`.
    static func cssProperty(_ property: String, of element: HTMLElement) -> String? {
        guard let style = element.attributes["style"] else { return nil }
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == property else { continue }
            return parts[1].replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    /// An HTML or CSS length as points: pixels are CSS pixels (0.75 pt), a bare number is
    /// pixels as in `width="200"`, a percentage is of the column. As in a browser, the number
    /// at the start counts and what follows it is read only as its unit (`100px;` is 100 pixels).
    static func length(_ text: String?) -> ImageWidth? {
        guard let text = text?.trimmingCharacters(in: .whitespaces).lowercased(), !text.isEmpty else { return nil }
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ";"))
        guard let value = Double(number), value.isFinite else { return nil }
        switch unit {
        case "%": return ImageWidth(parsing: "\(number)%")
        case "", "px": return ImageWidth(parsing: String(value * 0.75))
        default: return ImageWidth(parsing: "\(number)\(unit)")
        }
    }

    private static let voidElements: Set = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    private static let droppedElements: Set = [
        "script", "style", "template", "head", "title", "noscript", "svg", "math", "iframe", "object", "textarea", "select",
    ]
    private static let containers: Set = [
        "div", "center", "details", "section", "article", "aside", "header", "footer", "main", "nav", "figure",
        "blockquote", "ul", "ol", "li", "dl", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "html", "body",
        "form", "fieldset", "picture",
        // Docusaurus' MDX components, which `HTMLConverter` sets as call-outs.
        "admonition", "tabs", "tabitem",
    ]
    private static let blockElements: Set = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "pre", "summary", "figcaption", "dt", "address", "caption", "legend",
    ]
}

/// What text-level HTML elements do to their text, as Markdown intents, a link, a colour and a
/// language.
struct HTMLInlineFormat: Equatable {
    var intent: InlineIntent = []
    var link: String?
    var color: Color?
    var language: LanguageTag?

    var isEmpty: Bool { intent.isEmpty && link == nil && color == nil && language == nil }

    /// This format inside `outer`: intents add up, the inner link, colour and language win.
    func inside(_ outer: HTMLInlineFormat) -> HTMLInlineFormat {
        HTMLInlineFormat(intent: intent.union(outer.intent), link: link ?? outer.link, color: color ?? outer.color,
                         language: language ?? outer.language)
    }

    /// The attributes the colour and language set, for a run's `^[…](…)` attributes.
    var attributes: InlineAttributes? {
        guard color != nil || language != nil else { return nil }
        var attributes = InlineAttributes()
        attributes.foregroundColor = color
        attributes.lang = language
        return attributes
    }
}
