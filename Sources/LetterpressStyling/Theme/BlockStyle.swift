import Foundation
import LetterpressCore
import LetterpressMarkup

/// The look of a block: its text and the space and decoration around it.
package struct BlockStyle: Sendable, Encodable {
    package var text: TextStyle
    /// Baseline-to-baseline distance as a multiple of the font's line height.
    package var lineHeight: Double
    package var spaceBefore: Double
    package var spaceAfter: Double
    package var align: TextAlignment
    package var padding: Double
    package var indent: Double
    package var background: Color?
    package var barColor: Color
    package var barWidth: Double
}
