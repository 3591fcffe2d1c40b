import Foundation
import LetterpressCore

/// The attributes `^[text](key: value, …)` can set: Apple's vocabulary, brought to paper.
/// Every key is optional; nested attributes merge with the inner value winning.
public struct InlineAttributes: Codable, Hashable, Sendable {
    /// The name of one of the theme's custom styles, applied before the other keys.
    public var customStyle: String?
    /// The name of one of the theme's custom colour schemes, applied after the custom style
    /// and before the other keys.
    public var customColor: String?
    /// Font families, first choice first, the surrounding ones kept as fallbacks; a single
    /// `FontTextStyle` name (`['title']`) is that text style instead.
    public var font: [String]?
    /// The size in points, multiplied by the theme's text scale; clamped to 1…400.
    public var size: Double?
    /// The smallest size a `size` or `textStyle` inside may set, in points: with `maxSize`, a
    /// custom style's bounds, as StyledTextKit's minimum and maximum sizes.
    public var minSize: Double?
    /// The largest size a `size` or `textStyle` inside may set, in points (see `minSize`).
    public var maxSize: Double?
    /// A named size (and weight) relative to the theme's body text.
    public var textStyle: FontTextStyle?
    /// The weight of the font.
    public var fontWeight: FontWeight?
    /// The design, set with the families the theme gives it (`designs`).
    public var fontDesign: FontDesign?
    /// The width of the font: condensed, expanded….
    public var fontWidth: FontWidth?
    /// True for italic text, false for upright.
    public var italic: Bool?
    /// True sets the text in the theme's monospaced families; false changes nothing.
    public var monospaced: Bool?
    /// True makes every digit one width (OpenType `tnum`), for columns of figures; false
    /// changes nothing.
    public var monospacedDigit: Bool?
    /// Every letter as a small capital.
    public var smallCaps: Bool?
    /// Lower-case letters as small capitals, capitals as they are.
    public var lowercaseSmallCaps: Bool?
    /// The colour of the text.
    public var foregroundColor: Color?
    /// The colour behind the text.
    public var backgroundColor: Color?
    /// A line under the text.
    public var underline: LineDecoration?
    /// A line through the text.
    public var strikethrough: LineDecoration?
    /// Points added to the space between letters around it, as SwiftUI's `kerning(_:)`; the
    /// result is clamped to -50…200.
    public var kerning: Double?
    /// The space added between letters, in points, in place of the one around it; clamped
    /// to -50…200.
    public var tracking: Double?
    /// How far the text is raised, in points (negative lowers it); clamped to -200…200.
    public var baselineOffset: Double?
    /// A drawing effect, such as the letterpress look.
    public var effect: TextEffect?
    /// A change of case made when drawing; the text keeps its characters.
    public var textTransform: TextTransform?
    /// The most lines the paragraph the text is in may take.
    public var lineLimit: Int?
    /// Where a paragraph cut short by `lineLimit` loses its text.
    public var truncation: Truncation?
    /// How far (0.01…1) the paragraph or heading the text starts may shrink its text to fit its
    /// `lineLimit` lines (one when it has none) before breaking or truncating, as SwiftUI's
    /// `minimumScaleFactor(_:)`.
    public var minimumScaleFactor: Double?
    /// Whether the paragraph or heading the text starts may draw its letters closer to fit its
    /// `lineLimit` lines (one when it has none), before it shrinks or breaks, as SwiftUI's
    /// `allowsTightening(_:)`.
    public var allowsTightening: Bool?
    /// The language of the text, for its fonts and line breaks.
    public var lang: LanguageTag?
    /// A key of the string tables: the text is its translation for the note's locale (Markup
    /// puts it in; the bracketed text is the source text). Empty (`localized: true`): the key
    /// is the bracketed text as written, each value in it a specifier, as Apple derives it.
    public var localized: String?
    /// The locale (`de`, `fr_CA`) that formats the values inside and translates its phrases.
    public var locale: String?
    /// Where the text links to, as a Markdown link's destination; `#name` goes to an anchor.
    public var link: String?
    /// For an image: the side it floats to, with text around it.
    public var float: FloatSide?
    /// For an image: its width in points, or `'40%'` of the column; for the paragraph or heading
    /// whose text starts with it, the width its lines are set in, as SwiftUI's `frame(width:)`.
    public var width: ImageWidth?
    /// The base direction of the paragraph, heading or table cell whose text starts with it.
    public var direction: TextDirection?
    /// Where the innermost `^[` that set these attributes starts, for warnings.
    public var location: SourceLocation?

    /// Attributes with no key set.
    public init() {}

