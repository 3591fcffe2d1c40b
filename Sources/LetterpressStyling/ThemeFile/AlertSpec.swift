import Foundation
import LetterpressCore
import LetterpressMarkup

/// Call-outs (GitHub's alerts `> [!NOTE]`, Obsidian's call-outs, admonitions, containers): the
/// call-out's block and title, and each kind's colour.
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
    var abstract: Color?
    var info: Color?
    var todo: Color?
    var success: Color?
    var question: Color?
    var failure: Color?
    var danger: Color?
    var bug: Color?
    var example: Color?
    var quote: Color?
    var plain: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case body, title, note, tip, important, warning, caution
        case abstract, info, todo, success, question, failure, danger, bug, example, quote, plain
    }

    /// The colours given for the kinds GitHub does not have, by name.
    var others: [String: Color] {
        let colors: [(AlertKind, Color?)] = [(.abstract, abstract), (.info, info), (.todo, todo), (.success, success),
                                             (.question, question), (.failure, failure), (.danger, danger), (.bug, bug),
                                             (.example, example), (.quote, quote)]
        return Dictionary(uniqueKeysWithValues: colors.compactMap { kind, color in color.map { (kind.rawValue, $0) } })
    }
}
