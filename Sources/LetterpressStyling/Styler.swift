import Foundation
import LetterpressCore
import LetterpressMarkup

/// Applies a theme to attributed runs, producing styled text for the typesetter: Markdown
/// intents first, then `^[…](…)` attributes (custom style, custom colour, then explicit keys),
/// then the theme's highlight rules. `style(_:)` styles a whole `Document`.
public struct Styler: Sendable {
    /// The theme whose styles the runs get.
    public let theme: Theme
    let file: String
    /// The document's language (front matter `lang`, else `--lang`), which text takes unless
    /// a `lang` attribute says otherwise.
    let language: LanguageTag?
    /// How the document was read: a plain note's paragraphs are lines of its text.
    let markup: NoteMarkup
    /// What the highlight rules may still spend on this styler's document.
    private let highlightBudget: HighlightBudget
    /// The languages this styler's code blocks name, resolved once each.
    let codeLanguages = CodeLanguages()
    /// The theme's custom styles and colours, for "did you mean" hints.
    private let customStyleNames: NameSuggester
    private let customColorNames: NameSuggester

    /// A styler with `theme`.
    /// - Parameters:
    ///   - theme: The theme whose styles the runs get.
    ///   - file: What warnings call the document, as `Document(parsing:file:)` names it.
    ///   - language: The document's language; nil for its front matter's `lang`.
    ///   - markup: How the document was read; for `.plain`, the highlight rules see each
    ///     paragraph between line ends, as the file holds it.
    public init(theme: Theme, file: String = "<markdown>", language: LanguageTag? = nil, markup: NoteMarkup = .markdown) {
        self.theme = theme
        self.file = file
        self.language = language
        self.markup = markup
        highlightBudget = HighlightBudget(rules: theme.highlights.count)
        customStyleNames = NameSuggester(theme.customStyles.keys)
        customColorNames = NameSuggester(theme.customColors.keys)
    }

    /// Sizes, tracking and offsets outside these ranges are clamped, with a warning.
    static let sizeRange = 1.0...400.0
    static let spacingRange = -50.0...200.0
    static let offsetRange = -200.0...200.0

    /// `text`'s runs styled over `base`, with adjacent runs of equal style merged.
    package func style(_ text: AttributedString, base: TextStyle, warnings: inout [Warning]) -> StyledText {
        var base = base
        if base.language == nil { base.language = language }
        // The text in one copy, through the character view, which copies whole chunks (some 30
        // times faster than iterating the UTF-8 view; a copy per run cost the book 36 M
        // instructions); each run's end as a UTF-8 offset, which the rope finds without copying.
        let string = String(text.characters[text.startIndex..<text.endIndex])
        var runs: [StyledRun] = []
        var offset = 0
        let utf8 = text.utf8
        var anchors: [TextAnchor] = []
        var anchorNames: Set<String> = []
        // Every run, each with all the attributes this reads: the scope holds no others, so
        // these are the runs a view keyed by them would give (a keyed view takes five keys).
        for run in text.runs {
            let range = run.range
            let end = utf8.distance(from: utf8.startIndex, to: range.upperBound)
            guard end > offset else { continue }
            let link = run[LetterpressAttributes.LinkAttribute.self]
            let footnote = run[LetterpressAttributes.FootnoteAttribute.self]
            // A footnote's mark links to its note without looking like a link.
            var style = self.style(base: base, intent: run[LetterpressAttributes.InlineIntentAttribute.self] ?? [],
                                   link: footnote == nil ? link : nil)
            if footnote != nil { style.link = link }
            if let attributes = run[LetterpressAttributes.InlineAttributesAttribute.self] { apply(attributes, to: &style, warnings: &warnings) }
            if let image = run[LetterpressAttributes.ImageAttribute.self] { style.inlineImage = InlineImage(reference: image) }
            if let formula = run[LetterpressAttributes.MathAttribute.self] { style.inlineFormula = InlineFormula(span: formula) }
            // Markup drops such links from a note; an archive or the library may hold any.
            if let link = style.link, link.utf8.count > CmarkConverter.maximumURLLength {
                style.link = nil
                let warning = Warning(code: .linkTooLong, file: file, message: "a link of \(link.utf8.count) bytes is longer than the \(CmarkConverter.maximumURLLength) allowed; its text is shown without the link")
                if !warnings.suffix(Self.repeatsLookedAt).contains(warning) { warnings.append(warning) }
            }
            // An anchor set on several runs is one place, where the first starts.
            if let anchor = run[LetterpressAttributes.AnchorAttribute.self], anchorNames.insert(anchor).inserted {
                anchors.append(TextAnchor(name: anchor, offset: offset))
            }
            append(StyledRun(range: offset..<end, style: style), to: &runs)
            offset = end
        }
        var styled = StyledText(string: string, runs: runs, base: base, anchors: anchors)
        applyHighlights(to: &styled, warnings: &warnings)
        for index in styled.runs.indices { styled.runs[index].id = index }
        return styled
    }