    /// Attributes set in code, as `^[text](key: value, …)` sets them in a note: each parameter
    /// is the key of its name, nil leaving it unset. They come in the vocabulary's order but
    /// for the theme's named styles, last, so that a call reads as a body usually does,
    /// `.init(fontWeight: .bold, customColor: .danger)`; named styles still apply first.
    ///
    /// - Parameters:
    ///   - font: Font families, first choice first; one `FontTextStyle` name is that text style.
    ///   - size: The size in points.
    ///   - minSize: The smallest size a `size` or `textStyle` inside may set, in points.
    ///   - maxSize: The largest size a `size` or `textStyle` inside may set, in points.
    ///   - textStyle: A named size and weight relative to the body text.
    ///   - fontWeight: The weight.
    ///   - fontDesign: The design (serif, rounded, monospaced), through the theme's families.
    ///   - fontWidth: The width (condensed, expanded).
    ///   - italic: Whether the text is italic.
    ///   - monospaced: Whether the text is set in the theme's monospaced families.
    ///   - monospacedDigit: Whether digits are all one width.
    ///   - smallCaps: Every letter as a small capital.
    ///   - lowercaseSmallCaps: Lower-case letters as small capitals.
    ///   - foregroundColor: The colour of the text.
    ///   - backgroundColor: The colour behind the text.
    ///   - underline: The underline's pattern and colour.
    ///   - strikethrough: The strikethrough's pattern and colour.
    ///   - kerning: Points added to the font's own kerning, as SwiftUI's `kerning(_:)`.
    ///   - tracking: The space between letters, in points.
    ///   - baselineOffset: How far the text is raised, in points.
    ///   - effect: A drawing effect such as the letterpress look.
    ///   - textTransform: Upper- or lower-case the text.
    ///   - lineLimit: The most lines the paragraph may take.
    ///   - truncation: Where a paragraph cut short by `lineLimit` loses its text.
    ///   - minimumScaleFactor: How far the paragraph may shrink its text to fit its lines.
    ///   - allowsTightening: Whether the paragraph may draw its letters closer to fit its lines.
    ///   - lang: The language of the text.
    ///   - localized: A key of the string tables (Markup puts its translation in; set in code,
    ///     it changes nothing).
    ///   - locale: The locale of the values and phrases inside (Markup uses it; set in code, it
    ///     changes nothing).
    ///   - link: Where the text links to.
    ///   - float: For an image: the side it floats to.
    ///   - width: For an image: its width; for the paragraph the text starts: its lines' width.
    ///   - direction: The base direction of the paragraph the text starts.
    ///   - customStyle: A custom style of the theme, such as `.boldcaps`.
    ///   - customColor: A custom colour scheme of the theme, such as `.danger`.
    public init(font: [String]? = nil,
                size: Double? = nil, minSize: Double? = nil, maxSize: Double? = nil, textStyle: FontTextStyle? = nil,
                fontWeight: FontWeight? = nil, fontDesign: FontDesign? = nil, fontWidth: FontWidth? = nil,
                italic: Bool? = nil, monospaced: Bool? = nil, monospacedDigit: Bool? = nil, smallCaps: Bool? = nil,
                lowercaseSmallCaps: Bool? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underline: LineDecoration? = nil, strikethrough: LineDecoration? = nil, kerning: Double? = nil,
                tracking: Double? = nil, baselineOffset: Double? = nil, effect: TextEffect? = nil,
                textTransform: TextTransform? = nil, lineLimit: Int? = nil, truncation: Truncation? = nil,
                minimumScaleFactor: Double? = nil, allowsTightening: Bool? = nil, lang: LanguageTag? = nil, localized: String? = nil,
                locale: String? = nil, link: String? = nil, float: FloatSide? = nil,
                width: ImageWidth? = nil, direction: TextDirection? = nil, customStyle: CustomStyleName? = nil,
                customColor: CustomColorName? = nil) {
        self.customStyle = customStyle?.rawValue
        self.customColor = customColor?.rawValue
        self.font = font
        self.size = size
        self.minSize = minSize
        self.maxSize = maxSize
        self.textStyle = textStyle
        self.fontWeight = fontWeight
        self.fontDesign = fontDesign
        self.fontWidth = fontWidth
        self.italic = italic
        self.monospaced = monospaced
        self.monospacedDigit = monospacedDigit
        self.smallCaps = smallCaps
        self.lowercaseSmallCaps = lowercaseSmallCaps
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underline = underline
        self.strikethrough = strikethrough
        self.kerning = kerning
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.effect = effect
        self.textTransform = textTransform
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.minimumScaleFactor = minimumScaleFactor
        self.allowsTightening = allowsTightening
        self.lang = lang
        self.localized = localized
        self.locale = locale
        self.link = link
        self.float = float
        self.width = width
        self.direction = direction
    }

    /// The keys of Apple's automatic grammar agreement (`^[1 apple](inflect: true)`): known,
    /// so that they are not taken for misspellings, but without an engine on Linux.
    static let needingApplesMorphology: Set = ["inflect", "morphology", "inflectionAlternative", "agreeWithArgument",
                                               "agreeWithConcept", "referentConcept", "assumedFallbackInflection"]

