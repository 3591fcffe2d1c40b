import Testing
@testable import LetterpressDiagrams

/// Mermaid's class diagram syntax, a construct at a time, as its documentation writes it.
@Suite struct ClassDiagramParserTests {
    private func diagram(_ body: String) throws -> ClassDiagram {
        try ClassDiagramParser.parse("classDiagram\n\(body)").get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = ClassDiagramParser.parse(source) { return error }
        return nil
    }

    @Test func membersInABodyAndAfterAColon() throws {
        let diagram = try diagram("""
            class BankAccount{
                +String owner
                +BigDecimal balance
                +deposit(amount) bool
                +withdrawal(amount)
            }
            BankAccount : +String iban
            BankAccount: +close()
            """)
        let account = diagram.classes[0]
        #expect(account.id == "BankAccount")
        #expect(account.attributes.map(\.text) == ["+String owner", "+BigDecimal balance", "+String iban"])
        #expect(account.methods.map(\.text) == ["+deposit(amount) : bool", "+withdrawal(amount)", "+close()"])
    }

    @Test func genericsBecomeAngleBrackets() throws {
        let diagram = try diagram("""
            class Square~Shape~{
                List~int~ position
                +getDistanceMatrix() List~List~int~~
                +~Square()
            }
            Square : -List~string~ messages
            Square~Shape~ <|-- Cube
            """)
        let square = diagram.classes[0]
        #expect(diagram.classes.map(\.id) == ["Square", "Cube"])
        #expect(square.label == "Square<Shape>")
        #expect(square.attributes.map(\.text) == ["List<int> position", "-List<string> messages"])
        #expect(square.methods.map(\.text) == ["+getDistanceMatrix() : List<List<int>>", "+~Square()"])
    }

    @Test func classifiersMarkStaticAndAbstractMembers() throws {
        let members = try diagram("class A\nA : +someAbstractMethod()*\nA : +someStaticMethod()$\nA : +String someField$\nA : +count() int$\nA : +make()$ A").classes[0]
        #expect(members.methods.map(\.classifier) == [.isAbstract, .isStatic, .isStatic, .isStatic])
        #expect(members.methods.map(\.text) == ["+someAbstractMethod()", "+someStaticMethod()", "+count() : int", "+make() : A"])
        #expect(members.attributes == [ClassDiagram.Member(text: "+String someField", classifier: .isStatic)])
    }

    static let relations: [(String, ClassDiagram.End, ClassDiagram.End, Bool)] = [
        ("classA <|-- classB", .triangle, .none, false),
        ("classC *-- classD", .filledDiamond, .none, false), ("classE o-- classF", .emptyDiamond, .none, false),
        ("classG <-- classH", .arrow, .none, false), ("classI -- classJ", .none, .none, false),
        ("classK <.. classL", .arrow, .none, true), ("classM <|.. classN", .triangle, .none, true), ("classO .. classP", .none, .none, true),
        ("classA --|> classB", .none, .triangle, false), ("classC --* classD", .none, .filledDiamond, false),
        ("classE --o classF", .none, .emptyDiamond, false), ("classG --> classH", .none, .arrow, false),
        ("classK ..> classL", .none, .arrow, true), ("classM ..|> classN", .none, .triangle, true),
        ("Animal <|--|> Zebra", .triangle, .triangle, false), ("bar ()-- foo", .lollipop, .none, false), ("foo --() bar", .none, .lollipop, false),
        ("a-->b", .none, .arrow, false),
    ]

    @Test(arguments: relations)
    func relationEnds(_ statement: String, _ fromEnd: ClassDiagram.End, _ toEnd: ClassDiagram.End, _ dashed: Bool) throws {
        let diagram = try diagram(statement)
        #expect(diagram.classes.count == 2)
        let relation = try #require(diagram.relations.first)
        #expect(relation.from == 0 && relation.to == 1)
        #expect(relation.fromEnd == fromEnd)
        #expect(relation.toEnd == toEnd)
        #expect(relation.dashed == dashed)
    }

