import Foundation

/// Page size, margins, background, header and footer.
public struct PageStyle: Sendable, Encodable {
    public var size: PageSize
    public var margins: Margins
    public var background: Color
    public var header: HeaderFooter?
    public var footer: HeaderFooter?
}
