import Foundation

/// The fully resolved look of a run of text.
public struct TextStyle: Sendable, Hashable, Encodable {
    public var fontFamilies: [String]
    public var size: Double
    public var weight: FontWeight = .regular
    public var italic = false
    public var color: Color = .black
    public var background: Color?
    /// The colour of a box drawn around the text, as around a key cap (`<kbd>`).
    public var outline: Color?
    public var underline: LineDecoration?
    public var strikethrough: LineDecoration?
    /// Extra space between letters, in points.
    public var tracking: Double = 0
    /// Vertical shift of the baseline, in points (positive is up).
    public var baselineOffset: Double = 0
    public var width: FontWidth = .standard
    public var smallCaps: SmallCaps = .none
    public var transform: TextTransform = .none
    /// The most lines the paragraph this run is in may take, and where it is cut.
    public var lineLimit: Int?
    public var truncation: Truncation = .tail
    /// The language Pango is told the text is in; nil: none, as Pango guesses from the script.
    public var language: LanguageTag?
    /// OpenType features to turn on, such as `tnum` for tabular digits.
    public var features: [String] = []
    public var effect: TextEffect?
    public var link: String?
    /// The image a run's U+FFFC stands for.
    public var inlineImage: InlineImage?
    /// The base direction the `direction` attribute gives the paragraph this run starts.
    public var direction: TextDirection?
    /// The element's or custom style's `minSize` and `maxSize`, which a size set inline keeps
    /// within (Styling's alone: Typesetting takes `size`).
    public var sizeLimits: SizeLimits?

    public init(fontFamilies: [String], size: Double) {
        self.fontFamilies = fontFamilies
        self.size = size
    }
}
