import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Mermaid's sequence diagram syntax, a construct at a time, as its documentation writes it.
@Suite struct SequenceParserTests {
    private func diagram(_ body: String) throws -> SequenceDiagram {
        try SequenceParser.parse("sequenceDiagram\n" + body).get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = SequenceParser.parse(source) { return error }
        return nil
    }

    private func messages(_ diagram: SequenceDiagram) -> [SequenceDiagram.Message] {
        diagram.events.compactMap { if case let .message(message) = $0 { message } else { nil } }
    }

    @Test func participantsInOrderOfFirstMentionWithAliasesAndActors() throws {
        let diagram = try diagram("participant B as Bob\nactor A as Alice\nA->>B: hi\nC->>A: x\nparticipant App as \"Caller\"")
        #expect(diagram.participants.map(\.id) == ["B", "A", "C", "App"])
        #expect(diagram.participants.map(\.label) == ["Bob", "Alice", "C", "Caller"])
        #expect(diagram.participants.map(\.kind) == [.participant, .actor, .participant, .participant])
    }

    @Test func namesMayHoldSpacesAndHyphens() throws {
        let diagram = try diagram("participant SQS queue\nLambda service->>SQS queue: Poll\nmy-app -) db : query")
        #expect(diagram.participants.map(\.id) == ["SQS queue", "Lambda service", "my-app", "db"])
        #expect(messages(diagram).map(\.text) == ["Poll", "query"])
        #expect(messages(diagram)[1].head == .open)
    }

    @Test(arguments: [
        ("->", SequenceDiagram.Line.solid, SequenceDiagram.Head.none, false), ("-->", .dotted, .none, false),
        ("->>", .solid, .arrow, false), ("-->>", .dotted, .arrow, false), ("-x", .solid, .cross, false), ("--x", .dotted, .cross, false),
        ("-)", .solid, .open, false), ("--)", .dotted, .open, false), ("<<->>", .solid, .arrow, true), ("<<-->>", .dotted, .arrow, true),
    ])
    func everyArrow(_ arrow: String, _ line: SequenceDiagram.Line, _ head: SequenceDiagram.Head, _ bothEnds: Bool) throws {
        let message = try #require(messages(try diagram("Alice\(arrow)Bob: Hello Bob")).first)
        #expect(message.from == 0 && message.to == 1)
        #expect(message.text == "Hello Bob")
        #expect(message.line == line && message.head == head && message.bothEnds == bothEnds)
    }

    @Test func activationsBySuffixAndStatement() throws {
        let diagram = try diagram("Alice->>+John: Hello\nJohn-->>-Alice: Great\nactivate Alice\nAlice ->>+ John: again\ndeactivate Alice")
        let sent = messages(diagram)
        #expect(sent[0].activatesReceiver && !sent[0].deactivatesSender)
        #expect(sent[1].deactivatesSender && !sent[1].activatesReceiver)
        #expect(sent[2].activatesReceiver && sent[2].to == 1)
        #expect(diagram.events.contains(.activate(0)) && diagram.events.contains(.deactivate(0)))
    }

    @Test func deactivatingWhatIsNotActiveIsAnErrorOnItsLine() {
        #expect(error("sequenceDiagram\nA->>B: hi\ndeactivate B") == DiagramError("'B' is deactivated but not active", line: 3))
        #expect(error("sequenceDiagram\nA->>B: hi\nB-->>-A: no")?.line == 3)
    }

    @Test func notesBesideAndOverParticipants() throws {
        let diagram = try diagram("participant John\nNote right of John: Text in note\nnote left of John: left\nNote over Alice,John: A typical interaction<br/>But now in two lines\nNote over John: over")
        let notes = diagram.events.compactMap { if case let .note(note) = $0 { note } else { nil } }
        #expect(notes.map(\.placement) == [.rightOf, .leftOf, .over, .over])
        #expect(notes[2].participants == [1, 0])
        #expect(notes[2].text == "A typical interaction\nBut now in two lines")
        #expect(notes[3].participants == [0])
    }

