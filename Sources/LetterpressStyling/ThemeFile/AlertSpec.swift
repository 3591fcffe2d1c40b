import Foundation
import LetterpressCore
import LetterpressMarkup

/// GitHub's alerts (`> [!NOTE]`): the call-out's block and title, and each kind's colour.
struct AlertSpec: Codable {
    /// The call-out: its text (over the body's), bar width, indent and spacing.
    var body: StyleSpec?
    /// The title line (over the call-out's text), drawn in the kind's colour.
    var title: StyleSpec?
    var note: Color?
    var tip: Color?
    var important: Color?
    var warning: Color?
    var caution: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case body, title, note, tip, important, warning, caution
    }
}
