import Testing
@testable import LetterpressDiagrams

/// Mermaid's state diagram syntax, a construct at a time, as its documentation writes it.
@Suite struct StateDiagramParserTests {
    private func diagram(_ body: String, header: String = "stateDiagram-v2") throws -> StateDiagram {
        try StateDiagramParser.parse("\(header)\n\(body)").get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = StateDiagramParser.parse(source) { return error }
        return nil
    }

    /// The transitions as `from>to:label`, ids for states, `start`/`end` for `[*]`.
    private func transitions(_ diagram: StateDiagram) -> [String] {
        diagram.transitions.map { transition in
            let name = { (index: Int) -> String in
                let state = diagram.states[index]
                switch state.kind {
                case .start: return "start"
                case .end: return "end"
                default: return state.id
                }
            }
            return "\(name(transition.from))>\(name(transition.to))" + (transition.label.isEmpty ? "" : ":\(transition.label)")
        }
    }

    @Test(arguments: ["stateDiagram-v2", "stateDiagram"])
    func bothHeadersReadTransitionsStartsAndEnds(_ header: String) throws {
        let diagram = try diagram("    [*] --> Still\n    Still --> [*]\n\n    Still --> Moving\n    Moving --> Crash\n    Crash --> [*]", header: header)
        #expect(transitions(diagram) == ["start>Still", "Still>end", "Still>Moving", "Moving>Crash", "Crash>end"])
        #expect(diagram.states.filter { $0.kind == .end }.count == 1, "one end for the top level")
    }

    @Test func statesAreNamedThreeWays() throws {
        let diagram = try diagram("""
            s1
            state "This is a state description" as s2
            s3 : This is a state description
            s3 : and another
            s1 --> s2: A transition
            s2-->s3 : spaced
            """)
        #expect(diagram.states.map(\.id) == ["s1", "s2", "s3"])
        #expect(diagram.states.map(\.descriptions) == [[], ["This is a state description"], ["This is a state description", "and another"]])
        #expect(transitions(diagram) == ["s1>s2:A transition", "s2>s3:spaced"])
    }

    @Test func compositeStatesNestAndEachRegionHasItsOwnStart() throws {
        let diagram = try diagram("""
            [*] --> First
            state First {
                [*] --> Second
                state Second {
                    [*] --> second
                    second --> [*]
                }
            }
            """)
        let ids = diagram.states.map(\.id)
        let first = try #require(ids.firstIndex(of: "First"))
        let second = try #require(ids.firstIndex(of: "Second"))
        #expect(diagram.regions == [StateDiagram.Region(state: first), StateDiagram.Region(state: second)])
        #expect(diagram.states[first].region == nil)
        #expect(diagram.states[second].region == 0)
        #expect(diagram.states[try #require(ids.firstIndex(of: "second"))].region == 1)
        #expect(diagram.states.filter { $0.kind == .start }.map(\.region) == [nil, 0, 1])
    }

    @Test func concurrencySplitsACompositeStateIntoRegions() throws {
        let diagram = try diagram("""
            state Active {
                [*] --> NumLockOff
                NumLockOff --> NumLockOn : EvNumLockPressed
                --
                [*] --> CapsLockOff
            }
            """)
        #expect(diagram.regions.map(\.state) == [0, 0])
        let places = Dictionary(uniqueKeysWithValues: diagram.states.map { ($0.id, $0.region) })
        #expect(places["NumLockOn"] == 0)
        #expect(places["CapsLockOff"] == 1)
        #expect(diagram.states.filter { $0.kind == .start }.count == 2)
    }

    @Test func choicesForksAndJoins() throws {
        let diagram = try diagram("""
            state if_state <<choice>>
            state fork_state <<fork>>
            state join_state <<join>>
            state old [[choice]]
            if_state --> False: if n < 0
            """)
        #expect(diagram.states.map(\.kind) == [.choice, .fork, .join, .choice, .state])
        #expect(diagram.transitions[0].label == "if n < 0")
    }

