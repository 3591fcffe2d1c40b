import Testing
@testable import LetterpressDiagrams
import LetterpressCore

/// State, class and ER diagrams as the DOT Graphviz lays out: the notation's ends and shapes,
/// and every construct accepted by Graphviz with its text among the drawing's labels.
@Suite struct MermaidGraphDotTests {
    private let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: .black, lineColor: .black)

    @Test func entityRelationshipsEndInCrowsFeet() throws {
        let diagram = try EntityDiagramParser.parse("erDiagram\n  A |o--|{ B : has\n  B }o..|| C : \"is in\"").get()
        let dot = EntityDiagramDot.dot(for: diagram, style: style)
        #expect(dot.contains("e0 -> e1 [arrowtail=teeodot, arrowhead=crowtee, label=\"has\"]"))
        #expect(dot.contains("e1 -> e2 [arrowtail=crowodot, arrowhead=teetee, style=dashed, label=\"is in\"]"))
    }

    @Test func classRelationsEndAsUMLDrawsThem() throws {
        let diagram = try ClassDiagramParser.parse("classDiagram\n  A <|-- B\n  C \"1\" *-- \"many\" D : has\n  E ..|> F\n  G o.. H").get()
        let dot = ClassDiagramDot.dot(for: diagram, style: style)
        #expect(dot.contains("c0 -> c1 [arrowtail=empty, arrowhead=none]"))
        #expect(dot.contains("c2 -> c3 [arrowtail=diamond, arrowhead=none, label=\"has\", taillabel=\"1\", headlabel=\"many\"]"))
        #expect(dot.contains("c4 -> c5 [arrowtail=none, arrowhead=empty, style=dashed]"))
        #expect(dot.contains("c6 -> c7 [arrowtail=odiamond, arrowhead=none, style=dashed]"))
    }

    @Test func aClassIsATableOfThreeCompartments() throws {
        let diagram = try ClassDiagramParser.parse("classDiagram\n  class Box~T~ {\n    <<interface>>\n    +T item\n    +put(T item)$\n  }").get()
        let dot = ClassDiagramDot.dot(for: diagram, style: style)
        #expect(dot.contains("<TR><TD>«interface»</TD></TR><TR><TD><B>Box&lt;T&gt;</B></TD></TR><HR/>"))
        #expect(dot.contains("+T item</TD></TR><HR/><TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"><U>+put(T item)</U></TD>"))
    }

    @Test func compositeStatesAreClustersThatEdgesEndAt() throws {
        let diagram = try StateDiagramParser.parse("""
            stateDiagram-v2
                [*] --> Outer
                state Outer {
                    [*] --> inner
                    --
                    other
                }
                Outer --> [*]
                note right of inner : beside
            """).get()
        let dot = StateDiagramDot.dot(for: diagram, style: style)
        #expect(dot.contains("subgraph cluster_s1 {\nlabel=\"Outer\""))
        #expect(dot.contains("subgraph cluster_r0 {") && dot.contains("subgraph cluster_r1 {"), "two concurrent regions")
        #expect(dot.contains("s0 -> s2 [lhead=cluster_s1]"), "the start's edge ends at the composite's box, on its inner start: \(dot)")
        #expect(dot.contains("s3 -> n0 [style=dashed, arrowhead=none]\n{rank=same; s3; n0}"))
        #expect(dot.contains("s0 [shape=circle"))
    }

    @Test func staticMembersAreUnderlinedAndAbstractOnesInItalics() throws {
        let drawing = try Diagram.drawing("classDiagram\n  class A {\n    +count()$ int\n    +area()*\n    +size\n  }", language: .mermaid, style: style).get()
        let labels = Dictionary(uniqueKeysWithValues: drawing.labels.map { ($0.text, $0) })
        #expect(labels["+count() : int"]?.underline == true)
        #expect(labels["+area()"]?.italic == true && labels["+area()"]?.underline == false)
        #expect(labels["+size"]?.underline == false && labels["A"]?.bold == true)
    }

    /// The Mermaid documentation's own examples, a few at a time: Graphviz lays each out, and
    /// the drawing's labels hold their text.
    @Test(arguments: [
        ("stateDiagram-v2\n  state fork_state <<fork>>\n  [*] --> fork_state\n  fork_state --> State2\n  state if_state <<choice>>\n  State2 --> if_state\n  if_state --> False: if n < 0\n  note left of State2 : a note",
         ["State2", "False", "if n < 0", "a note"]),
        ("classDiagram\n  Animal <|-- Duck : is a\n  Animal : +int age\n  class Duck{\n    +String beakColor\n    +swim()\n  }\n  note for Duck \"can fly\"",
         ["Animal", "+int age", "Duck", "+String beakColor", "+swim()", "is a", "can fly"]),
        ("erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  CUSTOMER {\n    string name PK \"full name\"\n  }", ["CUSTOMER", "ORDER", "places", "string", "name", "PK", "full name"]),
    ])
    func diagramsAreLaidOutWithTheirText(_ source: String, _ texts: [String]) throws {
        let drawing = try Diagram.drawing(source, language: .mermaid, style: style).get()
        let labels = Set(drawing.labels.map(\.text))
        for text in texts { #expect(labels.contains(text), "\(text) in \(labels)") }
        #expect(drawing.width > 0 && drawing.height > 0)
    }
}
