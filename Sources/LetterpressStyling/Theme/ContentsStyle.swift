import Foundation

/// How a table of contents is set: the title's style, each level's entries', the leader
/// repeated between an entry's text and its page number (empty: none) and the indent per level.
package struct ContentsStyle: Sendable, Encodable {
    package var title: BlockStyle
    /// Entry styles by indent level, 0 to 5.
    package var levels: [BlockStyle]
    package var leader: String
    package var indent: Double

    /// The style of entries indented `level` times, clamped to the levels there are.
    package func entry(_ level: Int) -> BlockStyle { levels[min(max(level, 0), levels.count - 1)] }
}
