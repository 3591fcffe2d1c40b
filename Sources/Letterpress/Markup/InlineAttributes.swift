import Foundation

/// The attributes `^[text](key: value, …)` can set: Apple's vocabulary, brought to paper.
/// Every key is optional; nested attributes merge with the inner value winning.
public struct InlineAttributes: Codable, Hashable, Sendable {
    public var customStyle: String?
    public var customColor: String?
    public var font: [String]?
    public var size: Double?
    public var fontWeight: FontWeight?
    public var fontDesign: FontDesign?
    public var fontWidth: FontWidth?
    public var italic: Bool?
    public var monospaced: Bool?
    public var monospacedDigit: Bool?
    public var foregroundColor: Color?
    public var backgroundColor: Color?
    public var underline: LineDecoration?
    public var strikethrough: LineDecoration?
    public var kerning: Double?
    public var tracking: Double?
    public var baselineOffset: Double?
    public var effect: TextEffect?
    public var textTransform: TextTransform?
    public var link: String?
    /// For an image: the side it floats to, with text around it.
    public var float: FloatSide?
    /// For an image: its width in points, or `'40%'` of the column.
    public var width: ImageWidth?
    /// Where the innermost `^[` that set these attributes starts, for warnings.
    public var location: SourceLocation?

    public init() {}

    /// The keys `^[…](…)` accepts, for messages and hints.
    public static let keys = [
        "customStyle", "customColor", "font", "size", "fontWeight", "fontDesign", "fontWidth", "italic",
        "monospaced", "monospacedDigit", "foregroundColor", "backgroundColor", "underline", "strikethrough",
        "kerning", "tracking", "baselineOffset", "effect", "textTransform", "link", "float", "width",
    ]

    /// These attributes with `outer`'s filling the keys these leave unset.
    public func merged(over outer: InlineAttributes) -> InlineAttributes {
        var result = self
        result.customStyle = customStyle ?? outer.customStyle
        result.customColor = customColor ?? outer.customColor
        result.font = font ?? outer.font
        result.size = size ?? outer.size
        result.fontWeight = fontWeight ?? outer.fontWeight
        result.fontDesign = fontDesign ?? outer.fontDesign
        result.fontWidth = fontWidth ?? outer.fontWidth
        result.italic = italic ?? outer.italic
        result.monospaced = monospaced ?? outer.monospaced
        result.monospacedDigit = monospacedDigit ?? outer.monospacedDigit
        result.foregroundColor = foregroundColor ?? outer.foregroundColor
        result.backgroundColor = backgroundColor ?? outer.backgroundColor
        result.underline = underline ?? outer.underline
        result.strikethrough = strikethrough ?? outer.strikethrough
        result.kerning = kerning ?? outer.kerning
        result.tracking = tracking ?? outer.tracking
        result.baselineOffset = baselineOffset ?? outer.baselineOffset
        result.effect = effect ?? outer.effect
        result.textTransform = textTransform ?? outer.textTransform
        result.link = link ?? outer.link
        result.float = float ?? outer.float
        result.width = width ?? outer.width
        result.location = location ?? outer.location
        return result
    }

    /// `key=value` pairs of the keys that are set, in vocabulary order, for dumps (`link` shows
    /// as the run's link).
    public var summary: [String] {
        var parts: [String] = []
        func add(_ key: String, _ value: Any?) {
            guard let value else { return }
            parts.append("\(key)=\(value)")
        }
        add("customStyle", customStyle)
        add("customColor", customColor)
        add("font", font?.joined(separator: ","))
        add("size", size.map(Self.format))
        add("fontWeight", fontWeight?.rawValue)
        add("fontDesign", fontDesign?.rawValue)
        add("fontWidth", fontWidth?.rawValue)
        add("italic", italic)
        add("monospaced", monospaced)
        add("monospacedDigit", monospacedDigit)
        add("foregroundColor", foregroundColor)
        add("backgroundColor", backgroundColor)
        add("underline", underline)
        add("strikethrough", strikethrough)
        add("kerning", kerning.map(Self.format))
        add("tracking", tracking.map(Self.format))
        add("baselineOffset", baselineOffset.map(Self.format))
        add("effect", effect?.rawValue)
        add("textTransform", textTransform?.rawValue)
        add("float", float?.rawValue)
        add("width", width.map { width -> String in
            switch width {
            case let .points(points): return Self.format(points)
            case let .fraction(fraction): return Self.format(fraction * 100) + "%"
            }
        })
        return parts
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Font weights by their CSS/Pango numeric values.
public enum FontWeight: String, Codable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The numeric weight Pango and CSS use (100…900).
    public var value: Int {
        switch self {
        case .thin: return 100
        case .ultraLight: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }
}

/// The design of a font family, as SwiftUI's `Font.Design`.
public enum FontDesign: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable {
    case `default`, serif, monospaced, rounded
}

/// The width of a font, as SwiftUI's `Font.Width`.
public enum FontWidth: String, Codable, Sendable, CaseIterable {
    case compressed, condensed, standard, expanded
}

/// Case changes applied when drawing, leaving the characters as written.
public enum TextTransform: String, Codable, Sendable, CaseIterable {
    case none, uppercase, lowercase, capitalize
}

/// Drawn text effects.
public enum TextEffect: String, Codable, Sendable, CaseIterable {
    /// Text pressed into the paper: a light edge below, a dark one above (TextKit's letterpress).
    case letterpress
}

/// The dash pattern of an underline or strikethrough.
public enum LinePattern: String, Codable, Sendable, CaseIterable {
    case solid, dot, dash, dashDot, dashDotDot
}

/// An underline or strikethrough: `true`, or `{pattern: dash, color: red}`.
public struct LineDecoration: Codable, Hashable, Sendable, CustomStringConvertible {
    public var pattern: LinePattern
    /// Nil draws in the text's colour.
    public var color: Color?

    public init(pattern: LinePattern = .solid, color: Color? = nil) {
        self.pattern = pattern
        self.color = color
    }

    private enum CodingKeys: String, CodingKey { case pattern, color }

    public init(from decoder: Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            guard flag else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "use true or leave the key out"))
            }
            self.init()
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(pattern: try container.decodeIfPresent(LinePattern.self, forKey: .pattern) ?? .solid,
                  color: try container.decodeIfPresent(Color.self, forKey: .color))
    }

    public var description: String {
        color.map { "\(pattern.rawValue) \($0)" } ?? pattern.rawValue
    }
}
