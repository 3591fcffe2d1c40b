import Foundation

/// The kind of a GitHub alert, a block quote whose first line is `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`: a call-out with a title, in the theme's colour
/// for its kind.
public enum AlertKind: String, Sendable, Codable, CaseIterable {
    case note, tip, important, warning, caution

    /// The title GitHub shows above the alert.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The kind a first line such as `[!NOTE]` marks (in any case), or nil.
    init?(marker: String) {
        guard marker.hasPrefix("[!"), marker.hasSuffix("]") else { return nil }
        self.init(rawValue: marker.dropFirst(2).dropLast().lowercased())
    }
}
