/// A Mermaid state diagram as written: its states in order of first mention (the start and end
/// of each region among them), its transitions in source order, the regions composite states
/// are made of, its notes and its styles.
package struct StateDiagram: Sendable, Equatable {
    /// `TB`, `BT`, `LR` or `RL`.
    package var direction = "TB"
    /// The front matter's `title`.
    package var title: String?
    package var states: [State] = []
    package var transitions: [Transition] = []
    /// The bodies of composite states: one region each, and one more for each `--` that
    /// splits a body into concurrent parts.
    package var regions: [Region] = []
    package var notes: [Note] = []
    /// `classDef` styles by class name (`default` applies to every state).
    package var classDefs: [String: [String: String]] = [:]

    package enum Kind: Sendable, Equatable { case state, start, end, choice, fork, join }

    package struct State: Sendable, Equatable {
        package var id: String
        /// `id : text` and `state "text" as id`, in order; without any, the id is shown.
        package var descriptions: [String] = []
        package var kind: Kind = .state
        /// The region the state was first written in; nil for the diagram's top level.
        package var region: Int?
        package var cssClasses: [String] = []
        /// `style` properties.
        package var style: [String: String] = [:]
    }

    package struct Region: Sendable, Equatable {
        /// The index of the composite state the region is part of.
        package var state: Int
    }

    package struct Transition: Sendable, Equatable {
        /// Indices into `states`.
        package var from: Int
        package var to: Int
        package var label: String = ""
    }

    package enum Side: Sendable, Equatable { case left, right }

    package struct Note: Sendable, Equatable {
        /// The index of the state the note is beside; nil for a note of its own (`note "…" as N`).
        package var state: Int?
        package var side: Side
        package var text: String
        /// The region a note of its own was written in.
        package var region: Int?
    }

    /// The index of state `id`, added in `region` when new.
    mutating func state(_ id: String, region: Int?) -> Int {
        if let index = stateIndex[id] { return index }
        states.append(State(id: id, region: region))
        stateIndex[id] = states.count - 1
        return states.count - 1
    }

    /// The index of the start or end (`[*]`) of `region`, each region having its own.
    mutating func terminal(_ kind: Kind, region: Int?) -> Int {
        let index = state("[*]\(kind == .start ? "start" : "end")\(region.map(String.init) ?? "")", region: region)
        states[index].kind = kind
        return index
    }

    private var stateIndex: [String: Int] = [:]

    package static func == (a: StateDiagram, b: StateDiagram) -> Bool {
        a.direction == b.direction && a.title == b.title && a.states == b.states && a.transitions == b.transitions
            && a.regions == b.regions && a.notes == b.notes && a.classDefs == b.classDefs
    }
}
