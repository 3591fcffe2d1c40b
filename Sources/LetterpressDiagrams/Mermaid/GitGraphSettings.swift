import LetterpressCore
import Yams

/// What a `%%{init}%%` directive says about git graphs: its `gitGraph: {…}` settings, and the
/// theme variables that colour a git graph's parts (`git0`…`git7` for the branches).
package struct GitGraphSettings: Sendable, Equatable {
    /// Whether branch names and the dashed line of each branch are drawn.
    package var showBranches = true
    /// Whether commits' ids are drawn beside them.
    package var showCommitLabel = true
    package var mainBranchName = "main"
    /// The main branch's `order:`.
    package var mainBranchOrder = 0
    /// Theme variables by name, from `colorNames`.
    package var colors: [String: Color] = [:]

    /// The theme variables that colour a git graph: each branch's line (`git0`…), its
    /// highlighted commits (`gitInv0`…) and its name (`gitBranchLabel0`…), commit labels and tags.
    static let colorNames: Set<String> = Set((0..<8).flatMap { ["git\($0)", "gitInv\($0)", "gitBranchLabel\($0)"] })
        .union(["commitLabelColor", "commitLabelBackground", "tagLabelColor", "tagLabelBackground", "tagLabelBorder"])

    package init() {}

    /// Reads the settings of `node` (the directive's `gitGraph` mapping); what it ignores, as notices.
    mutating func read(_ node: Node) -> [String] {
        guard let mapping = node.mapping else { return ["'gitGraph' in %%{init}%% is not a mapping: ignored"] }
        var notices: [String] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            switch name {
            case "showBranches", "showCommitLabel":
                guard let flag = value.bool else {
                    notices.append("gitGraph setting '\(name)' is not true or false: ignored")
                    continue
                }
                if name == "showBranches" { showBranches = flag } else { showCommitLabel = flag }
            case "mainBranchName":
                guard let text = value.string, !text.isEmpty else {
                    notices.append("gitGraph setting 'mainBranchName' is not a name: ignored")
                    continue
                }
                mainBranchName = text
            case "mainBranchOrder":
                guard let order = value.int, (0...1_000_000).contains(order) else {
                    notices.append("gitGraph setting 'mainBranchOrder' is not a whole number: ignored")
                    continue
                }
                mainBranchOrder = order
            case "rotateCommitLabel":
                // The page sets text level; Mermaid's default is to rotate, so only asking is noted.
                if value.bool == true { notices.append("gitGraph setting 'rotateCommitLabel' ignored: commit labels are set level") }
            case "parallelCommits":
                if value.bool == true { notices.append("gitGraph setting 'parallelCommits' ignored: commits are drawn a column each") }
            default:
                notices.append("gitGraph setting '\(Excerpt.name(name))' ignored")
            }
        }
        return notices
    }
}
