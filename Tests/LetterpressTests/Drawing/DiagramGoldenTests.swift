import Foundation
import Testing
@testable import Letterpress
import LetterpressTesting

/// A Graphviz graph, Mermaid flowchart, sequence, state, class and ER diagrams, pie and gantt
/// charts, and git graphs drawn as figures, against the references in
/// `Tests/LetterpressTests/Golden` (recorded as `GoldenTests` says).
@Suite(.fontWork) struct DiagramGoldenTests {
    private func check(_ name: String, _ markdown: String, fileID: String = #fileID, filePath: String = #filePath,
                       line: Int = #line, column: Int = #column) throws {
        let check = RenderingCheck(theme: "default", pageSize: PageSize(width: 300, height: 300), margins: GoldenTests.margins)
        try assertRendering(markdown: markdown, matches: TestSupport.golden.appendingPathComponent("\(name).png"),
                            check: check, baseURL: TestSupport.fixtures, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Clusters, shapes, a coloured dashed edge and a label, left to right.
    @Test func graphvizGraph() throws {
        try check("diagram-dot", """
            ```dot
            digraph {
              rankdir=LR
              node [shape=box]
              subgraph cluster_s { label="Stages"; style=filled; fillcolor="#f0f0f0"; parse; style }
              parse -> style -> pages
              pages [shape=ellipse]
              parse -> warning [style=dashed, color=red, label="bad"]
            }
            ```
            """)
    }

    /// Shapes, a decision with labelled edges, a subgraph and a class.
    @Test func mermaidFlowchart() throws {
        try check("diagram-mermaid", """
            ```mermaid
            flowchart TD
                A([Start]) --> B{Ready?}
                B -->|yes| C[(Save)]
                B -- no --> D((Wait))
                subgraph Later
                  D -.-> A
                end
                classDef warm fill:#fde,stroke:#c36
                class D warm
            ```
            """)
    }

    /// An actor and participants, an activation, a self-message, a note over two, alt/else,
    /// and solid, dotted, crossed and open line ends.
    @Test func mermaidSequence() throws {
        try check("diagram-sequence", """
            ```mermaid
            sequenceDiagram
                actor U as User
                participant W as Web
                participant D as Database
                U->>+W: Sign in
                W->>D: Find user
                D-->>W: Row
                W->>W: Check password
                alt valid
                    W-->>U: Welcome
                else invalid
                    W--xU: Refused
                end
                Note over W,D: Sessions expire
                W-)-D: Log
            ```
            """)
    }

    /// Numbers, a coloured rect around a loop, par/and, a note beside, a created participant
    /// and arrows at both ends.
    @Test func mermaidSequenceFrames() throws {
        try check("diagram-sequence-frames", """
            ```mermaid
            sequenceDiagram
                autonumber
                participant A as Client
                participant B as Server
                rect rgb(230, 240, 255)
                loop Every minute
                    A->>B: Poll
                end
                end
                par Fast path
                    B-)A: Cached
                and Slow path
                    create participant C as Worker
                    B->>C: Start
                end
                Note right of C: Runs alone
                A<<-->>B: Heartbeat
            ```
            """)
    }

    /// Branches from main and back: lanes in their colours, a merge, a reversed, a highlighted
    /// and a tagged commit, and a cherry-pick, left to right.
    @Test func mermaidGitGraph() throws {
        try check("diagram-gitgraph", """
            ```mermaid
            gitGraph
                commit id: "init"
                branch develop
                commit id: "api" tag: "v0.1"
                checkout main
                commit type: HIGHLIGHT
                checkout develop
                commit id: "fix" type: REVERSE
                checkout main
                merge develop tag: "v1.0"
                branch hotfix
                cherry-pick id: "api"
            ```
            """)
    }

    /// The same kind of history top to bottom: labels left of the commits, tags right of them.
    @Test func mermaidGitGraphTopToBottom() throws {
        try check("diagram-gitgraph-tb", """
            ```mermaid
            gitGraph TB:
                commit id: "one"
                branch feature
                commit id: "two" tag: "rc"
                checkout main
                commit id: "three"
                merge feature id: "four"
            ```
            """)
    }

    /// A start, an end, a composite state with two concurrent regions, a choice and a note.
    @Test func mermaidStateDiagram() throws {
        try check("diagram-state", """
            ```mermaid
            stateDiagram-v2
                [*] --> Idle
                state Busy {
                    [*] --> Reading
                    --
                    [*] --> Writing
                }
                Idle --> Busy : job
                state done <<choice>>
                Busy --> done
                done --> [*] : ok
                done --> Idle : retry
                note right of Idle : waits
            ```
            """)
    }

    /// Classes as three compartments, with an annotation, a generic, a static method, and
    /// inheritance, composition and a dashed dependency with multiplicities.
    @Test func mermaidClassDiagram() throws {
        try check("diagram-class", """
            ```mermaid
            classDiagram
                class Shape~T~ {
                    <<interface>>
                    +area() double
                }
                class Square {
                    +int side
                    +unit() Square$
                }
                Shape <|-- Square
                Square "1" *-- "4" Edge
                Square ..> Paint
            ```
            """)
    }

    /// Entities with attributes, keys and a comment; crow's foot ends, one relationship dashed.
    @Test func mermaidEntityDiagram() throws {
        try check("diagram-er", """
            ```mermaid
            erDiagram
                CUSTOMER ||--o{ ORDER : places
                ORDER ||--|{ ITEM : holds
                CUSTOMER }|..|{ ADDRESS : uses
                ORDER {
                    int id PK
                    string note "free text"
                }
            ```
            """)
    }

    /// Slices clockwise from 12 o'clock in source order, their percentages, a legend with
    /// values (`showData`) and a title.
    @Test func mermaidPieChart() throws {
        try check("diagram-pie", """
            ```mermaid
            pie showData title Pets adopted
                "Dogs" : 386
                "Cats" : 85
                "Rats" : 15
                "Fish" : 40.5
            ```
            """)
    }

    /// Two sections on their bands, done, active and critical bars, a task after another, a
    /// milestone, names inside and beside bars, and the date axis.
    @Test func mermaidGanttChart() throws {
        try check("diagram-gantt", """
            ```mermaid
            gantt
                title Release
                dateFormat YYYY-MM-DD
                axisFormat %e %b
                section Build
                    Parser     :done, p, 2024-03-04, 4d
                    Layout     :active, l, after p, 5d
                section Ship
                    Tests      :crit, 3d
                    Release    :milestone, 2024-03-18, 0d
            ```
            """)
    }
}
