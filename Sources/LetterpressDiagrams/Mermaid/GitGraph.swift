/// A Mermaid git graph as its statements leave it: the branches in order of creation (the main
/// branch first) and the commits in source order, which is the order they are drawn in along
/// the time axis.
package struct GitGraph: Sendable, Equatable {
    /// Which way time runs: `gitGraph LR:` (the default), `TB:` or `BT:`.
    package enum Orientation: Sendable, Equatable { case leftToRight, topToBottom, bottomToTop }

    /// What made a commit.
    package enum Kind: Sendable, Equatable {
        case commit
        /// `merge`: its second parent is the merged branch's head.
        case merge
        /// `cherry-pick`: its second parent is the commit picked.
        case cherryPick
    }

    /// `type:`: how a commit is drawn. A merge keeps its double circle unless highlighted, and
    /// a reversed merge has a cross over it.
    package enum Look: Sendable, Equatable { case normal, reverse, highlight }

    package struct Branch: Sendable, Equatable {
        package var name: String
        /// `order:`; branches without one come first, in order of creation.
        package var order: Int?
    }

    package struct Commit: Sendable, Equatable {
        /// `id:` as written; nil when Mermaid would make up a random one.
        package var id: String?
        package var branch: Int
        /// Indices of earlier commits: the branch's previous head first, then what was merged
        /// or picked.
        package var parents: [Int]
        package var kind: Kind = .commit
        package var look: Look = .normal
        package var tags: [String] = []
    }

    package var title: String?
    package var orientation: Orientation = .leftToRight
    package var branches: [Branch] = []
    package var commits: [Commit] = []
}
