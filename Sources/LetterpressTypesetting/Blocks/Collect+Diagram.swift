import Foundation
import LetterpressCore
import LetterpressDiagrams
import LetterpressMarkup
import LetterpressStyling

/// A fenced diagram (` ```dot `, ` ```graphviz `, ` ```mermaid `) drawn as a figure: laid out
/// (by Graphviz, or for a sequence diagram, pie or gantt chart by LetterpressDiagrams itself,
/// which measures its text with the page's fonts) as SVG in the theme's font and colours,
/// recorded as vectors like an SVG image, so that its text stays text. What cannot be drawn stays code, with a warning.
extension Collector {
    /// The kind of warning for a diagram shown as its source.
    static let undrawnDiagrams = "diagrams that cannot be drawn"

    /// Draws `code` as a diagram in `language` and returns true; false (with a warning) when it
    /// cannot be, for the caller to lay it out as code.
    mutating func diagram(_ code: CodeBlock, language: DiagramLanguage, column: Column) -> Bool {
        let text = styles.body.text
        let look = styles.diagram
        let style = DiagramStyle(fontFamily: look.fontFamilies.first ?? text.fontFamilies.first ?? "sans-serif",
                                 fontSize: (text.size * look.scale).rounded(), textColor: look.color ?? text.color,
                                 lineColor: look.lineColor ?? text.color, nodeFill: look.nodeFill, clusterFill: look.groupFill)
        let fontContext = fonts
        let measure: DiagramMeasure = { line, family, size, bold in
            let labelStyle = Self.labelStyle(text, family: family, size: size, bold: bold, italic: false, color: text.color)
            return TextLayout(StyledText(line, style: labelStyle), width: nil, align: .left, lineHeight: 1, context: fontContext).naturalWidth
        }
        let drawn = Diagram.drawing(code.text, language: language, style: style, measure: measure).flatMap { drawing in
            ImageLoader.drawing(svg: drawing.svg).map { (drawing, $0) }.mapError { DiagramError("its drawing \($0)") }
        }
        switch drawn {
        case let .success((drawing, image)):
            for notice in drawing.notices {
                warnings.append(Warning(code: .diagramSourceIgnored, file: file, location: code.location, message: "\(code.language ?? "diagram") diagram: \(notice)"))
            }
            figure(drawing, image: image, column: column, caption: code.title, source: code.text)
            return true
        case let .failure(error):
            // The fence's line is the location; the diagram's own lines follow it.
            let location = code.location.map { fence in
                error.line.map { SourceLocation(line: fence.line + $0, column: 1) } ?? fence
            }
            if error.isAboutInstallation {
                warnings.append(Warning(code: .diagramsUnavailable, file: file, message: "diagrams are shown as code: \(error.message)", isAboutInstallation: true))
            } else {
                warnings.append(Warning(code: .diagramNotDrawn, file: file, location: location,
                                        message: "\(code.language ?? "diagram") diagram not drawn, shown as code: \(error.message)",
                                        kind: Self.undrawnDiagrams))
            }
            return false
        }
    }

    /// A diagram centred in the column at its natural size, scaled down to the column's width
    /// and to the page's height, never up: its shapes as the recorded `image`, its labels as
    /// text laid out by Pango where Graphviz placed them; its `caption` below it, on its page.
    private mutating func figure(_ drawing: DiagramDrawing, image: LoadedImage, column: Column, caption title: String?, source: String) {
        space(before: styles.body.spaceBefore)
        let scale = min(1, column.width / drawing.width, contentHeight * 0.9 / drawing.height)
        let rect = Rect(x: column.x + (column.width - drawing.width * scale) / 2, y: 0,
                        width: drawing.width * scale, height: drawing.height * scale)
        var items: [PageItem] = [.image(image, rect)]
        for label in drawing.labels where !label.text.isEmpty {
            let style = Self.labelStyle(styles.body.text, family: label.fontFamily, size: label.fontSize * scale, bold: label.bold,
                                        italic: label.italic, color: label.color, underline: label.underline)
            let layout = TextLayout(StyledText(label.text, style: style), width: nil, align: .left, lineHeight: 1, context: fonts)
            guard let line = layout.lines.first else { continue }
            let width = layout.naturalWidth
            let offset: Double
            switch label.anchor {
            case .start: offset = 0
            case .middle: offset = width / 2
            case .end: offset = width
            }
            // LineItems draws an underline (a static member's in a class diagram) with the text.
            var phases: [Int: Double] = [:]
            items += LineItems(fonts: fonts).items(layout, line: line, left: rect.x + label.x * scale - offset - line.x,
                                                   top: label.y * scale - (line.baseline - line.top), phases: &phases)
        }
        // The labels are the figure's text, and its source says what the shapes join.
        within(.figure, alt: source) {
            $0.append(.block(Slice.Block(box: Slice.Box(height: rect.height, items: items, keepWithNext: title != nil))))
        }
        if let title { within(.paragraph) { $0.caption(title, column: column) } }
        pendingGap.ask(styles.body.spaceAfter)
    }

    /// The body text's style as a diagram's label is set in: its family first, at `size`.
    private static func labelStyle(_ body: TextStyle, family: String, size: Double, bold: Bool, italic: Bool, color: Color,
                                   underline: Bool = false) -> TextStyle {
        var style = body
        style.fontFamilies = [family] + style.fontFamilies
        style.size = size
        style.color = color
        style.weight = bold ? .bold : .regular
        style.italic = italic
        style.underline = underline ? LineDecoration() : nil
        return style
    }
}
