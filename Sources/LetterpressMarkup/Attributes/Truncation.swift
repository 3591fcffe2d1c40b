import Foundation

/// Where text cut short by a line limit loses its characters, as SwiftUI's `truncationMode`.
public enum Truncation: String, Codable, Sendable, CaseIterable {
    case tail, middle, head
}

/// At most `lines` lines, the last ending in an ellipsis where `truncation` cuts the text.
package struct LineLimit: Sendable, Hashable {
    package let lines: Int
    package let truncation: Truncation

    package init(lines: Int, truncation: Truncation = .tail) {
        self.lines = lines
        self.truncation = truncation
    }
}