    @Test func notesOnOneLineAndOnSeveral() throws {
        let diagram = try diagram("""
            State1: The state with a note
            note right of State1
                Important information! You can write
                notes.
            end note
            note left of State2 : This is the note to the left.
            note "On its own" as N1
            """)
        #expect(diagram.notes == [
            StateDiagram.Note(state: 0, side: .right, text: "Important information! You can write\nnotes.", region: nil),
            StateDiagram.Note(state: 1, side: .left, text: "This is the note to the left.", region: nil),
            StateDiagram.Note(state: nil, side: .right, text: "On its own", region: nil),
        ])
    }

    @Test func directionCommentsAndAccessibilityText() throws {
        let diagram = try diagram("""
            direction LR
            accTitle: A title
            accDescr {
                several lines
                of description
            }
            %% a comment --> nothing
            Moving --> Still %% another comment
            state B {
              direction TB
              a --> b
            }
            """)
        #expect(diagram.direction == "LR", "a composite state's direction leaves the diagram's")
        #expect(transitions(diagram) == ["Moving>Still", "a>b"])
    }

    @Test func classesAndStyles() throws {
        let diagram = try diagram("""
            classDef movement font-style:italic;
            classDef badBadEvent fill:#f00,color:white,stroke-width:2px
            [*] --> Still:::movement
            class Still, Crash badBadEvent
            style Crash stroke:#333
            """)
        #expect(diagram.classDefs["badBadEvent"] == ["fill": "#f00", "color": "white", "stroke-width": "2px"])
        let states = Dictionary(uniqueKeysWithValues: diagram.states.map { ($0.id, $0) })
        #expect(states["Still"]?.cssClasses == ["movement", "badBadEvent"])
        #expect(states["Crash"]?.cssClasses == ["badBadEvent"])
        #expect(states["Crash"]?.style == ["stroke": "#333"])
    }

    @Test func frontMatterGivesTheTitle() throws {
        let diagram = try StateDiagramParser.parse("---\ntitle: Simple sample\n---\nstateDiagram-v2\n  [*] --> Still").get()
        #expect(diagram.title == "Simple sample")
        #expect(diagram.states.count == 2)
    }

    @Test(arguments: [
        ("stateDiagram-v2\n  a -> b", 2, "expected '-->', ':' or the end of the line, found '-> b'"),
        ("stateDiagram-v2\n  a --> ", 2, "expected a state's name or [*], found the end of the line"),
        ("stateDiagram-v2\n\n  state x <<branch>>", 3, "expected <<choice>>, <<fork>> or <<join>>, found 'branch'"),
        ("stateDiagram-v2\n  }", 2, "'}' without a composite state to close"),
        ("stateDiagram-v2\n  --", 2, "'--' outside a composite state"),
        ("stateDiagram-v2\n  state A {\n  a --> b", 2, "state 'A' has no closing '}'"),
        ("stateDiagram-v2\n  note right of a\n  text", 2, "the note has no 'end note'"),
        ("stateDiagram-v2\n  note above a : text", 2, "expected 'left of' or 'right of' after 'note', found 'above a : text'"),
        ("stateDiagram-v2\n  hide empty description", 2, "expected '-->', ':' or the end of the line, found 'empty description'"),
        ("stateDiagram-v2\n  direction XY", 2, "expected a direction (TB, TD, BT, LR or RL) after 'direction', found 'XY'"),
        ("%% nothing else", 1, "the diagram is empty: expected 'stateDiagram-v2'"),
    ])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int, _ message: String) {
        #expect(error(source) == DiagramError(message, line: line))
    }

    @Test func limitsStopHugeAndDeepDiagrams() {
        let many = (0...MermaidParser.maximumNodes).map { "s\($0)" }.joined(separator: "\n")
        #expect(error("stateDiagram-v2\n" + many)?.message.contains("more than") == true)
        let deep = String(repeating: "state s {\n", count: MermaidParser.maximumNesting + 1)
        #expect(error("stateDiagram-v2\n" + deep)?.message.contains("nested more than") == true)
        // Each body names the next state first, so the bodies, one after another in the source,
        // are drawn one inside another.
        let chain = (0...MermaidParser.maximumNesting).map { "state N\($0) {\nN\($0 + 1)\n}" }.joined(separator: "\n")
        #expect(error("stateDiagram-v2\n" + chain)?.message.contains("nested more than") == true)
        let transitions = (0...MermaidParser.maximumEdges).map { _ in "a --> b" }.joined(separator: "\n")
        #expect(error("stateDiagram-v2\n" + transitions)?.message.contains("more than") == true)
    }
}
