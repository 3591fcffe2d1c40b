import Foundation
import LetterpressCore
import LetterpressMarkup

/// GitHub's alerts (`> [!NOTE]`): a bar and a title with its mark in the kind's colour, beside
/// the call-out's blocks.
package struct AlertStyle: Sendable, Encodable {
    /// The call-out's text, bar width, indent and spacing.
    package var body: BlockStyle
    /// The title's text (its colour is the kind's) and the space below it.
    package var title: BlockStyle
    package var note: Color
    package var tip: Color
    package var important: Color
    package var warning: Color
    package var caution: Color

    /// The colour of the bar, title and mark of an alert of `kind`.
    package func color(_ kind: AlertKind) -> Color {
        switch kind {
        case .note: note
        case .tip: tip
        case .important: important
        case .warning: warning
        case .caution: caution
        }
    }
}
