import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Page size and margins of a rendering, after command-line and front matter overrides.
package struct PageGeometry: Sendable, Equatable {
    package var size: PageSize
    package var margins: Margins

    package init(size: PageSize, margins: Margins) {
        self.size = size
        self.margins = margins
    }

    /// The column text is set in.
    var column: Column { Column(x: margins.left, width: size.width - margins.left - margins.right) }
    var contentHeight: Double { size.height - margins.top - margins.bottom }
}
