import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// A tagged PDF's structure tree, written through Cairo 1.16's structure tags as the pages are
/// drawn: the document's element around everything, then the elements the page items name
/// (`PageItem.structure`), begun and ended as the path they name changes, so that the tree
/// is in reading order.
///
/// Cairo 1.16 gives an element either content or child elements, never both, and decides
/// which when the page is finished: an element that also holds a link (a child element)
/// would lose its text. So the elements holding links on a page, found before it is drawn,
/// have their text in `Span` children. What is drawn outside every element (running headers
/// and footers, the badge, bars and rules between blocks, the page's background) is left out
/// of the tree: Cairo 1.16 cannot mark content as an artifact. The innermost element is ended
/// where such content starts and at each page's end (content drawn at the start of a page
/// would otherwise fall inside it), so a paragraph cut by a page break is two elements;
/// lists, quotes and tables go on across it.
final class PDFStructure {
    /// The elements begun and not ended, outermost first, after the document's; whether each
    /// has its text in spans.
    private var open: [(element: StructureElement, spansText: Bool)] = []
    private var spanOpen = false
    private var documentOpen = false
    /// The innermost element the last path named: the one that holds the items drawn now.
    private var holder: StructureElement?
    /// The elements of the page being drawn that hold links, by id.
    private var linked: Set<Int> = []
    /// The alternative text of each figure and formula, in the order they were begun, which is
    /// the order of the structure tree (`PDFAccessibility` writes them).
    private(set) var alternates: [String?] = []

    /// Prepares for drawing `page`: begins the document's element on the first page.
    func begin(_ page: Page, on cr: OpaquePointer) {
        if !documentOpen {
            cairo_tag_begin(cr, "Document", "")
            documentOpen = true
        }
        linked = []
        var current: StructureElement?
        for item in page.items {
            switch item {
            case let .structure(path): current = path.last
            case .link: if let current { linked.insert(current.id) }
            default: break
            }
        }
    }

    /// The items that follow belong to `path` (see `PageItem.structure`).
    func enter(_ path: [StructureElement], on cr: OpaquePointer) {
        guard !path.isEmpty else { return endHolder(on: cr) }
        var common = 0
        while common < open.count, common < path.count, open[common].element == path[common] { common += 1 }
        if common == open.count && common == path.count { return }
        endSpan(on: cr)
        while open.count > common { end(on: cr) }
        for element in path[common...] {
            cairo_tag_begin(cr, element.role.rawValue, "")
            open.append((element, linked.contains(element.id)))
            if element.role.hasAlternateText { alternates.append(element.alt) }
        }
        holder = path.last
    }

    /// Text or an image is about to be drawn: in a span, if its element holds links.
    func willDrawContent(on cr: OpaquePointer) {
        guard let top = open.last, top.spansText, !spanOpen else { return }
        cairo_tag_begin(cr, "Span", "")
        spanOpen = true
    }

    /// A link is about to be drawn, as a child of the element that holds it.
    func willDrawLink(on cr: OpaquePointer) {
        endSpan(on: cr)
    }

    /// Ends the page's innermost element: the next page starts outside it.
    func endPage(on cr: OpaquePointer) {
        endHolder(on: cr)
    }

    private func endHolder(on cr: OpaquePointer) {
        endSpan(on: cr)
        if let holder, open.last?.element == holder { end(on: cr) }
        holder = nil
    }

    private func endSpan(on cr: OpaquePointer) {
        guard spanOpen else { return }
        cairo_tag_end(cr, "Span")
        spanOpen = false
    }

    private func end(on cr: OpaquePointer) {
        cairo_tag_end(cr, open.removeLast().element.role.rawValue)
    }
}
