import Foundation
import LetterpressCore
@testable import LetterpressDiagrams
import Testing

/// A diagram's source with Windows line ends (`\r\n`, which Swift reads as one character) or old
/// Mac ones (`\r`) draws as with `\n`: every Mermaid type reads it a line at a time.
@Suite struct DiagramLineEndTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: .black, lineColor: .black)

    /// The drawing's SVG without its comments and anonymous graph titles, where Graphviz names
    /// a graph by a counter that grows with each graph the process lays out.
    static func shapes(_ drawing: DiagramDrawing) -> String {
        String(decoding: drawing.svg, as: UTF8.self).replacingOccurrences(of: "<!--[^>]*-->|<title>%[0-9]+</title>", with: "", options: .regularExpression)
    }

    @Test(arguments: [
        "flowchart LR\n  a --> b\n  b --> c",
        "sequenceDiagram\n  A->>B: hi\n  B-->>A: hello",
        "stateDiagram-v2\n  [*] --> A\n  A --> [*]",
        "classDiagram\n  A <|-- B",
        "erDiagram\n  A ||--o{ B : has",
        "pie\n  \"a\" : 1\n  \"b\" : 2",
        "gantt\n  dateFormat YYYY-MM-DD\n  section S\n  one :a, 2026-01-01, 2d",
        "gitGraph\n  commit\n  branch dev\n  commit",
    ])
    func windowsAndOldMacLineEndsDrawAsNewlines(source: String) throws {
        let expected = try Diagram.drawing(source, language: .mermaid, style: Self.style).get()
        for ending in ["\r\n", "\r"] {
            let drawn = try Diagram.drawing(source.replacingOccurrences(of: "\n", with: ending), language: .mermaid, style: Self.style).get()
            #expect(drawn.labels == expected.labels && drawn.width == expected.width && drawn.height == expected.height)
            #expect(drawn.notices == expected.notices)
            #expect(Self.shapes(drawn) == Self.shapes(expected))
        }
    }
}
