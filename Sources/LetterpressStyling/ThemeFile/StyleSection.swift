import Foundation

/// The styles of a theme that are a `StyleSpec`, and the keys of it each applies: those whose
/// values reach what is drawn of it. The schema leaves out the others, with a warning naming
/// these; the table of them in `docs/themes.md` is checked against this.
enum StyleSection: CaseIterable {
    case body, heading, code, quote, footnotes, alertBody, alertTitle, tableCell, tableHeader, contentsTitle, contentsEntry, definitionTerm, titleBlock, pageText

    /// Where a theme writes it (`[]`: each item of a list).
    var paths: [String] {
        switch self {
        case .body: ["body"]
        case .heading: ["heading", "headings[]"]
        case .code: ["code"]
        case .quote: ["quote"]
        case .footnotes: ["footnotes"]
        case .alertBody: ["alerts.body"]
        case .alertTitle: ["alerts.title"]
        case .tableCell: ["table.cell"]
        case .tableHeader: ["table.header"]
        case .contentsTitle: ["toc.title"]
        case .contentsEntry: ["toc.entry", "toc.levels[]"]
        case .definitionTerm: ["definitionList.term"]
        case .titleBlock: ["titleBlock.title", "titleBlock.subtitle", "titleBlock.author", "titleBlock.date"]
        case .pageText: ["page.header.style", "page.footer.style"]
        }
    }

    /// The keys of `StyleSpec.fields` it applies, in their order.
    var keys: [String] { StyleSpec.fields.map(\.name).filter(applied.contains) }

    private var applied: Set<String> {
        let text: Set = ["font", "size", "fontWeight", "italic", "foregroundColor", "underline", "tracking", "effect"]
        // Sizes `--text-size` scales, within these bounds.
        let scaled = text.union(["minSize", "maxSize"])
        let spaced = scaled.union(["lineHeight", "spaceBefore", "spaceAfter"])
        switch self {
        case .body, .heading, .footnotes, .titleBlock: return spaced.union(["align"])
        case .quote: return spaced.union(["align", "indent", "barColor", "barWidth"])
        // Its bar is in the alert's colour.
        case .alertBody: return spaced.union(["align", "indent", "barWidth"])
        // Flush left, in the alert's colour.
        case .alertTitle: return spaced.subtracting(["foregroundColor"])
        // Flush left on its band.
        case .code: return spaced.union(["padding", "backgroundColor"])
        // Aligned as their column, spaced as the table.
        case .tableCell: return scaled.union(["lineHeight"])
        case .tableHeader: return scaled.union(["lineHeight", "backgroundColor"])
        // Flush left.
        case .contentsTitle, .contentsEntry, .definitionTerm: return spaced
        // One line, at a size `--text-size` leaves.
        case .pageText: return text
        }
    }
}