    private func append(_ run: StyledRun, to runs: inout [StyledRun]) {
        // Each image and formula is a run of its own, even beside the same one.
        if let last = runs.last, last.style == run.style, last.range.upperBound == run.range.lowerBound, run.style.inlineImage == nil,
           run.style.inlineFormula == nil {
            runs[runs.count - 1].range = last.range.lowerBound..<run.range.upperBound
        } else {
            runs.append(run)
        }
    }

    /// The style of a run with the given Markdown intents inside text styled `base`.
    func style(base: TextStyle, intent: InlineIntent, link: String?) -> TextStyle {
        var style = base
        if intent.contains(.strong) { style.weight = base.weight.value >= FontWeight.bold.value ? .heavy : .bold }
        if intent.contains(.emphasized) { style.italic = !base.italic }
        if intent.contains(.strikethrough) { style.strikethrough = LineDecoration() }
        if intent.contains(.code) { apply(theme.inlineCode, to: &style) }
        if let link {
            apply(theme.link, to: &style)
            style.link = link
        } else if !intent.isDisjoint(with: [.noteReference, .tag]) {
            // Another note, or a tag: a link's look, where no link could lead.
            apply(theme.link, to: &style)
        }
        if intent.contains(.superscript) {
            style.baselineOffset = base.size * 0.35
            style.size = base.size * 0.7
        }
        if !intent.isDisjoint(with: Self.htmlIntents) { applyHTML(intent, base: base, to: &style) }
        return style
    }

    private static let htmlIntents: InlineIntent = [.subscript, .keyboard, .underlined, .marked, .small]

    /// The text-level HTML elements, as GitHub's stylesheet shows them.
    private func applyHTML(_ intent: InlineIntent, base: TextStyle, to style: inout TextStyle) {
        if intent.contains(.subscript) {
            style.baselineOffset = -base.size * 0.2
            style.size = base.size * 0.7
        }
        if intent.contains(.keyboard) {
            apply(theme.inlineCode, to: &style)
            style.size *= 0.9
            var outline = style.color
            outline.alpha *= 0.45
            style.outline = outline
        }
        if intent.contains(.underlined) { style.underline = LineDecoration() }
        if intent.contains(.marked) {
            style.background = Self.markBackground
            style.color = .black
        }
        if intent.contains(.small) { style.size *= 0.85 }
    }

    /// GitHub's `<mark>` yellow; the text on it is black whatever the theme's colours.
    private static let markBackground = Color(red: 1, green: 0.91, blue: 0.45)

    private func apply(_ inline: InlineStyle, to style: inout TextStyle) {
        if let families = inline.fontFamilies { style.fontFamilies = families }
        style.size *= inline.scale
        if let weight = inline.weight { style.weight = weight }
        if let italic = inline.italic { style.italic = italic }
        if let color = inline.color { style.color = color }
        if let background = inline.background { style.background = background }
        if let underline = inline.underline { style.underline = underline ? LineDecoration() : nil }
    }

    // MARK: Inline attributes

    /// How many of the last warnings a new one is compared with, to leave out a repeat.
    static let repeatsLookedAt = 32

    /// Applies `^[…](…)` attributes: the named custom style and colour, then the explicit keys.
    func apply(_ attributes: InlineAttributes, to style: inout TextStyle, warnings: inout [Warning]) {
        func warn(_ code: Warning.Code, _ message: String) {
            // The runs one attribute covers warn alike, one after another: a look at the last
            // few (not all, which took quadratic time) finds the repeat.
            let warning = Warning(code: code, file: file, location: attributes.location, message: message)
            if !warnings.suffix(Self.repeatsLookedAt).contains(warning) { warnings.append(warning) }
        }
        var sized = false
        if let name = attributes.customStyle {
            if let custom = theme.customStyles[name] {
                sized = applyKeys(custom, to: &style, warn: warn)
            } else {
                warn(.unknownCustomStyle, "unknown custom style \(Excerpt.quoted(name))" + customStyleNames.suggestion(for: name))
            }
        }
        if let name = attributes.customColor {
            if let custom = theme.customColors[name] {
                sized = applyKeys(custom, to: &style, warn: warn) || sized
            } else {
                warn(.unknownCustomColor, "unknown custom colour \(Excerpt.quoted(name))" + customColorNames.suggestion(for: name))
            }
        }
        sized = applyKeys(attributes, to: &style, warn: warn) || sized
        // Only a size the attributes set: the element's own size is the theme's to bound.
        if sized, let limits = style.sizeLimits { style.size = limits.clamped(style.size) }
    }

