import Foundation
import LetterpressCore
import LetterpressMarkup

/// The fully resolved look of a run of text.
package struct TextStyle: Sendable, Hashable, Encodable {
    package var fontFamilies: [String]
    package var size: Double
    package var weight: FontWeight = .regular
    package var italic = false
    package var color: Color = .black
    package var background: Color?
    /// The colour of a box drawn around the text, as around a key cap (`<kbd>`).
    package var outline: Color?
    package var underline: LineDecoration?
    package var strikethrough: LineDecoration?
    /// Extra space between letters, in points.
    package var tracking: Double = 0
    /// Vertical shift of the baseline, in points (positive is up).
    package var baselineOffset: Double = 0
    package var width: FontWidth = .standard
    package var smallCaps: SmallCaps = .none
    package var transform: TextTransform = .none
    /// The most lines the paragraph this run is in may take, and where it is cut.
    package var lineLimit: Int?
    package var truncation: Truncation = .tail
    /// How far the paragraph this run starts may shrink to fit its lines (`minimumScaleFactor`).
    package var minimumScaleFactor: Double?
    /// Whether the paragraph this run starts may draw its letters closer to fit its lines.
    package var allowsTightening = false
    /// The width the paragraph this run starts is set in (`width`), points or a share of its column.
    package var paragraphWidth: ImageWidth?
    /// The language Pango is told the text is in; nil: none, as Pango guesses from the script.
    package var language: LanguageTag?
    /// OpenType features to turn on, such as `tnum` for tabular digits.
    package var features: [String] = []
    package var effect: TextEffect?
    package var link: String?
    /// The image a run's U+FFFC stands for.
    package var inlineImage: InlineImage?
    /// The formula a run stands for: its plain reading until typeset, a U+FFFC a piece after.
    package var inlineFormula: InlineFormula?
    /// The base direction the `direction` attribute gives the paragraph this run starts.
    package var direction: TextDirection?
    /// The element's or custom style's `minSize` and `maxSize`, which a size set inline keeps
    /// within (Styling's alone: Typesetting takes `size`).
    package var sizeLimits: SizeLimits?

    package init(fontFamilies: [String], size: Double) {
        self.fontFamilies = fontFamilies
        self.size = size
    }
}
