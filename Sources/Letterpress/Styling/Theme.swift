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

    /// The style of heading `level`, clamped to 1…6.
    public func heading(_ level: Int) -> BlockStyle { headings[min(max(level, 1), 6) - 1] }
}

/// A regular expression and the style its matches get.
public struct HighlightRule: Sendable, Encodable {
    public let pattern: String
    public var style: InlineAttributes
    /// `pattern`, compiled once when the theme is loaded; every document's styler matches
    /// with it (matching is safe from several threads).
    public let expression: NSRegularExpression

    /// A pattern that is not a regular expression, and its place among the theme's rules.
    public struct InvalidPattern: Error {
        public let index: Int
        public let pattern: String
    }

    init(pattern: String, style: InlineAttributes, index: Int) throws(InvalidPattern) {
        guard let expression = try? NSRegularExpression(pattern: pattern) else {
            throw InvalidPattern(index: index, pattern: pattern)
        }
        self.pattern = pattern
        self.style = style
        self.expression = expression
    }

    private enum CodingKeys: String, CodingKey {
        case pattern, style
    }
}

/// Page size, margins, background, header and footer.
public struct PageStyle: Sendable, Encodable {
    public var size: PageSize
    public var margins: Margins
    public var background: Color
    public var header: HeaderFooter?
    public var footer: HeaderFooter?
}

/// Running header or footer: three templates and their style.
public struct HeaderFooter: Sendable, Encodable {
    public var left: String
    public var center: String
    public var right: String
    public var style: TextStyle
    /// Whether it also appears on the first page.
    public var firstPage: Bool
}

/// The look of a block: its text and the space and decoration around it.
public struct BlockStyle: Sendable, Encodable {
    public var text: TextStyle
    /// Baseline-to-baseline distance as a multiple of the font's line height.
    public var lineHeight: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
    public var align: TextAlignment
    public var padding: Double
    public var indent: Double
    public var background: Color?
    public var barColor: Color
    public var barWidth: Double
    public var borderColor: Color
}

/// Changes an inline element makes to the text around it.
public struct InlineStyle: Sendable, Encodable {
    public var fontFamilies: [String]?
    /// Size relative to the surrounding text.
    public var scale: Double
    public var weight: FontWeight?
    public var italic: Bool?
    public var color: Color?
    public var background: Color?
    public var underline: Bool?
}

/// List indentation and markers.
public struct ListStyle: Sendable, Encodable {
    public var indent: Double
    public var itemSpacing: Double
    public var markerColor: Color
    /// Bullets by nesting depth, repeating.
    public var bullets: [String]
}

/// Table cells, header row and grid.
public struct TableStyle: Sendable, Encodable {
    public var cell: BlockStyle
    public var header: BlockStyle
    public var borderColor: Color
    public var borderWidth: Double
    public var padding: Double
    public var stripe: Color?
}

/// A thematic break.
public struct RuleStyle: Sendable, Encodable {
    public var color: Color
    public var thickness: Double
    /// Share of the column width, 0…1.
    public var width: Double
    public var spaceBefore: Double
    public var spaceAfter: Double
}

/// A page size in points.
public struct PageSize: Sendable, Equatable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let a4 = PageSize(width: 595.276, height: 841.89)
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    public static let letter = PageSize(width: 612, height: 792)
    public static let legal = PageSize(width: 612, height: 1008)

    /// Parses `a4`, `a5`, `letter`, `legal` or `WIDTHxHEIGHT` (points, or with mm/cm/in).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "a4": self = .a4
        case "a5": self = .a5
        case "letter": self = .letter
        case "legal": self = .legal
        default:
            let parts = text.lowercased().split(separator: "x", maxSplits: 1).map(String.init)
            guard parts.count == 2, let width = Length.points(in: parts[0]), let height = Length.points(in: parts[1]),
                  (36...14400).contains(width), (36...14400).contains(height)
            else { return nil }
            self.init(width: width, height: height)
        }
    }
}

/// The date badge: a circle with the note's date, and the space text keeps from it.
public struct BadgeStyle: Sendable, Encodable {
    public var diameter: Double
    public var margin: Double
    public var fill: Color
    public var stroke: Color?
    public var strokeWidth: Double
    public var color: Color
    public var fontFamilies: [String]
    /// The day's size; month and year are set smaller.
    public var size: Double
}

/// How visible exclusion shapes are drawn.
public struct ShapeStyle: Sendable, Encodable {
    public var fill: Color?
    public var stroke: Color?
    public var strokeWidth: Double
}
