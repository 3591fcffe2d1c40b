import Foundation
import LetterpressCore

/// Mermaid's git graph syntax (`gitGraph`, with `LR:`, `TB:` or `BT:`), as its documentation
/// gives it, read a line at a time: each statement is read once, left to right, and runs the
/// git command it names against the branches' heads, so the work is linear in the source's
/// length and bounded by the limits below. What Mermaid refuses (checking out a branch that does
/// not exist, merging a branch into itself or one with nothing new, picking a commit of the
/// current branch, an id used twice) is an error on the statement's line.
package struct GitGraphParser {
    /// Commits, merges and cherry-picks together: more columns than a page shows legibly.
    static let maximumCommits = 1_000
    static let maximumBranches = 100
    /// Tags on all commits together.
    static let maximumTags = 1_000

    private var graph = GitGraph()
    /// The branch checked out.
    private var current = 0
    /// Each branch's head commit: nil until the branch has one.
    private var heads: [Int?] = [nil]
    private var branchIndices: [String: Int] = [:]
    /// Commits by the `id:` they were given.
    private var commitIndices: [String: Int] = [:]
    private var tagCount = 0
    /// The head each branch last merged of each other branch, by `current * maximumBranches + other`.
    private var mergedHeads: [Int: Int] = [:]
    /// Inside an `accDescr { … }` block, which draws nothing.
    private var inDescription = false

    /// The git graph `source` describes, with `settings` naming the main branch, or what is
    /// wrong with it and on which line.
    package static func parse(_ source: String, settings: GitGraphSettings = GitGraphSettings()) -> Result<GitGraph, DiagramError> {
        if let error = MermaidSource.sizeError(source) { return .failure(error) }
        let (title, lines) = MermaidSource.read(source)
        guard let header = lines.first else { return .failure(DiagramError("the diagram is empty: expected 'gitGraph'", line: 1)) }
        var parser = GitGraphParser()
        parser.graph.title = title
        parser.graph.branches = [GitGraph.Branch(name: settings.mainBranchName, order: settings.mainBranchOrder)]
        parser.branchIndices[settings.mainBranchName] = 0
        switch orientation(header) {
        case let .success(orientation): parser.graph.orientation = orientation
        case let .failure(error): return .failure(error)
        }
        for line in lines.dropFirst() {
            if let error = parser.read(line) { return .failure(error) }
        }
        return .success(parser.graph)
    }

    /// `gitGraph`, `gitGraph:` or `gitGraph LR:` (`TB:`, `BT:`); the colon after a direction
    /// may be left out.
    private static func orientation(_ header: MermaidSource.Line) -> Result<GitGraph.Orientation, DiagramError> {
        var reader = StatementReader(header.text, line: header.number)
        guard reader.take("gitGraph") else {
            return .failure(DiagramError("expected 'gitGraph' on the diagram's first line, found \(Excerpt.quoted(header.text))", line: header.number))
        }
        reader.skipSpaces()
        var orientation = GitGraph.Orientation.leftToRight
        if let word = reader.name() {
            switch word {
            case "LR": orientation = .leftToRight
            case "TB": orientation = .topToBottom
            case "BT": orientation = .bottomToTop
            default: return .failure(DiagramError("expected LR:, TB: or BT: after 'gitGraph', found \(Excerpt.quoted(word))", line: header.number))
            }
            reader.skipSpaces()
        }
        _ = reader.take(":")
        reader.skipSpaces()
        guard reader.isAtEnd else { return .failure(reader.expected("the end of the line after 'gitGraph'")) }
        return .success(orientation)
    }

    // MARK: Statements

    private mutating func read(_ line: MermaidSource.Line) -> DiagramError? {
        if inDescription {
            inDescription = !line.text.contains("}")
            return nil
        }
        var reader = StatementReader(line.text, line: line.number)
        let keyword = reader.name() ?? ""
        let separated = reader.isAtEnd || reader.next == " " || reader.next == "\t"
        reader.skipSpaces()
        switch keyword {
        case "accTitle":
            return nil
        case "accDescr":
            // `accDescr { … }` may run over lines; `accDescr: …` is one.
            let rest = reader.rest()
            inDescription = rest.hasPrefix("{") && !rest.contains("}")
            return nil
        case _ where !separated:
            return unknownStatement(line)
        case "commit": return commit(&reader)
        case "branch": return branch(&reader)
        case "checkout", "switch": return checkout(&reader)
        case "merge": return merge(&reader)
        case "cherry-pick": return cherryPick(&reader)
        case "title":
            graph.title = reader.rest()
            return nil
        default:
            return unknownStatement(line)
        }
    }

    /// `commit`, with `id: "…"`, `type: NORMAL|REVERSE|HIGHLIGHT`, `tag: "…"` and a message
    /// (`msg: "…"` or a bare string, which Mermaid does not draw), in any order.
    private mutating func commit(_ reader: inout StatementReader) -> DiagramError? {
        var commit = GitGraph.Commit(id: nil, branch: current, parents: heads[current].map { [$0] } ?? [])
        let error = attributes(&reader, allowed: ["id", "msg", "tag", "type"], bareMessage: true) { key, value in
            switch key {
            case "id": commit.id = value.isEmpty ? nil : value
            case "tag": if !value.isEmpty { commit.tags.append(value) }
            case "type": commit.look = Self.look(value) ?? .normal
            default: break
            }
        }
        if let error { return error }
        return add(commit, line: reader.line)
    }

    /// `branch name` or `branch "name"`, with `order: n`: a new branch from the current head,
    /// checked out.
    private mutating func branch(_ reader: inout StatementReader) -> DiagramError? {
        guard let name = branchName(&reader) else { return reader.expected("a branch name") }
        reader.skipSpaces()
        var order: Int?
        if !reader.isAtEnd {
            guard reader.take("order:") else { return reader.expected("'order:' or the end of the line") }
            reader.skipSpaces()
            let digits = reader.name() ?? ""
            guard digits.count <= 9, let number = Int(digits), number >= 0 else { return reader.expected("a whole number after 'order:'") }
            order = number
            reader.skipSpaces()
            guard reader.isAtEnd else { return reader.expected("the end of the line") }
        }
        guard branchIndices[name] == nil else {
            return DiagramError("branch '\(Excerpt.name(name))' already exists (to switch to it, write 'checkout \(Excerpt.name(name))')",
                                line: reader.line)
        }
        guard graph.branches.count < Self.maximumBranches else { return DiagramError("more than \(Self.maximumBranches) branches", line: reader.line) }
        branchIndices[name] = graph.branches.count
        graph.branches.append(GitGraph.Branch(name: name, order: order))
        heads.append(heads[current])
        current = graph.branches.count - 1
        return nil
    }

    /// `checkout name` (or `switch name`).
    private mutating func checkout(_ reader: inout StatementReader) -> DiagramError? {
        guard let name = branchName(&reader) else { return reader.expected("a branch name") }
        reader.skipSpaces()
        guard reader.isAtEnd else { return reader.expected("the end of the line") }
        guard let index = branchIndices[name] else { return unknownBranch(name, line: reader.line) }
        current = index
        return nil
    }

    /// `merge name`, with `id:`, `type:` and `tag:`: a merge commit on the current branch whose
    /// second parent is the other branch's head.
    private mutating func merge(_ reader: inout StatementReader) -> DiagramError? {
        guard let name = branchName(&reader) else { return reader.expected("a branch name") }
        var merge = GitGraph.Commit(id: nil, branch: current, parents: [], kind: .merge)
        let error = attributes(&reader, allowed: ["id", "tag", "type"], bareMessage: false) { key, value in
            switch key {
            case "id": merge.id = value.isEmpty ? nil : value
            case "tag": if !value.isEmpty { merge.tags.append(value) }
            case "type": merge.look = Self.look(value) ?? .normal
            default: break
            }
        }
        if let error { return error }
        let line = reader.line
        guard let other = branchIndices[name] else { return unknownBranch(name, line: line) }
        guard other != current else { return DiagramError("cannot merge branch '\(Excerpt.name(name))' into itself", line: line) }
        guard let head = heads[current] else {
            return DiagramError("branch '\(Excerpt.name(graph.branches[current].name))' has no commits to merge into", line: line)
        }
        // A branch whose head is not its own commit has nothing new since it was made; one whose
        // head this branch has merged, nothing new since then.
        let pair = current * Self.maximumBranches + other
        guard let otherHead = heads[other], otherHead != head, graph.commits[otherHead].branch == other, mergedHeads[pair] != otherHead else {
            return DiagramError("branch '\(Excerpt.name(name))' has no new commits to merge", line: line)
        }
        merge.parents = [head, otherHead]
        mergedHeads[pair] = otherHead
        return add(merge, line: line)
    }

    /// `cherry-pick id: "…"`, with `tag:` and, for a merge commit, `parent: "…"`: a copy of
    /// another branch's commit on the current branch, tagged with what it copies unless tags are given.
    private mutating func cherryPick(_ reader: inout StatementReader) -> DiagramError? {
        var source: String?
        var parent: String?
        var tags: [String]?
        let error = attributes(&reader, allowed: ["id", "tag", "parent"], bareMessage: false) { key, value in
            switch key {
            case "id": source = value
            case "parent": parent = value
            default: tags = (tags ?? []) + [value]
            }
        }
        if let error { return error }
        let line = reader.line
        guard let source else { return DiagramError("expected id: \"…\" naming the commit to cherry-pick", line: line) }
        guard let picked = commitIndices[source] else { return DiagramError("there is no commit with id '\(Excerpt.name(source))' to cherry-pick", line: line) }
        let pickedCommit = graph.commits[picked]
        if let parent, !pickedCommit.parents.contains(where: { graph.commits[$0].id == parent }) {
            return DiagramError("'\(Excerpt.name(parent))' is not a parent of commit '\(Excerpt.name(source))'", line: line)
        }
        if pickedCommit.kind == .merge, parent == nil {
            return DiagramError("commit '\(Excerpt.name(source))' is a merge: name the parent to pick with parent: \"…\"", line: line)
        }
        guard pickedCommit.branch != current else {
            return DiagramError("commit '\(Excerpt.name(source))' is already on the current branch, '\(Excerpt.name(graph.branches[current].name))'", line: line)
        }
        guard let head = heads[current] else {
            return DiagramError("branch '\(Excerpt.name(graph.branches[current].name))' has no commits to cherry-pick onto", line: line)
        }
        let defaultTag = "cherry-pick:" + source + (pickedCommit.kind == .merge ? "|parent:" + (parent ?? "") : "")
        let commit = GitGraph.Commit(id: nil, branch: current, parents: [head, picked], kind: .cherryPick,
                                     tags: (tags ?? [defaultTag]).filter { !$0.isEmpty })
        return add(commit, line: line)
    }

    // MARK: Pieces

    /// Appends `commit` as the current branch's new head, within the limits.
    private mutating func add(_ commit: GitGraph.Commit, line: Int) -> DiagramError? {
        guard graph.commits.count < Self.maximumCommits else { return DiagramError("more than \(Self.maximumCommits) commits", line: line) }
        tagCount += commit.tags.count
        guard tagCount <= Self.maximumTags else { return DiagramError("more than \(Self.maximumTags) tags", line: line) }
        if let id = commit.id {
            guard commitIndices[id] == nil else {
                return DiagramError("a commit with id '\(Excerpt.name(id))' already exists: give this one another", line: line)
            }
            commitIndices[id] = graph.commits.count
        }
        graph.commits.append(commit)
        heads[current] = graph.commits.count - 1
        return nil
    }

    /// Reads `key: "value"` pairs (and, where `bareMessage`, a lone quoted message) to the
    /// end of the line, passing each to `use`; `type:` takes a word instead of a string.
    private func attributes(_ reader: inout StatementReader, allowed: [String], bareMessage: Bool,
                            _ use: (String, String) -> Void) -> DiagramError? {
        let expected = allowed.map { "\($0):" }.joined(separator: ", ")
        while true {
            reader.skipSpaces()
            if reader.isAtEnd { return nil }
            if bareMessage, reader.next == "\"" || reader.next == "'" {
                guard Self.quoted(&reader) != nil else { return reader.expected("a closing quote") }
                continue
            }
            var probe = reader
            guard let key = probe.name(), allowed.contains(key) else { return reader.expected(expected) }
            reader = probe
            reader.skipSpaces()
            guard reader.take(":") else { return reader.expected("':' after '\(key)'") }
            reader.skipSpaces()
            if key == "type" {
                guard let word = reader.name(), Self.look(word) != nil else { return reader.expected("NORMAL, REVERSE or HIGHLIGHT") }
                use(key, word)
            } else {
                guard let value = Self.quoted(&reader) else { return reader.expected("a quoted value after '\(key):'") }
                use(key, value)
            }
        }
    }

    /// A branch's name: quoted, or letters, digits and `_`, then also `-`, `.` and `/`; nil
    /// (the position kept) when there is none.
    private func branchName(_ reader: inout StatementReader) -> String? {
        if reader.next == "\"" || reader.next == "'" { return Self.quoted(&reader).flatMap { $0.isEmpty ? nil : $0 } }
        var probe = reader
        guard let word = probe.word(), let first = word.first, first.isLetter || first.isNumber || first == "_",
              word.allSatisfy({ $0.isLetter || $0.isNumber || "_-./".contains($0) }) else { return nil }
        reader = probe
        return word
    }

    /// Text between double or single quotes; nil (the position kept) when none closes it.
    private static func quoted(_ reader: inout StatementReader) -> String? {
        guard let quote = reader.next, quote == "\"" || quote == "'" else { return nil }
        return reader.enclosed(String(quote), quote)
    }

    private static func look(_ word: String) -> GitGraph.Look? {
        switch word.uppercased() {
        case "NORMAL": .normal
        case "REVERSE": .reverse
        case "HIGHLIGHT": .highlight
        default: nil
        }
    }

    private func unknownStatement(_ line: MermaidSource.Line) -> DiagramError {
        DiagramError("expected commit, branch, checkout, switch, merge or cherry-pick, found \(Excerpt.quoted(line.text))", line: line.number)
    }

    private func unknownBranch(_ name: String, line: Int) -> DiagramError {
        DiagramError("branch '\(Excerpt.name(name))' does not exist (to make it, write 'branch \(Excerpt.name(name))')", line: line)
    }
}
