/// A Mermaid flowchart as written: its nodes in order of first mention, its edges in source
/// order, its subgraphs (parents before children) and its styles.
package struct Flowchart: Sendable, Equatable {
    /// `TB`, `BT`, `LR` or `RL` (`TD` is read as `TB`).
    package var direction = "TB"
    /// The front matter's `title`.
    package var title: String?
    package var nodes: [Node] = []
    package var edges: [Edge] = []
    package var subgraphs: [Subgraph] = []
    /// `classDef` styles by class name (`default` applies to every node).
    package var classes: [String: [String: String]] = [:]
    /// `linkStyle` properties (`stroke`, `stroke-width`, `stroke-dasharray`, `color`) by edge
    /// index, in source order as Mermaid numbers edges; `linkStyle default`'s under the rest.
    package var linkStyles: [Int: [String: String]] = [:]
    package var defaultLinkStyle: [String: String] = [:]

    package enum Shape: String, Sendable, Equatable {
        case rectangle, round, stadium, subroutine, cylinder, circle, doubleCircle, asymmetric, rhombus, hexagon
        case parallelogram, parallelogramAlt, trapezoid, trapezoidAlt
    }

    package struct Node: Sendable, Equatable {
        package var id: String
        package var label: String
        package var shape: Shape = .rectangle
        package var classes: [String] = []
        /// `style` properties (`fill`, `stroke`, `color`, `stroke-width`, `stroke-dasharray`).
        package var style: [String: String] = [:]
        /// The index of the innermost subgraph the node was first written in.
        package var subgraph: Int?
    }

    package enum Line: Sendable, Equatable { case solid, dotted, thick, invisible }
    package enum Head: Sendable, Equatable { case none, arrow, circle, cross }

    package struct Edge: Sendable, Equatable {
        package var from: String
        package var to: String
        package var label: String = ""
        package var line: Line = .solid
        package var head: Head = .arrow
        package var tail: Head = .none
        /// How many ranks the edge spans at least: a longer arrow (`--->`) spans more.
        package var length = 1
    }

    package struct Subgraph: Sendable, Equatable {
        package var id: String
        package var title: String
        package var parent: Int?
    }

    /// The index of the node `id`, added with its id as label when it is new.
    mutating func node(_ id: String, subgraph: Int?) -> Int {
        if let index = nodeIndex[id] { return index }
        nodes.append(Node(id: id, label: id, subgraph: subgraph))
        nodeIndex[id] = nodes.count - 1
        return nodes.count - 1
    }

    private var nodeIndex: [String: Int] = [:]

    package static func == (a: Flowchart, b: Flowchart) -> Bool {
        a.direction == b.direction && a.title == b.title && a.nodes == b.nodes && a.edges == b.edges && a.subgraphs == b.subgraphs && a.classes == b.classes
            && a.linkStyles == b.linkStyles && a.defaultLinkStyle == b.defaultLinkStyle
    }
}
