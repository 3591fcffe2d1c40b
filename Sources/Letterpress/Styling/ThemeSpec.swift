import Foundation

/// A theme as written in YAML: every field optional, merged over the theme it extends.
struct ThemeSpec: Codable {
    var description: String?
    var extends: String?
    var page: PageSpec?
    var body: StyleSpec?
    var heading: StyleSpec?
    var headings: [StyleSpec]?
    var code: StyleSpec?
    var inlineCode: StyleSpec?
    var quote: StyleSpec?
    var link: StyleSpec?
    var list: ListSpec?
    var table: TableSpec?
    var rule: RuleSpec?
    var footnotes: StyleSpec?
    var customStyles: [String: InlineAttributes]?
    var customColors: [String: InlineAttributes]?
    var highlights: [HighlightSpec]?
    var fonts: [String: FontList]?
    var badge: BadgeSpec?
    var shapes: ShapeSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, extends, page, body, heading, headings, code, inlineCode, quote, link, list, table, rule, footnotes
        case customStyles, customColors, highlights, fonts, badge, shapes
    }
}

/// The date badge's look.
struct BadgeSpec: Codable {
    var diameter: Double?
    var margin: Double?
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double?
    var color: Color?
    var font: FontList?
    var size: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case diameter, margin, fill, stroke, strokeWidth, color, font, size
    }
}

/// How visible exclusion shapes are drawn.
struct ShapeSpec: Codable {
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case fill, stroke, strokeWidth
    }
}

/// `{pattern: regex, style: {attributes}}`.
struct HighlightSpec: Codable {
    var pattern: String
    var style: InlineAttributes

    enum CodingKeys: String, CodingKey, CaseIterable {
        case pattern, style
    }
}

/// Page size, margins, background, header and footer.
struct PageSpec: Codable {
    var size: String?
    var margin: Margins?
    var background: Color?
    var header: HeaderFooterSpec?
    var footer: HeaderFooterSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case size, margin, background, header, footer
    }
}

/// Three templates (`{page}`, `{pages}`, `{title}`, `{author}`, `{date}`) and their style.
struct HeaderFooterSpec: Codable {
    var left: String?
    var center: String?
    var right: String?
    var style: StyleSpec?
    var firstPage: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case left, center, right, style, firstPage
    }
}

/// The look of an element; every field optional.
struct StyleSpec: Codable {
    var font: FontList?
    var size: Double?
    var weight: FontWeight?
    var italic: Bool?
    var color: Color?
    var background: Color?
    var underline: Bool?
    var tracking: Double?
    var lineHeight: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?
    var align: TextAlignment?
    var padding: Double?
    var indent: Double?
    var barColor: Color?
    var barWidth: Double?
    var borderColor: Color?
    var minSize: Double?
    var maxSize: Double?
}

extension StyleSpec {
    /// The keys an element's style may set, a row per property, with what each does to the
    /// resolved style: the theme schema and `ThemeResolver.apply` go by it.
    static let fields: [Field] = [
        Field("font", \.font) { font, style in
            if !font.families.isEmpty { style.text.fontFamilies = font.families }
        },
        Field("size", \.size) { size, style in
            if size > 0 { style.text.size = size }
        },
        Field("weight", \.weight) { $1.text.weight = $0 },
        Field("italic", \.italic) { $1.text.italic = $0 },
        Field("color", \.color) { $1.text.color = $0 },
        Field("background", \.background) { $1.background = $0 },
        Field("underline", \.underline) { $1.text.underline = $0 ? LineDecoration() : nil },
        Field("tracking", \.tracking) { $1.text.tracking = $0 },
        Field("lineHeight", \.lineHeight) { lineHeight, style in
            if lineHeight > 0 { style.lineHeight = lineHeight }
        },
        Field("spaceBefore", \.spaceBefore) { $1.spaceBefore = $0 },
        Field("spaceAfter", \.spaceAfter) { $1.spaceAfter = $0 },
        Field("align", \.align) { $1.align = $0 },
        Field("padding", \.padding) { $1.padding = $0 },
        Field("indent", \.indent) { $1.indent = $0 },
        Field("barColor", \.barColor) { $1.barColor = $0 },
        Field("barWidth", \.barWidth) { $1.barWidth = $0 },
        Field("borderColor", \.borderColor) { $1.borderColor = $0 },
        // These bound the size when a theme is scaled (`ThemeResolver.resolve`).
        Field("minSize", \.minSize),
        Field("maxSize", \.maxSize),
    ]

    /// One key of an element's style and what it does to the resolved style when set.
    struct Field {
        let name: String
        let apply: (StyleSpec, inout BlockStyle) -> Void

        /// `property` is a key path made a function, which reads the property directly (a key
        /// path kept as one is built when first used and read by the runtime).
        init<Value>(_ name: String, _ property: @escaping (StyleSpec) -> Value?,
                    _ effect: @escaping (Value, inout BlockStyle) -> Void = { _, _ in }) {
            self.name = name
            apply = { spec, style in
                if let value = property(spec) { effect(value, &style) }
            }
        }
    }
}

/// List indentation and markers.
struct ListSpec: Codable {
    var indent: Double?
    var itemSpacing: Double?
    var markerColor: Color?
    var bullets: [String]?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case indent, itemSpacing, markerColor, bullets
    }
}

/// Table cells, header row and grid.
struct TableSpec: Codable {
    var cell: StyleSpec?
    var header: StyleSpec?
    var borderColor: Color?
    var borderWidth: Double?
    var padding: Double?
    var stripe: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case cell, header, borderColor, borderWidth, padding, stripe
    }
}

/// A thematic break.
struct RuleSpec: Codable {
    var color: Color?
    var thickness: Double?
    var width: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case color, thickness, width, spaceBefore, spaceAfter
    }
}

/// A font family list, written as a YAML list or a comma-separated string.
struct FontList: Codable, Equatable {
    var families: [String]

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            families = list
        } else {
            families = try container.decode(String.self).split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        families = families.filter { !$0.isEmpty }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(families)
    }
}

/// Page margins in points: one number for all sides, or `[top, right, bottom, left]`,
/// `[vertical, horizontal]`; numbers may carry `mm`, `cm`, `in` or `pt`.
public struct Margins: Codable, Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Parses `72`, `20mm`, `1in 0.75in`, `20,15,20,15` and similar.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let values = parts.compactMap(Length.points(in:))
        guard values.count == parts.count, let margins = Margins(values: values) else { return nil }
        self = margins
    }

    init?(values: [Double]) {
        guard values.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 4: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let margins: Margins?
        if let number = try? container.decode(Double.self) {
            margins = Margins(values: [number])
        } else if let list = try? container.decode([String].self) {
            margins = Margins(values: list.compactMap(Length.points(in:))).flatMap { list.count == 1 || list.count == 2 || list.count == 4 ? $0 : nil }
        } else {
            margins = Margins(parsing: try container.decode(String.self))
        }
        guard let margins else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a margin is one length or a list of 2 or 4 lengths")
        }
        self = margins
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([top, right, bottom, left])
    }
}
