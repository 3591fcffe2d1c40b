import Foundation

/// Applies a theme to attributed runs, producing `StyledText` for the typesetter: Markdown
/// intents first, then `^[…](…)` attributes (custom style, custom colour, then explicit keys),
/// then the theme's highlight rules.
public struct Styler {
    public let theme: Theme
    let file: String

    public init(theme: Theme, file: String = "<input>") {
        self.theme = theme
        self.file = file
    }

    /// Sizes, tracking and offsets outside these ranges are clamped, with a warning.
    static let sizeRange = 1.0...400.0
    static let spacingRange = -50.0...200.0
    static let offsetRange = -200.0...200.0

    /// `text`'s runs styled over `base`, with adjacent runs of equal style merged.
    public func style(_ text: AttributedString, base: TextStyle, warnings: inout [Warning]) -> StyledText {
        // Each run's end as a UTF-8 offset, which the attributed string's rope finds without
        // copying the run's text; the text itself run by run, through the character view,
        // which copies whole chunks and is some 30 times faster than iterating the UTF-8 view.
        var string = ""
        var runs: [StyledRun] = []
        var offset = 0
        let utf8 = text.utf8
        let keys = text.runs[LetterpressAttributes.InlineIntentAttribute.self, LetterpressAttributes.LinkAttribute.self,
                             LetterpressAttributes.InlineAttributesAttribute.self]
        for (intent, link, attributes, range) in keys {
            let end = utf8.distance(from: utf8.startIndex, to: range.upperBound)
            guard end > offset else { continue }
            // A run ending inside a grapheme (an attribute on a combining mark alone) is
            // rounded down to whole characters, and so is the next run's start: the pieces
            // still tile the text.
            string += String(text.characters[range])
            var style = self.style(base: base, intent: intent ?? [], link: link)
            if let attributes { apply(attributes, to: &style, warnings: &warnings) }
            append(StyledRun(range: offset..<end, style: style), to: &runs)
            offset = end
        }
        if string.utf8.count != offset { string = String(decoding: Array(utf8), as: UTF8.self) }
        var styled = StyledText(string: string, runs: runs, base: base)
        applyHighlights(to: &styled, warnings: &warnings)
        for index in styled.runs.indices { styled.runs[index].id = index }
        return styled
    }

    private func append(_ run: StyledRun, to runs: inout [StyledRun]) {
        if let last = runs.last, last.style == run.style, last.range.upperBound == run.range.lowerBound {
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
        }
        if intent.contains(.superscript) {
            style.baselineOffset = base.size * 0.35
            style.size = base.size * 0.7
        }
        return style
    }

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

    /// Applies `^[…](…)` attributes: the named custom style and colour, then the explicit keys.
    func apply(_ attributes: InlineAttributes, to style: inout TextStyle, warnings: inout [Warning]) {
        func warn(_ message: String) {
            let warning = Warning(file: file, location: attributes.location, message: message)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        if let name = attributes.customStyle {
            if let custom = theme.customStyles[name] {
                applyKeys(custom, to: &style, warn: warn)
            } else {
                warn("unknown custom style '\(name)'" + Hint.suggestion(for: name, among: theme.customStyles.keys.sorted()))
            }
        }
        if let name = attributes.customColor {
            if let custom = theme.customColors[name] {
                applyKeys(custom, to: &style, warn: warn)
            } else {
                warn("unknown custom colour '\(name)'" + Hint.suggestion(for: name, among: theme.customColors.keys.sorted()))
            }
        }
        applyKeys(attributes, to: &style, warn: warn)
    }

    private func applyKeys(_ a: InlineAttributes, to style: inout TextStyle, warn: (String) -> Void) {
        func clamped(_ value: Double, _ range: ClosedRange<Double>, _ key: String) -> Double? {
            guard value.isFinite else {
                warn("\(key) \(value) is not a finite number; attribute ignored")
                return nil
            }
            let result = min(max(value, range.lowerBound), range.upperBound)
            if result != value { warn("\(key) \(value) is outside \(range.lowerBound)…\(range.upperBound); using \(result)") }
            return result
        }
        let fallback = style.fontFamilies
        if let design = a.fontDesign, let families = theme.designs[design] { style.fontFamilies = families }
        if a.monospaced == true, let families = theme.designs[.monospaced] { style.fontFamilies = families }
        if let font = a.font, !font.isEmpty {
            // Keep the surrounding families as fallbacks for glyphs the named font lacks.
            style.fontFamilies = font + fallback.filter { !font.contains($0) }
        }
        if let size = a.size, let value = clamped(size * theme.textScale, Self.sizeRange, "size") { style.size = value }
        if let weight = a.fontWeight { style.weight = weight }
        if let width = a.fontWidth { style.width = width }
        if let italic = a.italic { style.italic = italic }
        if a.monospacedDigit == true, !style.features.contains("tnum") { style.features.append("tnum") }
        if let color = a.foregroundColor { style.color = color }
        if let color = a.backgroundColor { style.background = color }
        if let underline = a.underline { style.underline = underline }
        if let strikethrough = a.strikethrough { style.strikethrough = strikethrough }
        if let kerning = a.kerning {
            style.kerning = kerning != 0
            if let value = clamped(style.tracking + kerning, Self.spacingRange, "kerning") { style.tracking = value }
        }
        if let tracking = a.tracking, let value = clamped(tracking, Self.spacingRange, "tracking") { style.tracking = value }
        if let offset = a.baselineOffset, let value = clamped(offset, Self.offsetRange, "baselineOffset") { style.baselineOffset = value }
        if let effect = a.effect { style.effect = effect }
        if let transform = a.textTransform { style.transform = transform }
        if let link = a.link { style.link = link }
    }

    // MARK: Highlight rules

    /// Gives each match of the theme's highlight rules its style, splitting runs at the
    /// match's ends. Ranges are converted from the regex's UTF-16 to Pango's UTF-8 offsets.
    private func applyHighlights(to text: inout StyledText, warnings: inout [Warning]) {
        guard !theme.highlights.isEmpty, !text.string.isEmpty else { return }
        let string = text.string
        let utf8 = string.utf8
        for rule in theme.highlights {
            // A regex's matches are in order and do not overlap: one pass over the runs.
            let matches = rule.expression.matches(in: string, range: NSRange(string.startIndex..., in: string))
                .compactMap { Range($0.range, in: string) }
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