    /// The vocabulary, in the order hints and dumps list it: a row per property but `location`,
    /// all that decoding, merging, dumps and the theme schema need (a key's effect on text is in
    /// `Styler.effects`; VocabularyTests keep them in step).
    static let fields: [Field] = [
        Field("customStyle", \.customStyle, .value("a style name")),
        Field("customColor", \.customColor, .value("a colour name")),
        Field("font", \.font, .families),
        Field("size", \.size, .points),
        Field("minSize", \.minSize, .points),
        Field("maxSize", \.maxSize, .points),
        Field("textStyle", \.textStyle, .choice),
        Field("fontWeight", \.fontWeight, .choice),
        Field("fontDesign", \.fontDesign, .choice),
        Field("fontWidth", \.fontWidth, .choice),
        Field("italic", \.italic, .value("true or false")),
        Field("monospaced", \.monospaced, .value("true or false")),
        Field("monospacedDigit", \.monospacedDigit, .value("true or false")),
        Field("smallCaps", \.smallCaps, .value("true or false")),
        Field("lowercaseSmallCaps", \.lowercaseSmallCaps, .value("true or false")),
        Field("foregroundColor", \.foregroundColor, .value("#rrggbb or a CSS colour name")),
        Field("backgroundColor", \.backgroundColor, .value("#rrggbb or a CSS colour name")),
        Field("underline", \.underline, .value(LineDecoration.expected)),
        Field("strikethrough", \.strikethrough, .value(LineDecoration.expected)),
        Field("kerning", \.kerning, .points),
        Field("tracking", \.tracking, .points),
        Field("baselineOffset", \.baselineOffset, .points),
        Field("effect", \.effect, .choice),
        Field("textTransform", \.textTransform, .choice),
        Field("lineLimit", \.lineLimit, .value("a whole number of lines")),
        Field("truncation", \.truncation, .choice),
        Field("minimumScaleFactor", \.minimumScaleFactor, .value("a factor between 0.01 and 1")),
        Field("allowsTightening", \.allowsTightening, .value("true or false")),
        Field("lang", \.lang, .value("a language tag such as 'ja' or 'pt-BR'")),
        Field("localized", \.localized, .localizationKey),
        Field("locale", \.locale, .value("a locale such as 'de' or 'fr_CA'")),
        // Dumps show it as the run's link.
        Field("link", \.link, .value("a URL"), inSummary: false),
        Field("float", \.float, .choice),
        Field("width", \.width, .imageWidth),
        Field("direction", \.direction, .choice),
    ]

    private static let fieldsByName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })

    static func field(named name: String) -> Field? { fieldsByName[name] }

    /// The keys `^[…](…)` accepts, for messages and hints.
    package static let keys = fields.map(\.name)

    /// These attributes with `outer`'s filling the keys these leave unset.
    /// - Parameter outer: The attributes around these, as an outer `^[…](…)` is around an
    ///   inner one.
    /// - Returns: The merged attributes; their `location` is this one's, else `outer`'s.
    public func merged(over outer: InlineAttributes) -> InlineAttributes {
        var result = self
        withUnsafeMutablePointer(to: &result) { result in
            withUnsafePointer(to: outer) { outer in
                for field in Self.fields { field.fill(result, outer) }
            }
        }
        result.location = location ?? outer.location
        return result
    }

    /// `key=value` pairs of the keys that are set, in vocabulary order, for dumps (`link` shows
    /// as the run's link).
    package var summary: [String] {
        withUnsafePointer(to: self) { attributes in
            Self.fields.compactMap { field in field.shown(attributes).map { "\(field.name)=\($0)" } }
        }
    }

    /// One key of the vocabulary: its name, the property that keeps its value, how a body
    /// writes it and how a dump shows it.
    struct Field: Sendable {
        let name: String
        /// The property, which tests check each row names once.
        let keyPath: PartialKeyPath<InlineAttributes> & Sendable
        /// Sets the key from an attribute body's entry, or leaves it unset with a message.
        let read: @Sendable (AttributeDecoder.Entry, inout InlineAttributes) -> Void
        /// Sets the key from the outer attributes when it is unset.
        let fill: @Sendable (UnsafeMutablePointer<InlineAttributes>, UnsafePointer<InlineAttributes>) -> Void
        /// The value as a dump shows it; nil when unset or not shown.
        let shown: @Sendable (UnsafePointer<InlineAttributes>) -> String?

        init<Value>(_ name: String, _ keyPath: WritableKeyPath<InlineAttributes, Value?> & Sendable, _ form: AttributeForm<Value>,
                    inSummary: Bool = true) {
            self.name = name
            self.keyPath = keyPath
            let property = StoredProperty(keyPath)
            read = { entry, attributes in attributes[keyPath: keyPath] = form.read(entry) }
            fill = { attributes, outer in
                if let value = property.value(in: outer), property.value(in: attributes) == nil { property.set(value, in: attributes) }
            }
            if inSummary {
                shown = { property.value(in: $0).map(form.show) }
            } else {
                shown = { _ in nil }
            }
        }
    }
}
