import Foundation
import LetterpressCore
import LetterpressMarkup

/// Table cells, header row and grid.
package struct TableStyle: Sendable, Encodable {
    package var cell: BlockStyle
    package var header: BlockStyle
    package var borderColor: Color
    package var borderWidth: Double
    package var padding: Double
    package var stripe: Color?
}