    /// Applies the keys of `attributes`; whether they set the size.
    private func applyKeys(_ attributes: InlineAttributes, to style: inout TextStyle, warn: (Warning.Code, String) -> Void) -> Bool {
        var change = StyleChange(style: style, designs: theme.designs, textScale: theme.textScale, bodySize: theme.body.text.size)
        for effect in Self.effects { effect.apply(attributes, &change) }
        style = change.style
        for message in change.messages { warn(.invalidAttributeValue, message) }
        return change.sized
    }

    /// What each key does to a run's style, in the order they apply. `customStyle` and
    /// `customColor` are applied before these, and `float` places images instead (`width` sizes
    /// them, and the paragraph a text run starts).
    static let effects: [Effect] = [
        Effect(\.fontDesign) { design, change in
            if let families = change.designs[design] { change.style.fontFamilies = families }
        },
        Effect(\.monospaced) { monospaced, change in
            if monospaced, let families = change.designs[.monospaced] { change.style.fontFamilies = families }
        },
        Effect(\.font) { font, change in
            // `font: 'title'` is SwiftUI's `.font(.title)`, a text style rather than a family.
            if font.count == 1, let textStyle = FontTextStyle(rawValue: font[0]) {
                change.apply(textStyle)
            } else if !font.isEmpty {
                // Keep the surrounding families as fallbacks for glyphs the named font lacks.
                change.style.fontFamilies = font + change.surroundingFamilies.filter { !font.contains($0) }
            }
        },
        Effect(\.textStyle) { $1.apply($0) },
        Effect(\.size) { size, change in
            if let value = change.clamped(size * change.textScale, sizeRange, "size") {
                change.style.size = value
                change.sized = true
            }
        },
        Effect(\.minSize) { minimum, change in
            if let value = change.clamped(minimum, sizeRange, "minSize") { change.narrowLimits(minimum: value, maximum: nil) }
        },
        Effect(\.maxSize) { maximum, change in
            if let value = change.clamped(maximum, sizeRange, "maxSize") { change.narrowLimits(minimum: nil, maximum: value) }
        },
        Effect(\.fontWeight) { $1.style.weight = $0 },
        Effect(\.fontWidth) { $1.style.width = $0 },
        Effect(\.italic) { $1.style.italic = $0 },
        Effect(\.monospacedDigit) { monospacedDigit, change in
            if monospacedDigit, !change.style.features.contains("tnum") { change.style.features.append("tnum") }
        },
        Effect(\.lowercaseSmallCaps) { $1.style.smallCaps = $0 ? .lowercase : .none },
        Effect(\.smallCaps) { $1.style.smallCaps = $0 ? .all : .none },
        Effect(\.foregroundColor) { $1.style.color = $0 },
        Effect(\.backgroundColor) { $1.style.background = $0 },
        Effect(\.underline) { $1.style.underline = $0 },
        Effect(\.strikethrough) { $1.style.strikethrough = $0 },
        // As SwiftUI's `kerning(_:)`: points added to the font's own kerning, which 0 leaves as it is.
        Effect(\.kerning) { kerning, change in
            if let value = change.clamped(change.style.tracking + kerning, spacingRange, "kerning") { change.style.tracking = value }
        },
        Effect(\.tracking) { tracking, change in
            if let value = change.clamped(tracking, spacingRange, "tracking") { change.style.tracking = value }
        },
        Effect(\.baselineOffset) { offset, change in
            if let value = change.clamped(offset, offsetRange, "baselineOffset") { change.style.baselineOffset = value }
        },
        Effect(\.effect) { $1.style.effect = $0 },
        Effect(\.textTransform) { $1.style.transform = $0 },
        Effect(\.lineLimit) { lines, change in
            guard lines >= 1 else { return change.messages.append("lineLimit \(lines) is not a positive number of lines; attribute ignored") }
            change.style.lineLimit = lines
        },
        Effect(\.truncation) { $1.style.truncation = $0 },
        Effect(\.minimumScaleFactor) { factor, change in
            guard factor.isFinite, factor > 0 else {
                return change.messages.append("minimumScaleFactor \(factor) is not between 0.01 and 1; attribute ignored")
            }
            change.style.minimumScaleFactor = factor.clamped(to: 0.01...1)
        },
        Effect(\.allowsTightening) { $1.style.allowsTightening = $0 },
        Effect(\.width) { $1.style.paragraphWidth = $0 },
        Effect(\.lang) { $1.style.language = $0 },
        Effect(\.link) { $1.style.link = $0 },
        Effect(\.direction) { $1.style.direction = $0 },
    ]

