import LetterpressCore

/// A Mermaid sequence diagram as written: its participants in order of first mention, and what
/// happens between them in source order (messages, notes, activations, the frames of `loop`,
/// `alt` and the like), which is the order it is drawn in, top to bottom.
package struct SequenceDiagram: Sendable, Equatable {
    package var title: String?
    package var participants: [Participant] = []
    package var events: [Event] = []
    /// `box … end` around participants, drawn behind their columns.
    package var groups: [Group] = []

    package enum Kind: Sendable, Equatable { case participant, actor }

    package struct Participant: Sendable, Equatable {
        package var id: String
        package var label: String
        package var kind: Kind = .participant
        /// Whether `create` made it: its box is drawn where its first message arrives, not at the top.
        package var isCreated = false
    }

    package enum Line: Sendable, Equatable { case solid, dotted }
    /// How a message's line ends: `->` nothing, `->>` a filled arrowhead, `-x` a cross, `-)` an
    /// open arrowhead.
    package enum Head: Sendable, Equatable { case none, arrow, cross, open }

    package struct Message: Sendable, Equatable {
        package var from: Int
        package var to: Int
        package var text: String
        package var line: Line = .solid
        package var head: Head = .arrow
        /// `<<->>`: an arrowhead at the sender's end too.
        package var bothEnds = false
        /// `+` after the arrow: the receiver is activated from here.
        package var activatesReceiver = false
        /// `-` after the arrow: the sender's latest activation ends here.
        package var deactivatesSender = false
        /// Its `autonumber` number.
        package var number: Int?
        /// `create` before it: the receiver's box appears here.
        package var createsReceiver = false
        /// Participants `destroy` ends here, with a cross.
        package var destroys: [Int] = []
    }

    package enum NotePlacement: Sendable, Equatable { case leftOf, rightOf, over }

    package struct Note: Sendable, Equatable {
        package var placement: NotePlacement
        /// One participant, or two for a note over both.
        package var participants: [Int]
        package var text: String
    }

    /// The frames around a run of events, by their keyword.
    package enum FrameKind: String, Sendable, Equatable {
        case loop, alt, opt, par, critical, `break`, rect
    }

    package enum Event: Sendable, Equatable {
        case message(Message)
        case note(Note)
        case activate(Int)
        case deactivate(Int)
        /// A frame opens, with its condition (`rect` has a fill instead).
        case frameStart(FrameKind, label: String, fill: Color?)
        /// `else`, `and` or `option`: the frame's next section, with its condition.
        case frameSection(label: String)
        case frameEnd
    }

    package struct Group: Sendable, Equatable {
        package var label: String
        package var fill: Color?
        package var members: [Int]
    }
}
