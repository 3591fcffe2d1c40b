import Foundation

/// A kind of element in a tagged PDF's structure tree, by its standard name (ISO 32000-1,
/// 14.8.4), which is the raw value.
package enum StructureRole: String, Sendable, CaseIterable {
    case paragraph = "P"
    case heading1 = "H1", heading2 = "H2", heading3 = "H3", heading4 = "H4", heading5 = "H5", heading6 = "H6"
    case list = "L", listItem = "LI", label = "Lbl", listBody = "LBody"
    case table = "Table", tableHead = "THead", tableBody = "TBody", tableRow = "TR", headerCell = "TH", cell = "TD"
    case figure = "Figure", formula = "Formula", code = "Code", blockQuote = "BlockQuote", note = "Note"
    case contents = "TOC", contentsItem = "TOCI"

    /// The heading of `level` (1 to 6; deeper levels are H6).
    static func heading(_ level: Int) -> StructureRole {
        [.heading1, .heading2, .heading3, .heading4, .heading5, .heading6][min(max(level, 1), 6) - 1]
    }

    /// Whether the element's alternative text stands for what it draws (a figure's alt text, a
    /// formula's source).
    package var hasAlternateText: Bool { self == .figure || self == .formula }
}
