import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// DOT laid out by Graphviz in process: the theme's look as defaults, the source's own
/// attributes over them, errors as messages with their line, limits before the work.
@Suite struct GraphvizLayoutTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: Color(parsing: "#223344")!,
                                    lineColor: Color(parsing: "#556677")!)

    private func drawing(_ source: String, _ language: DiagramLanguage = .dot) -> Result<DiagramDrawing, DiagramError> {
        Diagram.drawing(source, language: language, style: Self.style)
    }

    @Test func theThemesFontAndColoursAreTheDefaultsAndTheSourceWins() throws {
        let drawing = try drawing("digraph { a -> b; c [fontcolor=red, fontname=\"DejaVu Serif\", label=\"C & D\"] }").get()
        let labels = Dictionary(uniqueKeysWithValues: drawing.labels.map { ($0.text, $0) })
        #expect(labels["a"]?.fontFamily == "DejaVu Sans")
        #expect(labels["a"]?.color == Color(parsing: "#223344"))
        #expect(labels["a"]?.fontSize == 10)
        #expect(labels["C & D"]?.fontFamily == "DejaVu Serif")
        #expect(labels["C & D"]?.color == Color(parsing: "red"))
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.contains("stroke=\"#556677\""))
        #expect(!svg.contains("<text"), "the text is drawn by the page, not by librsvg")
    }

    @Test func rankdirShapesAndClustersAreHonoured() throws {
        let across = try drawing("digraph { rankdir=LR; a -> b }").get()
        let down = try drawing("digraph { a -> b }").get()
        #expect(across.width > across.height && down.height > down.width)
        let svg = String(decoding: try drawing("digraph { subgraph cluster_x { label=Group; a [shape=circle, style=filled, fillcolor=yellow] } }").get().svg, as: UTF8.self)
        #expect(svg.contains("class=\"cluster\""))
        #expect(svg.contains("<ellipse fill=\"yellow\""))
    }

    @Test func labelsLieInsideTheDrawingInReadingOrderForAChain() throws {
        let drawing = try drawing("digraph { first -> second -> third }").get()
        #expect(drawing.labels.map(\.text) == ["first", "second", "third"])
        #expect(drawing.labels.allSatisfy { (0...drawing.width).contains($0.x) && (0...drawing.height).contains($0.y) })
        #expect(zip(drawing.labels, drawing.labels.dropFirst()).allSatisfy { $0.y < $1.y })
    }

    /// The iteration limits reach clusters too: with none, `dot` ranked a cluster's own
    /// clusters without iterating and left the third of these beside the second.
    @Test func edgesBetweenClustersInsideAClusterKeepTheirRanks() throws {
        let drawing = try drawing("""
            digraph {
              subgraph cluster_outer {
                subgraph cluster_a { a1 -> a2 }
                subgraph cluster_b { b1 -> b2 }
                subgraph cluster_c { c1 -> c2 }
                a2 -> b1; b2 -> c1
              }
            }
            """).get()
        let y = Dictionary(uniqueKeysWithValues: drawing.labels.map { ($0.text, $0.y) })
        #expect(try #require(y["a2"]) < #require(y["b1"]))
        #expect(try #require(y["b2"]) < #require(y["c1"]))
    }

    @Test func aSyntaxErrorIsAMessageWithItsLineAndTheNextGraphStillReads() throws {
        #expect(throws: DiagramError("syntax error near '}'", line: 3)) { try drawing("digraph {\n  a -> b\n  c -> }\n").get() }
        #expect(try drawing("digraph { x -> y }").get().labels.count == 2)
    }

    @Test func attributesThatReadFilesAreRefused() {
        #expect(throws: DiagramError("the attribute 'image' reads files, which a diagram may not")) {
            try drawing("digraph { a [image=\"/etc/passwd\"] }").get()
        }
    }

    @Test func limitsComeBeforeTheWork() {
        let many = "digraph {" + (0...GraphvizLayout.maximumNodes).map { "n\($0);" }.joined() + "}"
        #expect((try? drawing(many).get()) == nil)
        let group = "{" + (0..<300).map { "n\($0)" }.joined(separator: " ") + "}"
        let start = ContinuousClock.now
        #expect((try? drawing("digraph { \(group) -> \(group) }").get()) == nil)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect((try? drawing("digraph {" + String(repeating: "subgraph {", count: 100) + "}").get()) == nil)
        #expect((try? drawing(String(repeating: "x", count: GraphvizLayout.maximumSourceBytes + 1)).get()) == nil)
    }

    @Test func aFlowchartBecomesAGraphWithItsShapesAndLabels() throws {
        let drawing = try drawing("flowchart LR\n  a([Start]) -->|go| b{Ready?}\n  b -- no --> a\n  subgraph Box\n  c\n  end\n  b ==> Box", .mermaid).get()
        #expect(Set(drawing.labels.map(\.text)) == ["Start", "go", "Ready?", "no", "Box", "c"])
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.contains("class=\"cluster\""))
        #expect(svg.contains("fill=\"#ececff\""))
    }
}
