import Foundation

/// A diagram's source turned into a drawing: an SVG document laid out by Graphviz, in the
/// theme's fonts and colours.
package enum Diagram {
    /// The drawing of `source` written in `language`, or why it cannot be drawn.
    package static func drawing(_ source: String, language: DiagramLanguage, style: DiagramStyle) -> Result<DiagramDrawing, DiagramError> {
        var (source, style, notices) = (source, style, [String]())
        if language == .mermaid { (source, style, notices) = MermaidInit.read(source, style: style) }
        return svg(source, language: language, style: style).flatMap { svg in
            guard var drawing = SVGLabels.split(String(decoding: svg, as: UTF8.self)) else {
                return .failure(DiagramError("Graphviz's drawing has no size"))
            }
            drawing.notices = notices
            return .success(drawing)
        }
    }

    /// The SVG of `source` written in `language`, text and all, or why it cannot be drawn.
    package static func svg(_ source: String, language: DiagramLanguage, style: DiagramStyle) -> Result<Data, DiagramError> {
        switch language {
        case .dot:
            return GraphvizLayout.svg(dot: source, style: style)
        case .mermaid:
            switch MermaidParser.parse(source) {
            case let .success(flowchart):
                return GraphvizLayout.svg(dot: FlowchartDot.dot(for: flowchart, style: style), style: style)
                    .mapError { DiagramError("the flowchart cannot be laid out: \($0.message)") }
            case let .failure(error):
                return .failure(error)
            }
        }
    }
}