    @Test(arguments: ["Note John: x", "Note right of John text", "Note over A,B,C: x", "Note over : x"])
    func malformedNotesAreErrorsOnTheirLine(_ statement: String) {
        #expect(error("sequenceDiagram\nparticipant John\n\(statement)")?.line == 3)
    }

    @Test func framesAndTheirSectionsInSourceOrder() throws {
        let diagram = try diagram("""
            loop Every minute
              A->>B: ping
            end
            alt is sick
              B->>A: not so good
            else is well
              B->>A: fresh
            end
            opt Extra
            end
            par Alice to Bob
            and Alice to John
            end
            critical Connect
            option Timeout
            end
            break fails
            end
            rect rgba(0, 0, 255, .1)
            end
            """)
        let frames = diagram.events.compactMap { event -> String? in
            switch event {
            case let .frameStart(kind, label, _): "\(kind.rawValue) \(label)"
            case let .frameSection(label): "| \(label)"
            case .frameEnd: "end"
            default: nil
            }
        }
        #expect(frames == ["loop Every minute", "end", "alt is sick", "| is well", "end", "opt Extra", "end", "par Alice to Bob", "| Alice to John",
                           "end", "critical Connect", "| Timeout", "end", "break fails", "end", "rect ", "end"])
        let fills = diagram.events.compactMap { if case let .frameStart(.rect, _, fill) = $0 { fill } else { nil } }
        #expect(fills == [Color(red: 0, green: 0, blue: 1, alpha: 0.1)])
    }

    @Test(arguments: [
        ("loop x\nelse y\nend", 3, "'else' is only for 'alt' frames"), ("alt x\nand y\nend", 3, "'and' is only for 'par' frames"),
        ("A->>B: hi\nend", 3, "'end' without a frame or box to end"), ("rect blue-ish\nend", 2, "expected a colour after 'rect' (rgb(…), rgba(…), #rrggbb or a name), not 'blue-ish'"),
    ])
    func misplacedFrameWordsAreErrorsOnTheirLine(_ body: String, _ line: Int, _ message: String) {
        #expect(error("sequenceDiagram\n" + body) == DiagramError(message, line: line))
    }

    @Test func anUnendedFrameIsAnError() {
        #expect(error("sequenceDiagram\nloop forever\nA->>B: hi") == DiagramError("'loop' has no 'end'"))
    }

    @Test func framesNestOnlySoDeep() throws {
        let limit = SequenceParser.maximumNesting
        _ = try diagram(String(repeating: "loop x\n", count: limit) + "A->>B: hi\n" + String(repeating: "end\n", count: limit))
        let deep = String(repeating: "loop x\n", count: limit + 1) + "A->>B: hi\n" + String(repeating: "end\n", count: limit + 1)
        #expect(error("sequenceDiagram\n" + deep) == DiagramError("frames nested more than \(limit) deep", line: limit + 2))
    }

    @Test func autonumberStartsStepsAndStops() throws {
        let numbers = messages(try diagram("A->>B: a\nautonumber\nA->>B: b\nB->>A: c\nautonumber 10 5\nA->>B: d\nA->>B: e\nautonumber off\nA->>B: f")).map(\.number)
        #expect(numbers == [nil, 1, 2, 10, 15, nil])
        #expect(error("sequenceDiagram\nautonumber ten") != nil)
    }

    @Test func titlesFrontMatterCommentsAndDirectives() throws {
        let source = "---\ntitle: From front matter\n---\n%%{init: {\n  'theme': 'base'\n}}%%\nsequenceDiagram\n%% A->>Z: no\nA->>B: yes"
        let diagram = try SequenceParser.parse(source).get()
        #expect(diagram.title == "From front matter")
        #expect(diagram.participants.map(\.id) == ["A", "B"])
        #expect(try self.diagram("title: Ordering\nA->>B: x").title == "Ordering")
        #expect(try self.diagram("title Ordering\nA->>B: x").title == "Ordering")
    }

    @Test func windowsLineEndsEndLines() throws {
        let diagram = try SequenceParser.parse("sequenceDiagram\r\n  A->>B: hi\r\n  B-->>A: ok\r\n").get()
        #expect(messages(diagram).map(\.text) == ["hi", "ok"])
    }

    @Test func semicolonsEndStatementsButNotEntityCodes() throws {
        let sent = messages(try diagram("A->>B: I #9829; you #infin; times; B->>A: #quot;ok#quot; #59; #unknown; #"))
        #expect(sent.map(\.text) == ["I ♥ you ∞ times", "\"ok\" ; #unknown; #"])
    }

    @Test func createAndDestroy() throws {
        let diagram = try diagram("Alice->>Bob: Hello\ncreate participant Carl\nAlice->>Carl: Hi\ncreate actor D as Donald\nCarl->>D: Hi\ndestroy Carl\nAlice-xCarl: too many")
        #expect(diagram.participants.map(\.isCreated) == [false, false, true, true])
        #expect(diagram.participants[3].label == "Donald" && diagram.participants[3].kind == .actor)
        let sent = messages(diagram)
        #expect(sent.map(\.createsReceiver) == [false, true, true, false])
        #expect(sent[3].destroys == [2])
        #expect(error("sequenceDiagram\ncreate participant C\nA->>B: hi") == DiagramError("the message after 'create' must be sent to 'C'", line: 3))
        #expect(error("sequenceDiagram\nA->>B: x\ndestroy B") == DiagramError("no message destroys 'B' after 'destroy'", line: 3))
    }

    @Test func boxesGroupTheParticipantsDeclaredInThem() throws {
        let diagram = try diagram("box Purple Alice & John\nparticipant A\nparticipant J\nend\nbox Another Group\nparticipant B\nend\nbox rgb(33,66,99)\nactor C\nend\nbox \"Quoted label\"\nparticipant D\nend")
        #expect(diagram.groups.map(\.label) == ["Alice & John", "Another Group", "", "Quoted label"])
        #expect(diagram.groups.map(\.members) == [[0, 1], [2], [3], [4]])
        #expect(diagram.groups[0].fill == Color(parsing: "purple"))
        #expect(diagram.groups[1].fill == nil)
        #expect(error("sequenceDiagram\nloop x\nbox Group\nend\nend")?.line == 3)
    }

    @Test func accessibilityTextAndLinksAreSkipped() throws {
        let diagram = try diagram("accTitle: Hi\naccDescr {\n  several\n  lines\n}\nlink A: Dashboard @ https://example.com\nA->>B: x")
        #expect(diagram.events.count == 1)
    }

    @Test(arguments: [("sequenceDiagram\nA B", 2), ("sequenceDiagram\n\nA->>: text", 3), ("sequenceDiagram\nparticipant\n", 2),
                      ("sequenceDiagram\ncreate A\nA->>B: x", 2), ("sequenceDiagram\nA->>B: ok\nJust words", 3)])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int) {
        #expect(error(source)?.line == line)
    }

    @Test func otherHeadersAndEmptyDiagramsAreErrors() {
        #expect(error("%% only\n\n") == DiagramError("the diagram is empty: expected 'sequenceDiagram'", line: 1))
        #expect(error("sequenceDiagram\n%% nothing") == DiagramError("the diagram has no participants or messages"))
        #expect(error("flowchart LR\na-->b")?.line == 1)
    }

    @Test func limitsComeBeforeTheWork() {
        let crowd = (0...SequenceParser.maximumParticipants).map { "participant P\($0)" }.joined(separator: "\n")
        #expect(error("sequenceDiagram\n" + crowd) == DiagramError("more than \(SequenceParser.maximumParticipants) participants",
                                                                    line: SequenceParser.maximumParticipants + 2))
        let chatter = String(repeating: "A->>B: x\n", count: SequenceParser.maximumEvents + 1)
        #expect(error("sequenceDiagram\n" + chatter)?.line == SequenceParser.maximumEvents + 2)
        let start = ContinuousClock.now
        #expect(error("sequenceDiagram\n" + String(repeating: "A-", count: 30_000)) != nil)
        #expect(error("sequenceDiagram\nA->>B: " + String(repeating: "#", count: 70_000)) != nil, "past the size limit")
        #expect(ContinuousClock.now - start < .seconds(2))
    }
}
