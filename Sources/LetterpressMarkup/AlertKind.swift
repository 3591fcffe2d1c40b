import Foundation

/// The kind of a call-out: GitHub's five alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]`, `[!CAUTION]`), and the further types Obsidian's call-outs, MkDocs' admonitions
/// and Docusaurus' containers share, each with its mark and the theme's colour; `plain` is a
/// call-out of a type no tool defines, set with its title and no mark.
public enum AlertKind: String, Sendable, Codable, CaseIterable {
    case note, tip, important, warning, caution
    case abstract, info, todo, success, question, failure, danger, bug, example, quote, plain

    /// The title GitHub shows above the alert.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The kind a first line such as `[!NOTE]` marks (in any case), or nil.
    init?(marker: String) {
        guard marker.hasPrefix("[!"), marker.hasSuffix("]") else { return nil }
        self.init(gitHub: String(marker.dropFirst(2).dropLast()))
    }

    /// One of GitHub's five kinds, named in any case.
    init?(gitHub name: String) {
        guard let kind = AlertKind(rawValue: name.lowercased()), kind.isGitHubs else { return nil }
        self = kind
    }

    /// Whether GitHub has this kind of alert.
    public var isGitHubs: Bool { [.note, .tip, .important, .warning, .caution].contains(self) }

    /// The kind a call-out's type names, with the aliases Obsidian and MkDocs Material document
    /// (`tldr`, `faq`, `error`…) and Docusaurus' `details`; `plain` for a type none defines.
    /// GitHub's `important` and `caution` keep GitHub's meaning.
    init(type: String) {
        let type = type.lowercased()
        if let kind = AlertKind(rawValue: type), kind != .plain {
            self = kind
        } else {
            self = Self.aliases[type] ?? .plain
        }
    }

    private static let aliases: [String: AlertKind] = [
        "seealso": .note, "summary": .abstract, "tldr": .abstract, "hint": .tip, "check": .success, "done": .success,
        "help": .question, "faq": .question, "attention": .warning, "fail": .failure, "missing": .failure,
        "error": .danger, "cite": .quote,
    ]
}
