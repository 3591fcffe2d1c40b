import Foundation

/// Horizontal alignment of a paragraph's lines.
public enum TextAlignment: String, Codable, Sendable {
    case left, center, right, justify
}

/// The fully resolved look of a run of text.
public struct TextStyle: Sendable, Hashable, Encodable {
    public var fontFamilies: [String]
    public var size: Double
    public var weight: FontWeight = .regular
    public var italic = false
    public var color: Color = .black
    public var background: Color?
    public var underline: LineDecoration?
    public var strikethrough: LineDecoration?
    /// Extra space between letters, in points.
    public var tracking: Double = 0
    /// Vertical shift of the baseline, in points (positive is up).
    public var baselineOffset: Double = 0
    public var width: FontWidth = .standard
    public var transform: TextTransform = .none
    /// OpenType features to turn on, such as `tnum` for tabular digits.
    public var features: [String] = []
    /// False turns the font's kerning off.
    public var kerning = true
    public var effect: TextEffect?
    public var link: String?

    public init(fontFamilies: [String], size: Double) {
        self.fontFamilies = fontFamilies
        self.size = size
    }
}

/// A paragraph's text with its styled runs, ranges in UTF-8 bytes as Pango counts them.
public struct StyledText: Sendable, Equatable {
    public var string: String
    public var runs: [StyledRun]
    /// The style of the paragraph itself, which sets the height of an empty one.
    public var base: TextStyle?

    public init(string: String, runs: [StyledRun], base: TextStyle? = nil) {
        self.string = string
        self.runs = runs
        self.base = base
    }

    /// Plain text in one style.
    public init(_ string: String, style: TextStyle) {
        self.init(string: string, runs: [StyledRun(range: 0..<string.utf8.count, style: style)], base: style)
    }
}

/// One run of a `StyledText`.
public struct StyledRun: Sendable, Equatable {
    public var range: Range<Int>
    public var style: TextStyle
    /// Names the run in its paragraph, and stays the same in slices cut from it.
    public var id: Int = 0
}

extension StyledText {
    /// The text of `bytes` (UTF-8 offsets on character boundaries) with its runs clipped and
    /// moved to start at 0, keeping their ids.
    func slice(_ bytes: Range<Int>) -> StyledText {
        let utf8 = Array(string.utf8)
        let part = String(decoding: utf8[bytes], as: UTF8.self)
        let runs = self.runs.compactMap { run -> StyledRun? in
            let clipped = run.range.clamped(to: bytes)
            guard !clipped.isEmpty else { return nil }
            return StyledRun(range: (clipped.lowerBound - bytes.lowerBound)..<(clipped.upperBound - bytes.lowerBound),
                             style: run.style, id: run.id)
        }
        return StyledText(string: part, runs: runs, base: base)
    }
}
