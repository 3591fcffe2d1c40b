import Foundation

/// A diagram's source turned into a drawing: an SVG document without text and the labels the
/// page draws as text, laid out by Graphviz (DOT, Mermaid flowcharts) or by Letterpress itself
/// (Mermaid sequence diagrams, pie and gantt charts and git graphs), in the theme's fonts and
/// colours.
package enum Diagram {
    /// The drawing of `source` written in `language`, or why it cannot be drawn. `measure` gives
    /// the width of a line of text for the layouts Letterpress does itself.
    package static func drawing(_ source: String, language: DiagramLanguage, style: DiagramStyle,
                                measure: @escaping DiagramMeasure = Diagram.estimatedWidth) -> Result<DiagramDrawing, DiagramError> {
        // Swift reads "\r\n" as one character, which splitting at "\n" never meets: a source
        // from a file with Windows line ends read as one line.
        var (source, style, notices) = (Self.withNewlines(source), style, [String]())
        if language == .mermaid { (source, style, notices) = MermaidInit.read(source, style: style) }
        let drawn: Result<DiagramDrawing, DiagramError>
        let type = language == .mermaid ? MermaidSource.type(of: source) : nil
        if type == "sequenceDiagram" {
            drawn = SequenceParser.parse(source).map { SequenceLayout.drawing(of: $0, style: style, measure: measure) }
        } else if type == "pie" {
            drawn = PieParser.parse(source).map { PieLayout.drawing(of: $0, style: style, measure: measure) }
        } else if type == "gantt" {
            drawn = GanttParser.parse(source).map { GanttLayout.drawing(of: $0, style: style, measure: measure) }
        } else if type == "gitGraph" || type == "gitGraph:" {
            drawn = GitGraphParser.parse(source, settings: style.gitGraph).map { GitGraphLayout.drawing(of: $0, style: style, measure: measure) }
        } else {
            drawn = svg(source, language: language, style: style).flatMap { svg in
                SVGLabels.split(String(decoding: svg, as: UTF8.self)).map { .success($0) }
                    ?? .failure(DiagramError("Graphviz's drawing has no size"))
            }
        }
        return drawn.map { drawing in
            var drawing = drawing
            drawing.notices = notices + drawing.notices
            return drawing
        }
    }

    /// `source` with its line ends (`\r\n`, `\r`) as `\n`.
    static func withNewlines(_ source: String) -> String {
        guard source.utf8.contains(UInt8(ascii: "\r")) else { return source }
        return source.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A width without fonts, for callers that have none (tests, tools): a little over half an
    /// em a character, more for bold.
    package static func estimatedWidth(_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double {
        Double(line.count) * size * (bold ? 0.62 : 0.56)
    }

    /// The SVG of `source` written in `language` and laid out by Graphviz, text and all, or why
    /// it cannot be drawn.
    package static func svg(_ source: String, language: DiagramLanguage, style: DiagramStyle) -> Result<Data, DiagramError> {
        switch language {
        case .dot:
            return GraphvizLayout.svg(dot: source, style: style)
        case .mermaid:
            switch MermaidSource.type(of: source) {
            case "stateDiagram", "stateDiagram-v2":
                return laidOut(StateDiagramParser.parse(source).map { StateDiagramDot.dot(for: $0, style: style) }, "state diagram", style)
            case "classDiagram", "classDiagram-v2":
                return laidOut(ClassDiagramParser.parse(source).map { ClassDiagramDot.dot(for: $0, style: style) }, "class diagram", style)
            case "erDiagram":
                return laidOut(EntityDiagramParser.parse(source).map { EntityDiagramDot.dot(for: $0, style: style) }, "ER diagram", style)
            default:
                break
            }
            switch MermaidParser.parse(source) {
            case let .success(flowchart):
                return GraphvizLayout.svg(dot: FlowchartDot.dot(for: flowchart, style: style), style: style)
                    .mapError { DiagramError("the flowchart cannot be laid out: \($0.message)") }
            case let .failure(error):
                return .failure(error)
            }
        }
    }

    /// The SVG of the DOT a Mermaid diagram of kind `kind` became, or why it cannot be drawn.
    private static func laidOut(_ dot: Result<String, DiagramError>, _ kind: String, _ style: DiagramStyle) -> Result<Data, DiagramError> {
        dot.flatMap { dot in
            GraphvizLayout.svg(dot: dot, style: style).mapError { DiagramError("the \(kind) cannot be laid out: \($0.message)") }
        }
    }
}
