import Foundation
import LetterpressCore
import LetterpressMarkup

/// How visible exclusion shapes are drawn.
package struct ShapeStyle: Sendable, Encodable {
    package var fill: Color?
    package var stroke: Color?
    package var strokeWidth: Double
}
