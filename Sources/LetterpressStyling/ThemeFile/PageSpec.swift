import Foundation
import LetterpressCore
import LetterpressMarkup

/// Page size, margins, background, header and footer.
public struct PageSpec: Codable, Sendable {
    /// A page size as `--page-size` takes it (`a4`, `letter-landscape`, `210mmx297mm`); the
    /// machine's paper unless given.
    public var size: String?
    /// The margins, in points, each 0 to 1000.
    public var margin: Margins?
    /// The paper's colour.
    public var background: Color?
    /// The running header; none unless given.
    public var header: HeaderFooterSpec?
    /// The running footer; none unless given.
    public var footer: HeaderFooterSpec?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case size, margin, background, header, footer
    }

    /// A page that sets nothing.
    public init() {}
}
