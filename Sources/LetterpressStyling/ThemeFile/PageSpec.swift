import Foundation
import LetterpressCore
import LetterpressMarkup

/// Page size, margins, background, header and footer.
struct PageSpec: Codable {
    var size: String?
    var margin: Margins?
    var background: Color?
    var header: HeaderFooterSpec?
    var footer: HeaderFooterSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case size, margin, background, header, footer
    }
}
