import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Mermaid's git graph syntax, a command at a time, as its documentation writes it, and the
/// mistakes Mermaid refuses, each at its line.
@Suite struct GitGraphParserTests {
    private func graph(_ body: String, settings: GitGraphSettings = GitGraphSettings()) throws -> GitGraph {
        try GitGraphParser.parse("gitGraph\n" + body, settings: settings).get()
    }

    private func error(_ source: String) -> DiagramError? {
        if case let .failure(error) = GitGraphParser.parse(source) { return error }
        return nil
    }

    @Test func commitsTakeIdsTypesTagsAndMessagesInAnyOrder() throws {
        let graph = try graph("""
            commit
            commit id: "Normal" tag: "v1.0.0"
            commit type: REVERSE id:"Reverse" tag:"RC_1" tag: 'second'
            commit "a message" type: HIGHLIGHT
            commit msg: "another" id: ""
            """)
        #expect(graph.commits.map(\.id) == [nil, "Normal", "Reverse", nil, nil], "auto ids stay unnamed")
        #expect(graph.commits.map(\.look) == [.normal, .normal, .reverse, .highlight, .normal])
        #expect(graph.commits.map(\.tags) == [[], ["v1.0.0"], ["RC_1", "second"], [], []])
        #expect(graph.commits.map(\.parents) == [[], [0], [1], [2], [3]])
        #expect(graph.branches == [GitGraph.Branch(name: "main", order: 0)])
    }

    @Test func branchesCheckoutAndSwitch() throws {
        let graph = try graph("""
            commit
            branch develop
            commit
            checkout main
            commit
            switch develop
            commit
            branch "my feature" order: 3
            branch feature/x-1.2
            commit
            """)
        #expect(graph.branches.map(\.name) == ["main", "develop", "my feature", "feature/x-1.2"])
        #expect(graph.branches.map(\.order) == [0, nil, 3, nil])
        #expect(graph.commits.map(\.branch) == [0, 1, 0, 1, 3])
        #expect(graph.commits.map(\.parents) == [[], [0], [0], [1], [3]], "a new branch starts from the current head")
    }

    @Test func mergesHaveTheMergedHeadAsSecondParent() throws {
        let graph = try graph("""
            commit id: "1"
            branch nice_feature
            commit id: "2"
            checkout main
            commit id: "3"
            merge nice_feature id: "customID" tag: "customTag" type: REVERSE
            checkout nice_feature
            commit id: "4"
            checkout main
            merge "nice_feature"
            """)
        let merges = graph.commits.filter { $0.kind == .merge }
        #expect(merges.count == 2)
        #expect(merges[0] == GitGraph.Commit(id: "customID", branch: 0, parents: [2, 1], kind: .merge, look: .reverse, tags: ["customTag"]))
        #expect(merges[1].parents == [3, 4] && merges[1].id == nil)
    }

    @Test func cherryPicksAreTaggedWithWhatTheyCopy() throws {
        let graph = try graph("""
            commit id: "ZERO"
            branch develop
            commit id:"A"
            checkout main
            commit id:"ONE"
            cherry-pick id:"A"
            checkout develop
            merge main id: "M"
            checkout main
            cherry-pick id: "M" parent: "A"
            branch other
            cherry-pick id: "A" tag: "picked"
            """)
        let picks = graph.commits.filter { $0.kind == .cherryPick }
        #expect(picks.map(\.tags) == [["cherry-pick:A"], ["cherry-pick:M|parent:A"], ["picked"]])
        #expect(picks[0].parents == [2, 1] && picks[0].branch == 0)
    }

    @Test(arguments: [("gitGraph", GitGraph.Orientation.leftToRight), ("gitGraph:", .leftToRight), ("gitGraph LR:", .leftToRight),
                      ("gitGraph TB:", .topToBottom), ("gitGraph BT:", .bottomToTop), ("gitGraph TB", .topToBottom)])
    func orientations(_ header: String, _ orientation: GitGraph.Orientation) throws {
        #expect(try GitGraphParser.parse(header + "\ncommit").get().orientation == orientation)
    }

    @Test func titlesCommentsFrontMatterAndAccessibilityText() throws {
        let graph = try GitGraphParser.parse("""
            ---
            title: From front matter
            ---
            %% a comment
            gitGraph
              accTitle: Ignored
              accDescr {
                spans lines
              }
              commit id: "a" %% after a statement
              title Drawn title
            """).get()
        #expect(graph.title == "Drawn title" && graph.commits.count == 1 && graph.commits[0].id == "a")
    }

    @Test func theMainBranchTakesItsNameAndOrderFromTheSettings() throws {
        var settings = GitGraphSettings()
        settings.mainBranchName = "MetroLine1"
        settings.mainBranchOrder = 2
        let graph = try graph("commit\nbranch MetroLine2\ncheckout MetroLine1\ncommit", settings: settings)
        #expect(graph.branches[0] == GitGraph.Branch(name: "MetroLine1", order: 2))
        #expect(error("gitGraph\ncheckout MetroLine1") != nil)
        #expect(throws: DiagramError.self) { try self.graph("checkout main", settings: settings) }
    }

