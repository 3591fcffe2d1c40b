import Foundation
import LetterpressCore
import LetterpressMarkup

/// Call-outs (GitHub's alerts `> [!NOTE]`, Obsidian's call-outs, admonitions, containers): a
/// bar and a title with its mark in the kind's colour, beside the call-out's blocks.
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
    /// The colours of the kinds GitHub does not have, each where the theme gives one; the
    /// others take their GitHub relative's (`colorSource`).
    package var others: [String: Color] = [:]
    /// A call-out of no kind's (`plain`), a quotation's and a content tab's.
    package var plain: Color

    /// The colour of the bar, title and mark of a call-out of `kind`.
    package func color(_ kind: AlertKind) -> Color {
        switch kind {
        case .note: note
        case .tip: tip
        case .important: important
        case .warning: warning
        case .caution: caution
        case .plain: plain
        default: others[kind.rawValue] ?? Self.colorSource(kind).map(color) ?? plain
        }
    }

    /// The GitHub kind whose colour a kind takes when the theme gives it none: the same family
    /// of meaning (an abstract is a note, a bug a caution); nil for a quotation, in `plain`'s.
    package static func colorSource(_ kind: AlertKind) -> AlertKind? {
        switch kind {
        case .note, .tip, .important, .warning, .caution, .plain, .quote: nil
        case .info, .todo: .note
        case .abstract, .success: .tip
        case .question: .warning
        case .failure, .danger, .bug: .caution
        case .example: .important
        }
    }
}
