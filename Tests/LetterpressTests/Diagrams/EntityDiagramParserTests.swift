import Testing
@testable import LetterpressDiagrams

/// Mermaid's entity relationship syntax, a construct at a time, as its documentation writes it.
@Suite struct EntityDiagramParserTests {
    private func diagram(_ body: String) throws -> EntityDiagram {
        try EntityDiagramParser.parse("erDiagram\n\(body)").get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = EntityDiagramParser.parse(source) { return error }
        return nil
    }

    static let relationships: [(String, EntityDiagram.Cardinality, EntityDiagram.Cardinality, Bool)] = [
        ("A |o--o| B", .zeroOrOne, .zeroOrOne, true),
        ("A ||--|| B", .exactlyOne, .exactlyOne, true), ("A }o--o{ B", .zeroOrMore, .zeroOrMore, true),
        ("A }|..|{ B", .oneOrMore, .oneOrMore, false), ("A ||--o{ B", .exactlyOne, .zeroOrMore, true),
        ("A only one to zero or more B", .exactlyOne, .zeroOrMore, true), ("A one or zero optionally to 1+ B", .zeroOrOne, .oneOrMore, false),
        ("A many(0) to 1 B", .zeroOrMore, .exactlyOne, true), ("A ||--o{B", .exactlyOne, .zeroOrMore, true),
        ("A o|--|o B", .zeroOrOne, .zeroOrOne, true),
    ]

    @Test(arguments: relationships)
    func relationshipCardinalities(_ statement: String, _ from: EntityDiagram.Cardinality, _ to: EntityDiagram.Cardinality, _ identifying: Bool) throws {
        let diagram = try diagram(statement + " : has")
        #expect(diagram.entities.map(\.id) == ["A", "B"])
        #expect(diagram.relationships == [EntityDiagram.Relationship(from: 0, to: 1, fromCardinality: from, toCardinality: to, identifying: identifying, label: "has")])
    }

    @Test func namesWithHyphensAndQuotedLabels() throws {
        let diagram = try diagram("CUSTOMER }|..|{ DELIVERY-ADDRESS : \"uses often\"\nCAR ||--|| ENGINE : \"\"\nLONE")
        #expect(diagram.entities.map(\.id) == ["CUSTOMER", "DELIVERY-ADDRESS", "CAR", "ENGINE", "LONE"])
        #expect(diagram.relationships.map(\.label) == ["uses often", ""])
    }

    @Test func attributesWithKeysAndComments() throws {
        let diagram = try diagram("""
            PERSON {
                string driversLicense PK "The license #"
                string(99) firstName "Only 99 characters are allowed"
                string[] parts
                string carRegistrationNumber PK, FK
                int age
            }
            """)
        #expect(diagram.entities[0].attributes == [
            EntityDiagram.Attribute(type: "string", name: "driversLicense", keys: ["PK"], comment: "The license #"),
            EntityDiagram.Attribute(type: "string(99)", name: "firstName", keys: [], comment: "Only 99 characters are allowed"),
            EntityDiagram.Attribute(type: "string[]", name: "parts"),
            EntityDiagram.Attribute(type: "string", name: "carRegistrationNumber", keys: ["PK", "FK"]),
            EntityDiagram.Attribute(type: "int", name: "age"),
        ])
    }

    @Test func blocksOnOneLineAndAliases() throws {
        let diagram = try diagram("""
            DEVICE { number device_id PK  string hardware_model }
            Map{
                JSON metadata
            }
            p[Person] {
                string firstName
            }
            a["Customer Account"] { string email }
            p ||--o| a : has
            """)
        #expect(diagram.entities.map(\.label) == ["DEVICE", "Map", "Person", "Customer Account"])
        #expect(diagram.entities[0].attributes.map(\.name) == ["device_id", "hardware_model"])
        #expect(diagram.entities[1].attributes.map(\.type) == ["JSON"])
        #expect(diagram.relationships.map { "\($0.from)\($0.to)" } == ["23"])
    }

    @Test func directionTitleAndStyles() throws {
        let diagram = try EntityDiagramParser.parse("""
            ---
            title: Order example
            ---
            erDiagram
                direction LR
                CUSTOMER:::hot ||--o{ ORDER : places
                classDef hot fill:#f96
                class ORDER hot
                style CUSTOMER stroke:#333
            """).get()
        #expect(diagram.title == "Order example")
        #expect(diagram.direction == "LR")
        #expect(diagram.entities.map(\.cssClasses) == [["hot"], ["hot"]])
        #expect(diagram.entities[0].style == ["stroke": "#333"])
    }

    @Test(arguments: [
        ("erDiagram\n  A --> B : x", 2, "expected a relationship (such as ||--o{ or }|..|{) or '{', found '--> B : x'"),
        ("erDiagram\n  A ||--o{ : x", 2, "expected an entity's name, found ': x'"),
        ("erDiagram\n  A ||--o{ B x", 2, "expected ':' and the relationship's label, found 'x'"),
        ("erDiagram\n  A {\n    string\n  }", 3, "expected the name of the attribute of type 'string'"),
        ("erDiagram\n  A {\n    \"comment\" x\n  }", 3, "expected an attribute's type, found a comment"),
        ("erDiagram\n  A {\n    string x \"open\n  }", 3, "a comment in an attribute has no closing '\"'"),
        ("erDiagram\n\n  A {\n    string x", 3, "entity 'A' has no closing '}'"),
        ("erDiagram\n  A { string x } B", 2, "expected the end of the line after '}', found ' B'"),
    ])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int, _ message: String) {
        #expect(error(source) == DiagramError(message, line: line))
    }

    @Test func limitsStopHugeDiagrams() {
        let many = (0...MermaidParser.maximumNodes).map { "E\($0)" }.joined(separator: "\n")
        #expect(error("erDiagram\n" + many)?.message.contains("more than") == true)
        let relationships = (0...MermaidParser.maximumEdges).map { _ in "A ||--o{ B : x" }.joined(separator: "\n")
        #expect(error("erDiagram\n" + relationships)?.message.contains("more than") == true)
        let attributes = String(repeating: "int a\n", count: EntityDiagramParser.maximumAttributes + 1)
        #expect(error("erDiagram\nE {\n" + attributes + "}") == DiagramError("more than 2000 attributes", line: 2 + EntityDiagramParser.maximumAttributes + 1))
    }
}
