/// A state diagram as a Graphviz graph for `dot`, drawn as Mermaid draws it: rounded states,
/// a filled dot for a start and a ringed one for an end, a small diamond for a choice, a bar
/// for a fork or join, composite states as clusters (their concurrent regions as dashed
/// clusters inside), notes as folded-corner boxes tied to their state by a dashed line.
package enum StateDiagramDot {
    package static func dot(for diagram: StateDiagram, style: DiagramStyle) -> String {
        let graph = Graph(diagram: diagram, style: style)
        var lines = ["digraph {", "rankdir=\(diagram.direction); compound=true; nodesep=0.4; ranksep=0.45",
                     "node [shape=box, style=\"rounded,filled\", fillcolor=\"\(style.nodeFill)\", margin=\"0.15,0.06\"]",
                     "edge [arrowsize=0.7]"]
        graph.write(region: nil, into: &lines)
        let backward = backEdges(diagram)
        for (index, transition) in diagram.transitions.enumerated() {
            var attributes: [String] = []
            if !transition.label.isEmpty { attributes.append("label=\(FlowchartDot.quoted(transition.label))") }
            let (from, to) = (graph.end(transition.from, leaving: true), graph.end(transition.to, leaving: false))
            if backward.contains(index) {
                // Written from head to tail and drawn back, so that dot keeps the flow's order.
                if let cluster = to.cluster { attributes.append("ltail=\(cluster)") }
                if let cluster = from.cluster { attributes.append("lhead=\(cluster)") }
                lines.append("\(to.node) -> \(from.node) [\((attributes + ["dir=back"]).joined(separator: ", "))]")
            } else {
                if let cluster = from.cluster { attributes.append("ltail=\(cluster)") }
                if let cluster = to.cluster { attributes.append("lhead=\(cluster)") }
                lines.append("\(from.node) -> \(to.node) [\(attributes.joined(separator: ", "))]")
            }
        }
        // Last, so that no cluster takes the title's size or text as its default.
        if let title = diagram.title { lines.append(FlowchartDot.titleStatement(title, style: style)) }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The transitions that close a cycle, found by a depth-first walk from each state in
    /// order of first mention (starts come first), following transitions in source order.
    /// dot breaks each cycle itself, at an edge it picks, and with clusters it may pick one of
    /// the flow's forward steps (a composite state's box then stands above the state that leads
    /// into it); reversing these instead keeps the flow as the source tells it. The walk keeps
    /// its own stack: no recursion, linear in states and transitions.
    private static func backEdges(_ diagram: StateDiagram) -> Set<Int> {
        var outgoing = Array(repeating: [Int](), count: diagram.states.count)
        for (index, transition) in diagram.transitions.enumerated() { outgoing[transition.from].append(index) }
        enum Mark { case unseen, onPath, done }
        var marks = Array(repeating: Mark.unseen, count: diagram.states.count)
        var backward: Set<Int> = []
        for root in diagram.states.indices where marks[root] == .unseen {
            var path = [(state: root, next: 0)]
            marks[root] = .onPath
            while let (state, next) = path.last {
                guard next < outgoing[state].count else {
                    marks[state] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let edge = outgoing[state][next]
                let target = diagram.transitions[edge].to
                switch marks[target] {
                case .unseen:
                    marks[target] = .onPath
                    path.append((target, 0))
                case .onPath where target != state:
                    backward.insert(edge)
                default:
                    break
                }
            }
        }
        return backward
    }

    /// What writing the graph needs to know beyond the diagram: which states are drawn as
    /// clusters, and which nodes inside each stand for it at an edge's end.
    private struct Graph {
        let diagram: StateDiagram
        let style: DiagramStyle
        /// The regions of each composite state that has states inside.
        var regions: [Int: [Int]] = [:]
        /// The states and notes of each region (nil: the top level), in order.
        var members: [Int?: [Int]] = [:]
        var notes: [Int?: [Int]] = [:]
        /// The first and the last simple state inside each drawn composite state: edges into
        /// it end at the first, edges out of it start at the last, so that they run with the
        /// flow through its box.
        var anchors: [Int: (entry: Int, exit: Int)] = [:]
        /// The simple states inside each region, at any depth.
        var leaves: [Int: [Int]] = [:]

        init(diagram: StateDiagram, style: DiagramStyle) {
            self.diagram = diagram
            self.style = style
            for (index, state) in diagram.states.enumerated() { members[state.region, default: []].append(index) }
            for (index, note) in diagram.notes.enumerated() { notes[note.region, default: []].append(index) }
            for (index, region) in diagram.regions.enumerated() { regions[region.state, default: []].append(index) }
            // A composite state with nothing inside is drawn as a simple one.
            regions = regions.filter { composite in composite.value.contains { members[$0]?.isEmpty == false } }
            for (index, state) in diagram.states.enumerated() where regions[index] == nil {
                var region = state.region
                // At most `MermaidParser.maximumNesting` steps: regions are drawn no deeper.
                while let current = region {
                    leaves[current, default: []].append(index)
                    let composite = diagram.regions[current].state
                    anchors[composite] = (anchors[composite]?.entry ?? index, index)
                    region = diagram.states[composite].region
                }
            }
        }

        /// The node an edge leaving or reaching `state` ends at, and the cluster that clips it.
        func end(_ state: Int, leaving: Bool) -> (node: String, cluster: String?) {
            guard let anchor = anchors[state] else { return ("s\(state)", nil) }
            return ("s\(leaving ? anchor.exit : anchor.entry)", "cluster_s\(state)")
        }

        /// The states and notes of `region`, composite states as clusters holding their own
        /// regions (recursion as deep as regions are drawn, which the parser bounds by
        /// `MermaidParser.maximumNesting`).
        func write(region: Int?, into lines: inout [String]) {
            for index in members[region] ?? [] {
                guard let parts = regions[index] else {
                    lines.append(node(index))
                    continue
                }
                let state = diagram.states[index]
                lines.append("subgraph cluster_s\(index) {")
                lines.append("label=\(FlowchartDot.quoted(state.descriptions.first ?? state.id)); style=rounded; color=\"\(style.lineColor)\"")
                for part in parts {
                    if parts.count > 1 { lines.append("subgraph cluster_r\(part) {\nlabel=\"\"; style=dashed") }
                    write(region: part, into: &lines)
                    if parts.count > 1 { lines.append("}") }
                }
                // Concurrent regions one after another along the flow, in source order, as
                // PlantUML draws `--`: each below every state of the one before (dot would set
                // them side by side in an order of its own).
                for (before, after) in zip(parts, parts.dropFirst()) {
                    guard let first = members[after]?.first else { continue }
                    let head = end(first, leaving: false).node
                    for leaf in leaves[before] ?? [] { lines.append("s\(leaf) -> \(head) [style=invis, weight=0]") }
                }
                lines.append("}")
            }
            for index in notes[region] ?? [] { lines.append(contentsOf: note(index)) }
        }

        private func node(_ index: Int) -> String {
            let state = diagram.states[index]
            let line = style.lineColor
            let across = diagram.direction == "TB" || diagram.direction == "BT"
            switch state.kind {
            case .start:
                return "s\(index) [shape=circle, label=\"\", style=filled, fillcolor=\"\(line)\", width=0.2, fixedsize=true]"
            case .end:
                return "s\(index) [shape=doublecircle, label=\"\", style=filled, fillcolor=\"\(line)\", width=0.14, fixedsize=true]"
            case .choice:
                return "s\(index) [shape=diamond, label=\"\", style=filled, width=0.35, height=0.35, fixedsize=true]"
            case .fork, .join:
                let (width, height) = across ? (1.0, 0.08) : (0.08, 1.0)
                return "s\(index) [shape=box, label=\"\", style=filled, fillcolor=\"\(line)\", width=\(width), height=\(height), fixedsize=true]"
            case .state:
                let styled = MermaidStyle.attributes(MermaidStyle.properties(classDefs: diagram.classDefs, classes: state.cssClasses, style: state.style))
                let attributes = ["label=\(label(state))"] + styled.attributes + ["style=\"\((["rounded", "filled"] + styled.styles).joined(separator: ","))\""]
                return "s\(index) [\(attributes.joined(separator: ", "))]"
            }
        }

        /// The state's one description, or its id; with more than one, the id above a rule
        /// and the descriptions under it, as Mermaid draws them.
        private func label(_ state: StateDiagram.State) -> String {
            guard state.descriptions.count > 1 else { return FlowchartDot.quoted(state.descriptions.first ?? state.id) }
            let rows = state.descriptions.map { "<TR><TD ALIGN=\"LEFT\">\(HTMLLabel.escaped($0))</TD></TR>" }.joined()
            return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\"><TR><TD><B>\(HTMLLabel.escaped(state.id))</B></TD></TR><HR/>\(rows)</TABLE>>"
        }

        /// A note beside its state or on its own. In a vertical flow the note shares its
        /// state's rank, the edge's tail on the left; in a horizontal one it takes the rank on
        /// its side, the edge running with the flow.
        private func note(_ index: Int) -> [String] {
            let note = diagram.notes[index]
            var lines = ["n\(index) [shape=note, label=\(FlowchartDot.quoted(note.text)), style=filled, fillcolor=\"\(style.clusterFill)\", margin=\"0.12,0.06\"]"]
            guard let state = note.state else { return lines }
            let (target, cluster) = end(state, leaving: false)
            let vertical = diagram.direction == "TB" || diagram.direction == "BT"
            let stateFirst = (note.side == .right) != (diagram.direction == "RL")
            let (tail, head) = stateFirst ? (target, "n\(index)") : ("n\(index)", target)
            var attributes = ["style=dashed", "arrowhead=none"]
            if let cluster { attributes.append(stateFirst ? "ltail=\(cluster)" : "lhead=\(cluster)") }
            lines.append("\(tail) -> \(head) [\(attributes.joined(separator: ", "))]")
            if cluster == nil, vertical { lines.append("{rank=same; \(tail); \(head)}") }
            return lines
        }
    }
}
