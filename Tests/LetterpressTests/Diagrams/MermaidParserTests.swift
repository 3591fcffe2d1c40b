import Testing
@testable import LetterpressDiagrams

/// Mermaid's flowchart syntax, a construct at a time, as its documentation writes it.
@Suite struct MermaidParserTests {
    private func chart(_ source: String) throws -> Flowchart {
        try MermaidParser.parse(source).get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = MermaidParser.parse(source) { return error }
        return nil
    }

    @Test(arguments: [("flowchart TD", "TB"), ("flowchart TB", "TB"), ("graph BT", "BT"), ("graph LR", "LR"), ("flowchart RL", "RL"), ("graph", "TB")])
    func directions(_ header: String, _ direction: String) throws {
        #expect(try chart("\(header)\n  a --> b").direction == direction)
    }

    @Test func aDirectionThatIsNoneIsAnErrorOnItsLine() {
        #expect(error("\n%% first\nflowchart XY\na-->b") == DiagramError("expected a direction (TB, TD, BT, LR or RL) after 'flowchart', not 'XY'", line: 3))
    }

    @Test(arguments: [
        ("a[Box]", Flowchart.Shape.rectangle), ("a(Round)", .round), ("a([Stadium])", .stadium), ("a[[Sub]]", .subroutine),
        ("a[(Base)]", .cylinder), ("a((Circle))", .circle), ("a(((Double)))", .doubleCircle), ("a>Flag]", .asymmetric),
        ("a{Choice}", .rhombus), ("a{{Hex}}", .hexagon), ("a[/Slant/]", .parallelogram), ("a[\\Slant\\]", .parallelogramAlt),
        ("a[/Trap\\]", .trapezoid), ("a[\\Trap/]", .trapezoidAlt),
    ])
    func nodeShapes(_ node: String, _ shape: Flowchart.Shape) throws {
        let chart = try chart("flowchart LR\n\(node)")
        #expect(chart.nodes.count == 1)
        #expect(chart.nodes[0].shape == shape)
        #expect(chart.nodes[0].id == "a")
        #expect(!chart.nodes[0].label.isEmpty && !chart.nodes[0].label.contains(where: "[](){}/\\>".contains), "\(chart.nodes[0].label)")
    }

    @Test func quotedLabelsKeepBracketsAndBreakLines() throws {
        let node = try chart("graph TD\nid1[\"a [b] (c)<br>next\"]").nodes[0]
        #expect(node.label == "a [b] (c)\nnext")
    }

    @Test(arguments: [
        ("a --> b", Flowchart.Line.solid, Flowchart.Head.arrow), ("a --- b", .solid, .none), ("a -.-> b", .dotted, .arrow),
        ("a -.- b", .dotted, .none), ("a ==> b", .thick, .arrow), ("a === b", .thick, .none), ("a ~~~ b", .invisible, .none),
        ("a --o b", .solid, .circle), ("a --x b", .solid, .cross), ("a-->b", .solid, .arrow),
    ])
    func edgeKinds(_ statement: String, _ line: Flowchart.Line, _ head: Flowchart.Head) throws {
        let chart = try chart("flowchart LR\n\(statement)")
        #expect(chart.edges.count == 1)
        #expect(chart.edges[0].from == "a" && chart.edges[0].to == "b")
        #expect(chart.edges[0].line == line)
        #expect(chart.edges[0].head == head)
    }

    @Test func bothEndsAndLongerArrows() throws {
        let edges = try chart("flowchart LR\na <--> b\nb ----> c").edges
        #expect(edges[0].tail == .arrow && edges[0].head == .arrow)
        #expect(edges[1].length == 3)
    }

    @Test(arguments: ["a -->|Yes| b", "a -- Yes --> b", "a -->|\"Yes\"| b", "a -. Yes .-> b", "a == Yes ==> b"])
    func edgeLabels(_ statement: String) throws {
        let edge = try chart("flowchart TD\n\(statement)").edges[0]
        #expect(edge.label == "Yes")
        #expect(edge.from == "a" && edge.to == "b")
        #expect(edge.head == .arrow)
    }

    @Test func chainsAndAmpersands() throws {
        let chart = try chart("flowchart TD\na --> b --> c\nd & e --> f & g")
        #expect(chart.edges.map { "\($0.from)\($0.to)" } == ["ab", "bc", "df", "dg", "ef", "eg"])
        #expect(chart.nodes.map(\.id) == ["a", "b", "c", "d", "e", "f", "g"])
    }

