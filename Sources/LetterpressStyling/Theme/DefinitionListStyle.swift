import Foundation

/// How a definition list is set: each term on a line of its own in `term`'s style, its
/// definitions below it, indented by `indent`.
package struct DefinitionListStyle: Sendable, Encodable {
    package var term: BlockStyle
    package var indent: Double
}