    @Test(arguments: [
        ("commit\nbranch b\ncommit\nmerge b", 5, "cannot merge branch 'b' into itself"),
        ("commit\ncheckout develop", 3, "branch 'develop' does not exist (to make it, write 'branch develop')"),
        ("commit id: \"A\"\ncherry-pick id: \"A\"", 3, "commit 'A' is already on the current branch, 'main'"),
        ("commit id: \"A\"\ncommit id: \"A\"", 3, "a commit with id 'A' already exists: give this one another"),
        ("commit id: \"A\"\nbranch b\ncommit\ncheckout main\nmerge b id: \"A\"", 6, "a commit with id 'A' already exists: give this one another"),
        ("commit\nbranch b\ncheckout main\nmerge b", 5, "branch 'b' has no new commits to merge"),
        ("commit\nbranch b\ncommit\ncheckout main\nmerge b\nmerge b", 7, "branch 'b' has no new commits to merge"),
        ("commit\nbranch main", 3, "branch 'main' already exists (to switch to it, write 'checkout main')"),
        ("branch b\ncommit\ncheckout main\nmerge b", 5, "branch 'main' has no commits to merge into"),
        ("commit\ncherry-pick id: \"nope\"", 3, "there is no commit with id 'nope' to cherry-pick"),
        ("commit id: \"A\"\nbranch b\ncherry-pick tag: \"x\"", 4, "expected id: \"…\" naming the commit to cherry-pick"),
        ("branch b\ncommit id: \"A\"\ncheckout main\ncherry-pick id: \"A\"", 5, "branch 'main' has no commits to cherry-pick onto"),
    ])
    func mermaidsRefusalsAreErrorsOnTheirLine(_ body: String, _ line: Int, _ message: String) {
        #expect(error("gitGraph\n" + body) == DiagramError(message, line: line))
    }

    @Test func aMergeIsPickedThroughOneOfItsParents() {
        let body = "commit id: \"A\"\nbranch b\ncommit id: \"B\"\ncheckout main\nmerge b id: \"M\"\nbranch c\n"
        #expect(error("gitGraph\n" + body + "cherry-pick id: \"M\"")?.message.contains("name the parent") == true)
        #expect(error("gitGraph\n" + body + "cherry-pick id: \"M\" parent: \"X\"") == DiagramError("'X' is not a parent of commit 'M'", line: 8))
    }

    @Test(arguments: [("gitGraph\ncommit id: A", 2), ("gitGraph\ncommit id: \"open", 2), ("gitGraph\ncommit type: SPECIAL", 2),
                      ("gitGraph\ncommit colour: \"red\"", 2), ("gitGraph\nbranch", 2), ("gitGraph\nbranch b order: x", 2),
                      ("gitGraph\nbranch b:c", 2), ("gitGraph\ncheckout main now", 2), ("gitGraph\n\npush origin", 3),
                      ("gitGraph\ncommit:", 2), ("gitGraph RL:", 1), ("gitGraph LR: commit", 1), ("graph LR", 1)])
    func malformedStatementsAreErrorsOnTheirLine(_ source: String, _ line: Int) {
        #expect(error(source)?.line == line, "\(String(describing: error(source)))")
    }

    @Test func anEmptyDiagramIsAnError() throws {
        #expect(error("%% only\n\n") == DiagramError("the diagram is empty: expected 'gitGraph'", line: 1))
        #expect(try GitGraphParser.parse("gitGraph").get().commits.isEmpty, "a graph without commits draws its main branch")
    }

    @Test func limitsComeBeforeTheWork() {
        let commits = String(repeating: "commit\n", count: GitGraphParser.maximumCommits + 1)
        #expect(error("gitGraph\n" + commits) == DiagramError("more than \(GitGraphParser.maximumCommits) commits",
                                                              line: GitGraphParser.maximumCommits + 2))
        let branches = (1...GitGraphParser.maximumBranches).map { "branch b\($0)" }.joined(separator: "\n")
        #expect(error("gitGraph\n" + branches)?.line == GitGraphParser.maximumBranches + 1)
        let tags = String(repeating: "tag: \"t\" ", count: GitGraphParser.maximumTags + 1)
        #expect(error("gitGraph\ncommit " + tags)?.message == "more than \(GitGraphParser.maximumTags) tags")
        let start = ContinuousClock.now
        #expect(error("gitGraph\ncommit " + String(repeating: "tag: \"", count: 10_000)) != nil)
        #expect(error("gitGraph\ncommit id: \"" + String(repeating: "x", count: 70_000) + "\"") != nil, "past the size limit")
        #expect(ContinuousClock.now - start < .seconds(2))
    }
}