    @Test func semicolonsEndStatements() throws {
        let chart = try chart("graph TD;\n    A-->B;\n    A-->C;B-->D;")
        #expect(chart.edges.count == 3)
    }

    @Test func subgraphsNestAndHoldTheNodesFirstWrittenInThem() throws {
        let chart = try chart("""
            flowchart TB
                c1-->a2
                subgraph one [First one]
                a1-->a2
                subgraph inner
                x
                end
                end
                subgraph "Two"
                b1
                end
            """)
        #expect(chart.subgraphs == [Flowchart.Subgraph(id: "one", title: "First one", parent: nil),
                                    Flowchart.Subgraph(id: "inner", title: "inner", parent: 0),
                                    Flowchart.Subgraph(id: "Two", title: "Two", parent: nil)])
        let places = Dictionary(uniqueKeysWithValues: chart.nodes.map { ($0.id, $0.subgraph) })
        #expect(places["c1"] == .some(nil))
        #expect(places["a2"] == 0, "named again inside the subgraph")
        #expect(places["a1"] == 0)
        #expect(places["x"] == 1)
        #expect(places["b1"] == 2)
    }

    @Test func anEndWithoutASubgraphAndASubgraphWithoutAnEndAreErrors() {
        #expect(error("flowchart TD\na\nend")?.line == 3)
        #expect(error("flowchart TD\nsubgraph s\na")?.message.contains("no 'end'") == true)
    }

    @Test func classesAndStyles() throws {
        let chart = try chart("""
            flowchart LR
                a:::hot --> b
                classDef hot fill:#f96,stroke:#333,stroke-width:4px
                classDef cold,frozen fill:#9cf
                class b cold
                style a color:#fff
            """)
        #expect(chart.classes["hot"] == ["fill": "#f96", "stroke": "#333", "stroke-width": "4px"])
        #expect(chart.classes["frozen"] == ["fill": "#9cf"])
        #expect(chart.nodes[0].classes == ["hot"])
        #expect(chart.nodes[1].classes == ["cold"])
        #expect(chart.nodes[0].style == ["color": "#fff"])
    }

    @Test func commentsAndLinksAreSkipped() throws {
        let chart = try chart("%% before\nflowchart LR\n%% a --> z\na --> b\nclick a \"https://example.com\"\nlinkStyle 0 stroke:#f00")
        #expect(chart.edges.count == 1)
        #expect(chart.nodes.map(\.id) == ["a", "b"])
    }

    /// Edge texts as public diagrams write them: without spaces around the text, with dots and
    /// slashes in it, and quoted texts holding `--` (each form was a parse error in a sample of
    /// 442 public diagrams).
    @Test(arguments: [
        ("a -.upgrade.-> b", "upgrade", Flowchart.Line.dotted),
        ("a -.metrics/logs.-> b", "metrics/logs", .dotted),
        ("a -.发布事件.-> b", "发布事件", .dotted),
        ("a -. \"produce<br/>transactions.completed\" .-> b", "produce\ntransactions.completed", .dotted),
        ("a --Ethernet TCP--> b;", "Ethernet TCP", .solid),
        ("a -- \"Reads arguments (--lang, --preserve...)\" --> b", "Reads arguments (--lang, --preserve...)", .solid),
        ("a ==heavy==> b", "heavy", .thick),
        ("a -- text --> b", "text", .solid),
    ])
    func edgeTextsWithoutSpacesOrWithDashesInQuotes(statement: String, label: String, line: Flowchart.Line) throws {
        let chart = try chart("flowchart LR\n  " + statement)
        #expect(chart.edges.count == 1)
        #expect(chart.edges.first?.label == label)
        #expect(chart.edges.first?.line == line)
        #expect(chart.edges.first?.head == .arrow)
        #expect(chart.nodes.map(\.id) == ["a", "b"])
    }

    @Test(arguments: ["a --o b", "a --x b", "a --> b", "a --- b", "a -.-> b", "a ==> b", "a --x\tb"])
    func edgesWithoutTextStayEdges(statement: String) throws {
        let chart = try chart("flowchart LR\n  " + statement)
        #expect(chart.edges.count == 1)
        #expect(chart.edges.first?.label == "")
    }

    /// A circle or cross head followed by a label's bar ends the edge; it starts no text.
    @Test func aHeadBeforeALabelEndsTheEdge() throws {
        let chart = try chart("flowchart LR\n  a --o|yes| b\n  c --x|no| d")
        #expect(chart.edges.map(\.head) == [.circle, .cross])
        #expect(chart.edges.map(\.label) == ["yes", "no"])
    }

    @Test func linkStylesGoToTheEdgesTheyNumber() throws {
        let chart = try chart("""
            flowchart LR
              a --> b --> c
              c -.-> a
              linkStyle default stroke:#999
              linkStyle 0,2 stroke:#f00,stroke-width:4px,color:red;
              linkStyle 1 interpolate basis stroke-dasharray: 5 5
            """)
        #expect(chart.defaultLinkStyle == ["stroke": "#999"])
        #expect(chart.linkStyles[0] == ["stroke": "#f00", "stroke-width": "4px", "color": "red"])
        #expect(chart.linkStyles[2] == chart.linkStyles[0])
        #expect(chart.linkStyles[1] == ["stroke-dasharray": "5 5"])
        let dot = FlowchartDot.dot(for: chart, style: DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: .black, lineColor: .black))
        #expect(dot.contains("color=\"#ff0000\", fontcolor=\"#ff0000\", penwidth=3.0]"), "\(dot)")
        #expect(dot.contains("color=\"#999999\", style=dashed]"), "\(dot)")
    }

    @Test func aLinkStyleNumbersOnlyEdgesWrittenBeforeIt() {
        #expect(error("flowchart LR\n  linkStyle 0 stroke:#f00\n  a --> b")
            == DiagramError("linkStyle 0: there are 0 edges before it, numbered from 0", line: 2))
        #expect(error("flowchart LR\n  a --> b\n  linkStyle 1 stroke:#f00") == DiagramError("linkStyle 1: there is one edge before it, numbered from 0", line: 3))
        #expect(error("flowchart LR\n  a --> b\n  linkStyle first stroke:#f00")
            == DiagramError("expected edge numbers or 'default' after 'linkStyle', not 'first'", line: 3))
        #expect(error("flowchart LR\n  a --> b\n  linkStyle") == DiagramError("expected edge numbers or 'default' after 'linkStyle'", line: 3))
    }

    @Test(arguments: ["journey", "timeline", "mindmap", "quadrantChart"])
    func otherDiagramTypesAreNamed(_ header: String) {
        let type = String(header.split(separator: " ")[0])
        #expect(error("\(header)\n  x") == DiagramError("Mermaid '\(type)' diagrams are not drawn yet (only flowcharts, sequence, state, class and ER diagrams, pie and gantt charts and git graphs are)", line: 1))
    }

    @Test func frontMatterAndTrailingCommentsAreSkipped() throws {
        let chart = try chart("---\ntitle: A title\nconfig:\n  theme: forest\n---\nflowchart LR\n  a --> b %% a comment\n  b --> c")
        #expect(chart.title == "A title")
        #expect(chart.direction == "LR")
        #expect(chart.edges.map { "\($0.from)\($0.to)" } == ["ab", "bc"])
        #expect(MermaidSource.read("---\ntitle: \"Quoted\"\n---\nflowchart").title == "Quoted")
        #expect(MermaidSource.type(of: "%%{init: {}}%%\n\n  stateDiagram-v2\n") == "stateDiagram-v2")
        #expect(MermaidSource.type(of: "%%{\n  config: {}\n}%%\nsequenceDiagram\n  A->>B: hi\n") == "sequenceDiagram",
                "a directive over several lines says nothing of the type")
    }

    @Test(arguments: [("flowchart TD\na[unclosed --> b", 2), ("flowchart TD\n\na --> ", 3), ("flowchart TD\na -->|label b", 2),
                      ("flowchart TD\na -- text b", 2), ("flowchart TD\na -> b", 2)])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int) {
        #expect(error(source)?.line == line)
    }

    @Test func hugeChartsStopAtTheLimits() {
        let nodes = (0...MermaidParser.maximumNodes).map { "n\($0)" }.joined(separator: "\n")
        #expect(error("flowchart TD\n" + nodes)?.message.contains("more than") == true)
        let group = (0..<40).map { "n\($0)" }.joined(separator: " & ")
        #expect(error("flowchart TD\n\(group) --> \(group)")?.message.contains("more than") == true)
        let deep = String(repeating: "subgraph s\n", count: 40)
        #expect(error("flowchart TD\n" + deep)?.message.contains("nested") == true)
    }

    @Test func unbalancedBracketsEndWithAnErrorNotAHang() {
        let source = "flowchart TD\n" + String(repeating: "a[(((({{[[", count: 2_000)
        let start = ContinuousClock.now
        #expect(error(source) != nil)
        #expect(ContinuousClock.now - start < .seconds(2))
    }
}
