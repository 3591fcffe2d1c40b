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
}

/// How visible exclusion shapes are drawn.
struct ShapeSpec: Codable {
    var fill: Color?
    var stroke: Color?
    var strokeWidth: Double?
}

/// `{pattern: regex, style: {attributes}}`.
struct HighlightSpec: Codable {
    var pattern: String
    var style: InlineAttributes
}

/// Page size, margins, background, header and footer.
struct PageSpec: Codable {
    var size: String?
    var margin: Margins?
    var background: Color?
    var header: HeaderFooterSpec?
    var footer: HeaderFooterSpec?
}

/// Three templates (`{page}`, `{pages}`, `{title}`, `{author}`, `{date}`) and their style.
struct HeaderFooterSpec: Codable {
    var left: String?
    var center: String?
    var right: String?
    var style: StyleSpec?
    var firstPage: Bool?
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

/// List indentation and markers.
struct ListSpec: Codable {
    var indent: Double?
    var itemSpacing: Double?
    var markerColor: Color?
    var bullets: [String]?
}

/// Table cells, header row and grid.
struct TableSpec: Codable {
    var cell: StyleSpec?
    var header: StyleSpec?
    var borderColor: Color?
    var borderWidth: Double?
    var padding: Double?
    var stripe: Color?
}

/// A thematic break.
struct RuleSpec: Codable {
    var color: Color?
    var thickness: Double?
    var width: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?
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
