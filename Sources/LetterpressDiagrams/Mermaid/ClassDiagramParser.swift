import Foundation
import LetterpressCore

/// Mermaid's class diagram syntax (`classDiagram`), as its documentation gives it, read a line
/// at a time without recursion: a class's `{ … }` body holds one member a line, namespaces
/// open and close on a stack no deeper than `MermaidParser.maximumNesting`, and classes,
/// notes and relations stop at the flowchart's limits.
package struct ClassDiagramParser {
    private var diagram = ClassDiagram()
    /// The class whose `{ … }` body is being read, and the line it opened on.
    private var openClass: (index: Int, line: Int)?
    /// The namespaces open at this point, innermost last, with the line each opened on.
    private var open: [(namespace: Int, line: Int)] = []
    /// Inside an `accDescr { … }` block, which draws nothing.
    private var inDescription = false

    /// The class diagram `source` describes, or what is wrong with it and on which line.
    package static func parse(_ source: String) -> Result<ClassDiagram, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'classDiagram'", line: 1)) }
        guard header.text == "classDiagram" || header.text == "classDiagram-v2" else {
            return .failure(DiagramError("expected 'classDiagram' alone on the diagram's first line, found \(Excerpt.quoted(header.text))", line: header.number))
        }
        var parser = ClassDiagramParser()
        parser.diagram.title = title
        for line in lines.dropFirst() {
            if let error = parser.read(line) { return .failure(error) }
        }
        if let body = parser.openClass {
            return .failure(DiagramError("class '\(Excerpt.name(parser.diagram.classes[body.index].id))' has no closing '}'", line: body.line))
        }
        if let innermost = parser.open.last {
            return .failure(DiagramError("namespace '\(Excerpt.name(parser.diagram.namespaces[innermost.namespace].name))' has no closing '}'", line: innermost.line))
        }
        return .success(parser.diagram)
    }

    private mutating func read(_ line: MermaidSource.Line) -> DiagramError? {
        let text = line.text
        if let body = openClass {
            if text.hasPrefix("}") {
                openClass = nil
                return text == "}" ? nil : DiagramError("expected '}' alone on its line, found \(Excerpt.quoted(text))", line: line.number)
            }
            // A last member may share its line with the closing brace.
            let closes = text.hasSuffix("}")
            let member = closes ? text.dropLast().trimmingCharacters(in: .whitespaces) : text
            addMember(member, to: body.index)
            if closes { openClass = nil }
            return nil
        }
        if inDescription {
            inDescription = !text.contains("}")
            return nil
        }
        var reader = StatementReader(text, line: line.number)
        switch String(text.prefix { !$0.isWhitespace && $0 != "{" }) {
        case "direction":
            switch MermaidSource.direction(text, line: line.number) {
            case let .success(direction): diagram.direction = direction
            case let .failure(error): return error
            }
            return nil
        case "class":
            return declaration(&reader)
        case "namespace":
            return namespace(&reader)
        case "note":
            return note(&reader)
        case "classDef":
            guard let definition = MermaidStyle.definition(text) else { return DiagramError("expected 'classDef name property:value,…'", line: line.number) }
            for name in definition.names { diagram.classDefs[name, default: [:]].merge(definition.properties) { $1 } }
            return nil
        case "cssClass":
            return cssClass(&reader)
        case "style":
            let parts = text.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { return DiagramError("expected 'style class property:value,…'", line: line.number) }
            guard let index = add(parts[1], line: line.number) else { return tooMany(line.number) }
            diagram.classes[index].style.merge(MermaidParser.styleProperties(parts[2])) { $1 }
            return nil
        case "link", "click", "callback", "accTitle", "accTitle:":
            // Links and callbacks do nothing on paper; the title is for screen readers.
            return nil
        case "accDescr", "accDescr:":
            inDescription = text.contains("{") && !text.contains("}")
            return nil
        case "}":
            guard text == "}" else { return reader.expected("'}' alone on its line") }
            guard open.popLast() != nil else { return DiagramError("'}' without a class or namespace to close", line: line.number) }
            return nil
        default:
            return text.hasPrefix("<<") ? annotation(&reader) : relationOrMember(&reader)
        }
    }

    // MARK: Statements

    /// `class Name`, optionally `~T~`, `["label"]`, `:::style`, `<<annotation>>`, and `{` with
    /// members on the lines up to `}` (or `{ }` on the line).
    private mutating func declaration(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("class")
        reader.skipSpaces()
        let index: Int
        switch className(&reader) {
        case let .success(found): index = found
        case let .failure(error): return error
        }
        if let label = reader.enclosed("[", "]") {
            let generic = diagram.classes[index].label.drop { $0 != "<" }
            diagram.classes[index].label = MermaidParser.unquoted(label) + generic
        }
        while true {
            reader.skipSpaces()
            if reader.take(":::") {
                guard let name = reader.name() else { return reader.expected("a class's name after ':::'") }
                diagram.classes[index].cssClasses.append(name)
            } else if let annotation = reader.enclosed("<<", ">") {
                _ = reader.take(">")
                diagram.classes[index].annotations.append(annotation.trimmingCharacters(in: .whitespaces))
            } else {
                break
            }
        }
        guard reader.take("{") else {
            return reader.isAtEnd ? nil : reader.expected("'{', '<<annotation>>' or the end of the line")
        }
        var body = reader.rest()
        if body.hasSuffix("}") {
            body.removeLast()
            let member = body.trimmingCharacters(in: .whitespaces)
            if !member.isEmpty { addMember(member, to: index) }
        } else {
            if !body.isEmpty { addMember(body, to: index) }
            openClass = (index, reader.line)
        }
        return nil
    }

    /// `A : member`, or a relation: `A "1" <|-- "many" B : label`, its ends `<|` or `|>`, `*`,
    /// `o`, `<` or `>`, `()` or nothing around `--` or `..`.
    private mutating func relationOrMember(_ reader: inout StatementReader) -> DiagramError? {
        let from: Int
        switch className(&reader) {
        case let .success(found): from = found
        case let .failure(error): return error
        }
        reader.skipSpaces()
        if reader.take(":") {
            let member = reader.rest()
            if !member.isEmpty { addMember(member, to: from) }
            return nil
        }
        var relation = ClassDiagram.Relation(from: from, to: from)
        relation.fromCardinality = reader.enclosed("\"", "\"") ?? ""
        reader.skipSpaces()
        if reader.isAtEnd, relation.fromCardinality.isEmpty { return nil }
        relation.fromEnd = leftEnd(&reader)
        if reader.take("..") {
            relation.dashed = true
        } else if !reader.take("--") {
            return reader.expected("a relation (such as <|--, *--, o--, -->, --, ..>, ..|> or ..) or ':' and a member")
        }
        relation.toEnd = rightEnd(&reader)
        reader.skipSpaces()
        relation.toCardinality = reader.enclosed("\"", "\"") ?? ""
        reader.skipSpaces()
        switch className(&reader) {
        case let .success(found): relation.to = found
        case let .failure(error): return error
        }
        reader.skipSpaces()
        if reader.take(":") { relation.label = MermaidParser.unquoted(reader.rest()) }
        guard reader.isAtEnd else { return reader.expected("':' and the relation's label, or the end of the line") }
        guard diagram.relations.count < MermaidParser.maximumEdges else { return tooMany(reader.line) }
        diagram.relations.append(relation)
        return nil
    }

    private func leftEnd(_ reader: inout StatementReader) -> ClassDiagram.End {
        if reader.take("<|") { return .triangle }
        if reader.take("()") { return .lollipop }
        if reader.take("*") { return .filledDiamond }
        if reader.take("o") { return .emptyDiamond }
        if reader.take("<") { return .arrow }
        return .none
    }

    private func rightEnd(_ reader: inout StatementReader) -> ClassDiagram.End {
        if reader.take("|>") { return .triangle }
        if reader.take("()") { return .lollipop }
        if reader.take("*") { return .filledDiamond }
        if reader.take(">") { return .arrow }
        // `--o B` ends in a diamond; `--oB` would be a class named `oB`, as Mermaid reads it.
        if reader.next == "o", reader.peek(1).map({ !$0.isLetter && !$0.isNumber && $0 != "_" }) ?? true {
            _ = reader.take("o")
            return .emptyDiamond
        }
        return .none
    }

    /// `<<interface>> Name` on a line of its own.
    private mutating func annotation(_ reader: inout StatementReader) -> DiagramError? {
        guard let annotation = reader.enclosed("<<", ">"), reader.take(">") else { return reader.expected("'<<annotation>>'") }
        reader.skipSpaces()
        switch className(&reader) {
        case let .success(index):
            diagram.classes[index].annotations.append(annotation.trimmingCharacters(in: .whitespaces))
            return reader.isAtEnd ? nil : reader.expected("the end of the line")
        case let .failure(error):
            return error
        }
    }

    /// `namespace Name {`, which holds the classes first written before its `}`.
    private mutating func namespace(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("namespace")
        reader.skipSpaces()
        var name = ""
        while let character = reader.next, !character.isWhitespace, character != "{" {
            name.append(character)
            _ = reader.take(String(character))
        }
        reader.skipSpaces()
        guard !name.isEmpty else { return reader.expected("a namespace's name") }
        guard reader.take("{") else { return reader.expected("'{' after the namespace's name") }
        reader.skipSpaces()
        guard reader.isAtEnd else { return reader.expected("the end of the line after '{'") }
        guard open.count < MermaidParser.maximumNesting else {
            return DiagramError("namespaces nested more than \(MermaidParser.maximumNesting) deep", line: reader.line)
        }
        diagram.namespaces.append(ClassDiagram.Namespace(name: name, parent: open.last?.namespace))
        open.append((diagram.namespaces.count - 1, reader.line))
        return nil
    }

    /// `note "text"` or `note for Class "text"`; `\n` in the text breaks its line.
    private mutating func note(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("note")
        reader.skipSpaces()
        var forClass: Int?
        if reader.take("for ") {
            reader.skipSpaces()
            switch className(&reader) {
            case let .success(index): forClass = index
            case let .failure(error): return error
            }
            reader.skipSpaces()
        }
        guard let text = reader.enclosed("\"", "\"") else { return reader.expected("the note's text in double quotes") }
        guard diagram.classes.count + diagram.notes.count < MermaidParser.maximumNodes else { return tooMany(reader.line) }
        diagram.notes.append(ClassDiagram.Note(text: MermaidParser.unquoted(text.replacingOccurrences(of: "\\n", with: "\n")), forClass: forClass))
        return nil
    }

    /// `cssClass "a,b" styleName`.
    private mutating func cssClass(_ reader: inout StatementReader) -> DiagramError? {
        _ = reader.take("cssClass")
        reader.skipSpaces()
        guard let ids = reader.enclosed("\"", "\"") else { return reader.expected("the classes in double quotes") }
        reader.skipSpaces()
        guard let name = reader.name() else { return reader.expected("a style's name") }
        for id in ids.split(separator: ",") {
            guard let index = add(id.trimmingCharacters(in: .whitespaces), line: reader.line) else { return tooMany(reader.line) }
            diagram.classes[index].cssClasses.append(name)
        }
        return nil
    }

    // MARK: Classes and members

    /// A class's name (or a name in backticks) and its generic type (`Square~Shape~`), added
    /// when new; the generic type, if the class had none, joins its label.
    private mutating func className(_ reader: inout StatementReader) -> Result<Int, DiagramError> {
        guard let id = reader.enclosed("`", "`") ?? reader.name() else { return .failure(reader.expected("a class's name")) }
        var generic = ""
        if reader.next == "~" {
            // The run up to a space, `{`, `[`, `:` or a quote, to its last `~`: generics nest.
            var run = ""
            while let character = reader.next, !character.isWhitespace, !"{[:\"".contains(character) {
                run.append(character)
                _ = reader.take(String(character))
            }
            if let last = run.lastIndex(of: "~"), last != run.startIndex {
                generic = String(run[run.index(after: run.startIndex)..<last])
            }
        }
        guard let index = add(id, line: reader.line) else { return .failure(tooMany(reader.line)) }
        if !generic.isEmpty, !diagram.classes[index].label.contains("<") {
            diagram.classes[index].label += "<" + Self.generics(generic) + ">"
        }
        return .success(index)
    }

    /// A line of a class's body or of `Class : member`: an annotation, a method (it has
    /// parentheses) or an attribute.
    private mutating func addMember(_ text: String, to index: Int) {
        if text.hasPrefix("<<"), text.hasSuffix(">>") {
            diagram.classes[index].annotations.append(String(text.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces))
            return
        }
        var text = text
        var classifier = ClassDiagram.Classifier.none
        if text.hasSuffix("$") {
            classifier = .isStatic
            text.removeLast()
        }
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else {
            diagram.classes[index].attributes.append(ClassDiagram.Member(text: Self.generics(text), classifier: classifier))
            return
        }
        if classifier == .none, text.hasSuffix("*") {
            classifier = .isAbstract
            text.removeLast()
        }
        let signature = Self.generics(String(text[...close]))
        var returnType = Self.generics(text[text.index(after: close)...].trimmingCharacters(in: .whitespaces))
        // The classifier belongs at the very end, but is also written straight after `)`.
        if classifier == .none, let mark = returnType.first, mark == "$" || mark == "*" {
            classifier = mark == "$" ? .isStatic : .isAbstract
            returnType = returnType.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        let shown = returnType.isEmpty ? signature : signature + " : " + returnType
        diagram.classes[index].methods.append(ClassDiagram.Member(text: shown, classifier: classifier))
    }

    /// Mermaid's generics, `List~List~int~~`, as `List<List<int>>`: a `~` after a letter or
    /// digit and before one opens, any other closes the innermost open one, and a `~` with
    /// none open (`~Destructor()`, package visibility) stays.
    static func generics(_ text: String) -> String {
        guard text.contains("~") else { return text }
        let characters = Array(text)
        var result = ""
        var depth = 0
        for (position, character) in characters.enumerated() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            let after = position + 1 < characters.count ? characters[position + 1] : " "
            let before = position > 0 ? characters[position - 1] : " "
            if (before.isLetter || before.isNumber || before == "_") && (after.isLetter || after.isNumber || after == "_") {
                result.append("<")
                depth += 1
            } else if depth > 0 {
                result.append(">")
                depth -= 1
            } else {
                result.append("~")
            }
        }
        return result
    }

    /// The index of class `id`, added in the innermost open namespace when new; nil past the limit.
    private mutating func add(_ id: String, line: Int) -> Int? {
        let index = diagram.index(ofClass: id, namespace: open.last?.namespace)
        return diagram.classes.count + diagram.notes.count > MermaidParser.maximumNodes ? nil : index
    }

    private func tooMany(_ line: Int) -> DiagramError {
        DiagramError("more than \(MermaidParser.maximumNodes) classes and notes or \(MermaidParser.maximumEdges) relations", line: line)
    }
}
