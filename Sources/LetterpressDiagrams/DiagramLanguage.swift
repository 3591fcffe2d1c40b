/// The languages a fenced code block may draw a diagram in, by its info string's first word.
package enum DiagramLanguage: Sendable, Equatable {
    /// Graphviz's DOT (` ```dot `, ` ```graphviz `).
    case dot
    /// Mermaid (` ```mermaid `).
    case mermaid

    /// The language a fence's first word names, if it is a diagram's (case does not matter).
    package init?(fence language: String) {
        switch language.lowercased() {
        case "dot", "graphviz": self = .dot
        case "mermaid": self = .mermaid
        default: return nil
        }
    }
}
