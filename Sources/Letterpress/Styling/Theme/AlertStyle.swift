import Foundation

/// GitHub's alerts (`> [!NOTE]`): a bar and a title with its mark in the kind's colour, beside
/// the call-out's blocks.
public struct AlertStyle: Sendable, Encodable {
    /// The call-out's text, bar width, indent and spacing.
    public var body: BlockStyle
    /// The title's text (its colour is the kind's) and the space below it.
    public var title: BlockStyle
    public var note: Color
    public var tip: Color
    public var important: Color
    public var warning: Color
    public var caution: Color

    /// The colour of the bar, title and mark of an alert of `kind`.
    public func color(_ kind: AlertKind) -> Color {
        switch kind {
        case .note: note
        case .tip: tip
        case .important: important
        case .warning: warning
        case .caution: caution
        }
    }
}