    @Test func cardinalitiesAndLabels() throws {
        let relations = try diagram("""
            Customer "1" --> "*" Ticket
            Galaxy --> "many" Star : Contains
            Student "1" --o "1" IdCard : "carries"
            """).relations
        #expect(relations.map(\.fromCardinality) == ["1", "", "1"])
        #expect(relations.map(\.toCardinality) == ["*", "many", "1"])
        #expect(relations.map(\.label) == ["", "Contains", "carries"])
    }

    @Test func annotationsLabelsAndBackticks() throws {
        let diagram = try diagram("""
            class Shape
            <<interface>> Shape
            class Color{
                <<enumeration>>
                RED
            }
            class Service <<service>>
            class Animal["Animal with a label"]
            class `Animal Class!`
            `Animal Class!` --> Animal
            """)
        #expect(diagram.classes.map(\.annotations) == [["interface"], ["enumeration"], ["service"], [], []])
        #expect(diagram.classes[1].attributes.map(\.text) == ["RED"])
        #expect(diagram.classes[3].label == "Animal with a label")
        #expect(diagram.classes[4].id == "Animal Class!")
        #expect(diagram.relations.count == 1)
    }

    @Test func namespacesNotesDirectionAndStyles() throws {
        let diagram = try diagram("""
            direction RL
            namespace BaseShapes {
                class Triangle
                class Rectangle {
                  double width
                }
            }
            note "From Duck till Zebra"
            note for Duck "can fly\\ncan swim"
            class Animal:::someclass
            classDef someclass fill:#f96
            cssClass "Duck,Triangle" someclass
            style Duck stroke:#333
            link Duck "https://example.com" "tooltip"
            click Duck href "https://example.com"
            """)
        #expect(diagram.direction == "RL")
        #expect(diagram.namespaces == [ClassDiagram.Namespace(name: "BaseShapes", parent: nil)])
        #expect(diagram.classes.map(\.namespace) == [0, 0, nil, nil])
        #expect(diagram.notes == [ClassDiagram.Note(text: "From Duck till Zebra", forClass: nil), ClassDiagram.Note(text: "can fly\ncan swim", forClass: 2)])
        #expect(diagram.classes[3].cssClasses == ["someclass"])
        #expect(diagram.classes[0].cssClasses == ["someclass"])
        #expect(diagram.classes[2].style == ["stroke": "#333"])
        #expect(diagram.classDefs["someclass"] == ["fill": "#f96"])
    }

    @Test(arguments: [
        ("classDiagram\n  A -> B", 2, "expected a relation (such as <|--, *--, o--, -->, --, ..>, ..|> or ..) or ':' and a member, found '-> B'"),
        ("classDiagram\n  A <|--", 2, "expected a class's name, found the end of the line"),
        ("classDiagram\n\n  class A {\n  +x", 3, "class 'A' has no closing '}'"),
        ("classDiagram\n  namespace N {\n  class A", 2, "namespace 'N' has no closing '}'"),
        ("classDiagram\n  }", 2, "'}' without a class or namespace to close"),
        ("classDiagram\n  note for A", 2, "expected the note's text in double quotes, found the end of the line"),
        ("classDiagram\n  A --> B : x y\n  A --> C D", 3, "expected ':' and the relation's label, or the end of the line, found 'D'"),
        ("classDiagram LR", 1, "expected 'classDiagram' alone on the diagram's first line, found 'classDiagram LR'"),
    ])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int, _ message: String) {
        #expect(error(source) == DiagramError(message, line: line))
    }

    @Test func limitsStopHugeAndDeepDiagrams() {
        let many = (0...MermaidParser.maximumNodes).map { "class C\($0)" }.joined(separator: "\n")
        #expect(error("classDiagram\n" + many)?.message.contains("more than") == true)
        let deep = (0...MermaidParser.maximumNesting).map { "namespace N\($0) {" }.joined(separator: "\n")
        #expect(error("classDiagram\n" + deep)?.message.contains("nested more than") == true)
    }
}
