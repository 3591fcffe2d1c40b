import Foundation
import LetterpressCore
import LetterpressMarkup

/// Call-outs (GitHub's alerts `> [!NOTE]`, Obsidian's call-outs, admonitions, containers): the
/// call-out's block and title, and each kind's colour.
public struct AlertSpec: Codable, Sendable {
    /// The call-out: its text (over the body's), bar width, indent and spacing.
    public var body: StyleSpec?
    /// The title line (over the call-out's text), drawn in the kind's colour.
    public var title: StyleSpec?
    /// The colour of `[!NOTE]`.
    public var note: Color?
    /// The colour of `[!TIP]`.
    public var tip: Color?
    /// The colour of `[!IMPORTANT]`.
    public var important: Color?
    /// The colour of `[!WARNING]`.
    public var warning: Color?
    /// The colour of `[!CAUTION]`.
    public var caution: Color?
    /// The colour of Obsidian's `[!abstract]`; unless given, its GitHub relative's.
    public var abstract: Color?
    /// The colour of Obsidian's `[!info]`; unless given, its GitHub relative's.
    public var info: Color?
    /// The colour of Obsidian's `[!todo]`; unless given, its GitHub relative's.
    public var todo: Color?
    /// The colour of Obsidian's `[!success]`; unless given, its GitHub relative's.
    public var success: Color?
    /// The colour of Obsidian's `[!question]`; unless given, its GitHub relative's.
    public var question: Color?
    /// The colour of Obsidian's `[!failure]`; unless given, its GitHub relative's.
    public var failure: Color?
    /// The colour of Obsidian's `[!danger]`; unless given, its GitHub relative's.
    public var danger: Color?
    /// The colour of Obsidian's `[!bug]`; unless given, its GitHub relative's.
    public var bug: Color?
    /// The colour of Obsidian's `[!example]`; unless given, its GitHub relative's.
    public var example: Color?
    /// The colour of Obsidian's `[!quote]`; unless given, its GitHub relative's.
    public var quote: Color?
    /// The colour of a call-out of no kind (an admonition's or a container's).
    public var plain: Color?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case body, title, note, tip, important, warning, caution
        case abstract, info, todo, success, question, failure, danger, bug, example, quote, plain
    }

    /// Call-outs that set nothing.
    public init() {}

    /// The colours given for the kinds GitHub does not have, by name.
    var others: [String: Color] {
        let colors: [(AlertKind, Color?)] = [(.abstract, abstract), (.info, info), (.todo, todo), (.success, success),
                                             (.question, question), (.failure, failure), (.danger, danger), (.bug, bug),
                                             (.example, example), (.quote, quote)]
        return Dictionary(uniqueKeysWithValues: colors.compactMap { kind, color in color.map { (kind.rawValue, $0) } })
    }
}
