import Foundation

/// What a call-out shows above its blocks: its kind (the mark and colour) and its title, the
/// kind's name unless the note gives one (`> [!tip] Before you start`, `!!! tip "Before you start"`).
public struct Callout: Sendable, Equatable, Hashable {
    /// The kind, which picks the mark and the colour.
    public var kind: AlertKind
    /// The title shown in the kind's colour; empty for none (`!!! note ""`).
    public var title: String

    /// A call-out of `kind` titled `title`, or the kind's name.
    public init(_ kind: AlertKind, title: String? = nil) {
        self.kind = kind
        self.title = title ?? kind.title
    }
}
