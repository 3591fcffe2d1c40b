import Foundation
import LetterpressCore

/// Mermaid's entity relationship syntax (`erDiagram`), as its documentation gives it, read a
/// line at a time: `A ||--o{ B : label` (or the word forms, `A only one to zero or more B`),
/// entities with aliases (`p[Person]`) and attribute blocks (`{ type name PK, FK "comment" … }`,
/// across lines or on one). Entities and relationships stop at the flowchart's limits.
package struct EntityDiagramParser {
    /// Attributes in all, beyond which a diagram is refused: each is a row of a table Graphviz
    /// sizes, and no schema a page can show has more.
    static let maximumAttributes = 2_000

    private var diagram = EntityDiagram()
    /// The entity whose `{ … }` block is being read, and the line it opened on.
    private var openEntity: (index: Int, line: Int)?
    /// Inside an `accDescr { … }` block, which draws nothing.
    private var inDescription = false
    private var attributeCount = 0

    /// The ER diagram `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<EntityDiagram, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'erDiagram'", line: 1)) }
        guard header.text == "erDiagram" else {
            return .failure(DiagramError("expected 'erDiagram' alone on the diagram's first line, found \(Excerpt.quoted(header.text))", line: header.number))
        }
        var parser = EntityDiagramParser()
        parser.diagram.title = title
        for line in lines.dropFirst() {
            if let error = parser.read(line) { return .failure(error) }
        }
        if let block = parser.openEntity {
            return .failure(DiagramError("entity '\(Excerpt.name(parser.diagram.entities[block.index].id))' has no closing '}'", line: block.line))
        }
        return .success(parser.diagram)
    }

    private mutating func read(_ line: MermaidSource.Line) -> DiagramError? {
        let text = line.text
        if let block = openEntity { return attributes(text, of: block.index, line: line.number) }
        if inDescription {
            inDescription = !text.contains("}")
            return nil
        }
        switch String(text.prefix { !$0.isWhitespace && $0 != ":" && $0 != "{" }) {
        case "direction":
            switch MermaidSource.direction(text, line: line.number) {
            case let .success(direction): diagram.direction = direction
            case let .failure(error): return error
            }
            return nil
        case "classDef":
            guard let definition = MermaidStyle.definition(text) else { return DiagramError("expected 'classDef name property:value,…'", line: line.number) }
            for name in definition.names { diagram.classDefs[name, default: [:]].merge(definition.properties) { $1 } }
            return nil
        case "class":
            guard let assignment = MermaidStyle.assignment(text) else { return DiagramError("expected 'class entity,… className'", line: line.number) }
            for id in assignment.ids {
                guard let index = add(id, line: line.number) else { return tooMany(line.number) }
                diagram.entities[index].cssClasses.append(assignment.className)
            }
            return nil
        case "style":
            let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { return DiagramError("expected 'style entity property:value,…'", line: line.number) }
            guard let index = add(parts[1], line: line.number) else { return tooMany(line.number) }
            diagram.entities[index].style.merge(MermaidParser.styleProperties(parts[2])) { $1 }
            return nil
        case "accTitle":
            return nil
        case "accDescr":
            inDescription = text.contains("{") && !text.contains("}")
            return nil
        default:
            var reader = StatementReader(text, line: line.number)
            return statement(&reader)
        }
    }

    // MARK: Statements

    /// `A`, `A {` (attributes follow) or `A <relationship> B : label`.
    private mutating func statement(_ reader: inout StatementReader) -> DiagramError? {
        let first: Int
        switch entity(&reader) {
        case let .success(index): first = index
        case let .failure(error): return error
        }
        reader.skipSpaces()
        if reader.take("{") {
            openEntity = (first, reader.line)
            return attributes(reader.rest(), of: first, line: reader.line)
        }
        if reader.isAtEnd { return nil }
        guard let ends = relationshipEnds(&reader) else {
            return reader.expected("a relationship (such as ||--o{ or }|..|{) or '{'")
        }
        reader.skipSpaces()
        var relationship = EntityDiagram.Relationship(from: first, to: first, fromCardinality: ends.from,
                                                      toCardinality: ends.to, identifying: ends.identifying)
        switch entity(&reader) {
        case let .success(index): relationship.to = index
        case let .failure(error): return error
        }
        reader.skipSpaces()
        if reader.take(":") { relationship.label = MermaidParser.unquoted(reader.rest()) }
        guard reader.isAtEnd else { return reader.expected("':' and the relationship's label") }
        guard diagram.relationships.count < MermaidParser.maximumEdges else { return tooMany(reader.line) }
        diagram.relationships.append(relationship)
        return nil
    }

    /// An entity's name (or a name in double quotes), its alias in brackets and a `:::class`.
    private mutating func entity(_ reader: inout StatementReader) -> Result<Int, DiagramError> {
        guard let id = reader.enclosed("\"", "\"") ?? reader.name() else { return .failure(reader.expected("an entity's name")) }
        guard let index = add(id, line: reader.line) else { return .failure(tooMany(reader.line)) }
        if let alias = reader.enclosed("[", "]") { diagram.entities[index].label = MermaidParser.unquoted(alias) }
        if reader.take(":::") {
            guard let name = reader.name() else { return .failure(reader.expected("a class's name after ':::'")) }
            diagram.entities[index].cssClasses.append(name)
        }
        return .success(index)
    }

    /// The word forms of cardinalities, longer ones before those they start with.
    private static let cardinalityWords: [(String, EntityDiagram.Cardinality)] = [
        ("zero or more", .zeroOrMore), ("zero or many", .zeroOrMore), ("zero or one", .zeroOrOne), ("one or more", .oneOrMore),
        ("one or many", .oneOrMore), ("one or zero", .zeroOrOne), ("only one", .exactlyOne), ("many(0)", .zeroOrMore),
        ("many(1)", .oneOrMore), ("0+", .zeroOrMore), ("1+", .oneOrMore), ("1", .exactlyOne),
    ]

    /// `||--o{` and the like (the outer character of each end is the most, the inner the
    /// least; `--` identifying, `..` not), or `only one to zero or more` (`optionally to`: not
    /// identifying). As for Mermaid, an end may face either way (`o|--o{` is read as `|o--o{`).
    private func relationshipEnds(_ reader: inout StatementReader) -> (from: EntityDiagram.Cardinality, identifying: Bool, to: EntityDiagram.Cardinality)? {
        let ends: [(String, EntityDiagram.Cardinality)] = [("|o", .zeroOrOne), ("o|", .zeroOrOne), ("||", .exactlyOne), ("}o", .zeroOrMore),
                                                           ("o{", .zeroOrMore), ("}|", .oneOrMore), ("|{", .oneOrMore)]
        if let from = ends.first(where: { reader.take($0.0) })?.1 {
            let identifying = reader.take("--")
            guard identifying || reader.take("..") else { return nil }
            guard let to = ends.first(where: { reader.take($0.0) })?.1 else { return nil }
            return (from, identifying, to)
        }
        guard let from = word(&reader) else { return nil }
        reader.skipSpaces()
        let identifying = reader.take("to ")
        guard identifying || reader.take("optionally to ") else { return nil }
        reader.skipSpaces()
        guard let to = word(&reader) else { return nil }
        return (from, identifying, to)
    }

    /// A cardinality's word form followed by a space.
    private func word(_ reader: inout StatementReader) -> EntityDiagram.Cardinality? {
        Self.cardinalityWords.first { reader.take($0.0 + " ") }?.1
    }

    // MARK: Attributes

    /// The attributes on a line of `entity`'s block, `type name` each, then keys (`PK, FK`)
    /// and a comment in double quotes; a `}` closes the block.
    private mutating func attributes(_ text: String, of entity: Int, line: Int) -> DiagramError? {
        var body = Substring(text)
        if let brace = text.firstIndex(of: "}") {
            guard text[text.index(after: brace)...].trimmingCharacters(in: .whitespaces).isEmpty else {
                return DiagramError("expected the end of the line after '}', found \(Excerpt.quoted(text[text.index(after: brace)...]))", line: line)
            }
            body = text[..<brace]
            openEntity = nil
        }
        guard let tokens = Self.tokens(body) else { return DiagramError("a comment in an attribute has no closing '\"'", line: line) }
        var position = 0
        while position < tokens.count {
            guard case let .word(type) = tokens[position] else { return DiagramError("expected an attribute's type, found a comment", line: line) }
            guard position + 1 < tokens.count, case let .word(name) = tokens[position + 1] else {
                return DiagramError("expected the name of the attribute of type \(Excerpt.quoted(type))", line: line)
            }
            var attribute = EntityDiagram.Attribute(type: type, name: name)
            position += 2
            while position < tokens.count, case let .word(word) = tokens[position], Self.isKeys(word) {
                attribute.keys += word.split(separator: ",").map(String.init)
                position += 1
            }
            if position < tokens.count, case let .quoted(comment) = tokens[position] {
                attribute.comment = comment
                position += 1
            }
            attributeCount += 1
            guard attributeCount <= Self.maximumAttributes else {
                return DiagramError("more than \(Self.maximumAttributes) attributes", line: line)
            }
            diagram.entities[entity].attributes.append(attribute)
        }
        return nil
    }

    private enum Token { case word(String), quoted(String) }

    /// Words and double-quoted comments; nil if a comment does not close.
    private static func tokens(_ text: Substring) -> [Token]? {
        var tokens: [Token] = []
        var rest = text[...]
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            if rest.first == "\"" {
                guard let close = rest.dropFirst().firstIndex(of: "\"") else { return nil }
                tokens.append(.quoted(String(rest[rest.index(after: rest.startIndex)..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? rest.endIndex
                tokens.append(.word(String(rest[..<end])))
                rest = rest[end...]
            }
        }
        return tokens
    }

    /// `PK`, `FK`, `UK`, or several joined by commas (`PK,` then `FK`).
    private static func isKeys(_ word: String) -> Bool {
        word.split(separator: ",").allSatisfy { $0 == "PK" || $0 == "FK" || $0 == "UK" }
    }

    /// The index of entity `id`, added when new; nil past the limit.
    private mutating func add(_ id: String, line: Int) -> Int? {
        let index = diagram.index(ofEntity: id)
        return diagram.entities.count > MermaidParser.maximumNodes ? nil : index
    }

    private func tooMany(_ line: Int) -> DiagramError {
        DiagramError("more than \(MermaidParser.maximumNodes) entities or \(MermaidParser.maximumEdges) relationships", line: line)
    }
}
