import LetterpressCore
import Yams

/// What a `%%{init}%%` directive's `gitGraph: {…}` settings say about git graphs (the theme
/// variables that colour them, `git0`…, are among the style's chart colours).
package struct GitGraphSettings: Sendable, Equatable {
    /// Whether branch names and the dashed line of each branch are drawn.
    package var showBranches = true
    /// Whether commits' ids are drawn beside them.
    package var showCommitLabel = true
    package var mainBranchName = "main"
    /// The main branch's `order:`.
    package var mainBranchOrder = 0

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
