import Foundation
import LetterpressCore
import LetterpressMarkup

/// Changes an inline element makes to the text around it.
package struct InlineStyle: Sendable, Encodable {
    package var fontFamilies: [String]?
    /// Size relative to the surrounding text.
    package var scale: Double
    package var weight: FontWeight?
    package var italic: Bool?
    package var color: Color?
    package var background: Color?
    package var underline: Bool?
}
