import Foundation
import LetterpressCore
import LetterpressMarkup

/// Page size, margins, background, header and footer.
package struct PageStyle: Sendable, Encodable {
    /// Nil when the theme names none: the note is then set on `RenderOptions.defaultPageSize`.
    package var size: PageSize?
    package var margins: Margins
    package var background: Color
    package var header: HeaderFooter?
    package var footer: HeaderFooter?
}