    /// What one attribute key does to a run's style when it is set.
    struct Effect: Sendable {
        let apply: @Sendable (InlineAttributes, inout StyleChange) -> Void

        /// `key` is a key path made a function, which reads the property directly (a key path
        /// kept as one is built when first used and read by the runtime).
        init<Value>(_ key: @escaping @Sendable (InlineAttributes) -> Value?, _ effect: @escaping @Sendable (Value, inout StyleChange) -> Void) {
            apply = { attributes, change in
                if let value = key(attributes) { effect(value, &change) }
            }
        }
    }

    /// A run's style while attribute keys change it, with what their effects read.
    struct StyleChange {
        var style: TextStyle
        /// The theme's families for `fontDesign` and `monospaced`.
        let designs: [FontDesign: [String]]
        let textScale: Double
        /// The theme's body size, already scaled, which named text styles are relative to.
        let bodySize: Double
        /// The families before any key changed them, which a named font falls back on.
        let surroundingFamilies: [String]
        var messages: [String] = []
        /// Whether a key set the size, which the limits then bound.
        var sized = false

        init(style: TextStyle, designs: [FontDesign: [String]], textScale: Double, bodySize: Double) {
            self.style = style
            self.designs = designs
            self.textScale = textScale
            self.bodySize = bodySize
            surroundingFamilies = style.fontFamilies
        }

        mutating func apply(_ textStyle: FontTextStyle) {
            style.size = textStyle.size(forBody: bodySize)
            sized = true
            if let weight = textStyle.weight { style.weight = weight }
        }

        mutating func narrowLimits(minimum: Double?, maximum: Double?) {
            style.sizeLimits = style.sizeLimits?.narrowed(minimum: minimum, maximum: maximum)
                ?? SizeLimits(minimum: minimum, maximum: maximum)
        }

        /// `value` within `range`, with a message when it is not; nil, with a message, when
        /// it is not finite.
        mutating func clamped(_ value: Double, _ range: ClosedRange<Double>, _ key: String) -> Double? {
            guard value.isFinite else {
                messages.append("\(key) \(value) is not a finite number; attribute ignored")
                return nil
            }
            let result = min(max(value, range.lowerBound), range.upperBound)
            if result != value { messages.append("\(key) \(value) is outside \(range.lowerBound)…\(range.upperBound); using \(result)") }
            return result
        }
    }

    // MARK: Highlight rules

    /// Gives each match of the theme's highlight rules its style, splitting runs at the
    /// match's ends. Ranges are converted from the regex's UTF-16 to Pango's UTF-8 offsets.
    private func applyHighlights(to text: inout StyledText, warnings: inout [Warning]) {
        guard !theme.highlights.isEmpty, !text.string.isEmpty else { return }
        let string = text.string
        let utf8 = string.utf8
        // The rules see a plain note's paragraph as its text holds it, between line ends, as
        // TextKit's notepad matched the whole note: its patterns end a word at whitespace
        // (`(\*\w+\*)\s`), which a paragraph's last word has only in the file.
        let lineEnd = markup == .plain ? "\n" : ""
        let searched = lineEnd + string + lineEnd
        let shift = lineEnd.utf16.count
        let length = string.utf16.count
        for rule in theme.highlights {
            // A regex's matches are in order and do not overlap: one pass over the runs.
            let matches = highlightBudget.matches(of: rule, in: searched, note: file, warnings: &warnings)
                .map { match -> NSRange in
                    // What a match takes of the line ends around the paragraph is not styled.
                    let start = min(max(match.location - shift, 0), length)
                    return NSRange(location: start, length: min(max(match.upperBound - shift, 0), length) - start)
                }
                .compactMap { Range($0, in: string) }
                .map { utf8.distance(from: utf8.startIndex, to: $0.lowerBound)..<utf8.distance(from: utf8.startIndex, to: $0.upperBound) }
                .filter { !$0.isEmpty }
            guard !matches.isEmpty else { continue }
            var runs: [StyledRun] = []
            var next = 0
            for run in text.runs {
                var position = run.range.lowerBound
                while position < run.range.upperBound {
                    while next < matches.count && matches[next].upperBound <= position { next += 1 }
                    guard next < matches.count, matches[next].lowerBound < run.range.upperBound else {
                        runs.append(StyledRun(range: position..<run.range.upperBound, style: run.style))
                        break
                    }
                    let match = matches[next].clamped(to: position..<run.range.upperBound)
                    if position < match.lowerBound {
                        runs.append(StyledRun(range: position..<match.lowerBound, style: run.style))
                    }
                    var style = run.style
                    apply(rule.style, to: &style, warnings: &warnings)
                    runs.append(StyledRun(range: match, style: style))
                    position = match.upperBound
                }
            }
            text.runs = runs
        }
    }
}
