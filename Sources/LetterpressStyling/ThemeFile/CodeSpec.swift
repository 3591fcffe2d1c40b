import Foundation
import LetterpressCore
import LetterpressMarkup

/// The code block as a theme writes it: an element's style (font, size, colour, background,
/// padding…), and the colours of its tokens and line numbers.
public struct CodeSpec: Codable, Sendable {
    /// The block's look, its keys beside the others in the YAML (`code: {size: 9, syntax: …}`).
    public var style: StyleSpec
    /// A look for each token class by name (`keyword`, `type`, `function`, `variable`,
    /// `string`, `number`, `constant`, `comment`, `operator`, `attribute`, `preprocessor`,
    /// `inserted`, `deleted`); a class it leaves out keeps the code's colour.
    public var syntax: [String: TokenStyle]?
    /// Number every block's lines, as `{linenos}` after a fence's language numbers one.
    public var lineNumbers: Bool?
    /// The line numbers' colour; a tint of the code's colour unless given.
    public var lineNumberColor: Color?
    /// The band behind the lines `hl_lines` marks; a tint of the code's colour unless given.
    public var lineHighlight: Color?

    /// The keys beside the element's style; `ThemeSchema` lists both.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case syntax, lineNumbers, lineNumberColor, lineHighlight
    }

    /// A code block that sets nothing.
    public init() {
        style = StyleSpec()
    }

    /// Reads the style's keys and the code's own from one mapping.
    public init(from decoder: any Decoder) throws {
        style = try StyleSpec(from: decoder)
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        syntax = try fields.decodeIfPresent([String: TokenStyle].self, forKey: .syntax)
        lineNumbers = try fields.decodeIfPresent(Bool.self, forKey: .lineNumbers)
        lineNumberColor = try fields.decodeIfPresent(Color.self, forKey: .lineNumberColor)
        lineHighlight = try fields.decodeIfPresent(Color.self, forKey: .lineHighlight)
    }

    /// Writes the style's keys and the code's own into one mapping.
    public func encode(to encoder: any Encoder) throws {
        try style.encode(to: encoder)
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(syntax, forKey: .syntax)
        try fields.encodeIfPresent(lineNumbers, forKey: .lineNumbers)
        try fields.encodeIfPresent(lineNumberColor, forKey: .lineNumberColor)
        try fields.encodeIfPresent(lineHighlight, forKey: .lineHighlight)
    }
}

/// The look of one class of token: a colour alone (`keyword: "#cf222e"`), or a mapping
/// `{foregroundColor, backgroundColor, fontWeight, italic}`.
public struct TokenStyle: Codable, Sendable, Equatable {
    /// Its colour (`foregroundColor`).
    public var color: Color?
    /// The band behind it (`backgroundColor`); a diff's lines spread it over the block.
    public var background: Color?
    /// Its weight (`fontWeight`).
    public var weight: FontWeight?
    /// `true` for italic, `false` for upright.
    public var italic: Bool?

    /// Named as `StyleSpec`'s keys, which the properties' names (`TextStyle`'s, which they set)
    /// are not.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case color = "foregroundColor", background = "backgroundColor", weight = "fontWeight", italic
    }

    /// A token's look; what is nil keeps the code's.
    public init(color: Color? = nil, background: Color? = nil, weight: FontWeight? = nil, italic: Bool? = nil) {
        self.color = color
        self.background = background
        self.weight = weight
        self.italic = italic
    }

    /// Reads a colour alone, or a mapping.
    public init(from decoder: any Decoder) throws {
        if let color = try? decoder.singleValueContainer().decode(Color.self) {
            self.init(color: color)
            return
        }
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        self.init(color: try fields.decodeIfPresent(Color.self, forKey: .color),
                  background: try fields.decodeIfPresent(Color.self, forKey: .background),
                  weight: try fields.decodeIfPresent(FontWeight.self, forKey: .weight),
                  italic: try fields.decodeIfPresent(Bool.self, forKey: .italic))
    }

    /// `style` with this token's look over it.
    func applied(to style: TextStyle) -> TextStyle {
        var style = style
        if let color { style.color = color }
        if let background { style.background = background }
        if let weight { style.weight = weight }
        if let italic { style.italic = italic }
        return style
    }
}
