import Foundation

/// Applies a theme to attributed runs, producing `StyledText` for the typesetter.
public struct Styler: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// `text`'s runs styled over `base`, with adjacent runs of equal style merged.
    public func style(_ text: AttributedString, base: TextStyle) -> StyledText {
        var string = ""
        var runs: [StyledRun] = []
        var offset = 0
        for run in text.runs {
            let piece = String(text[run.range].characters)
            let length = piece.utf8.count
            guard length > 0 else { continue }
            string += piece
            let style = self.style(
                base: base, intent: run[LetterpressAttributes.InlineIntentAttribute.self] ?? [],
                link: run[LetterpressAttributes.LinkAttribute.self])
            if let last = runs.last, last.style == style {
                runs[runs.count - 1].range = last.range.lowerBound..<(offset + length)
            } else {
                runs.append(StyledRun(range: offset..<(offset + length), style: style))
            }
            offset += length
        }
        return StyledText(string: string, runs: runs)
    }

    /// The style of a run with the given Markdown intents inside text styled `base`.
    func style(base: TextStyle, intent: InlineIntent, link: String?) -> TextStyle {
        var style = base
        if intent.contains(.strong) { style.weight = base.weight.value >= FontWeight.bold.value ? .heavy : .bold }
        if intent.contains(.emphasized) { style.italic = !base.italic }
        if intent.contains(.strikethrough) { style.strikethrough = true }
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
        if let underline = inline.underline { style.underline = underline }
    }
}
