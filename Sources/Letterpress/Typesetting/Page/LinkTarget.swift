import Foundation

/// Where a link on a page goes: a URI outside the document, or a place inside it.
package enum LinkTarget: Sendable, Hashable {
    case uri(String)
    /// A named place of the document (a heading's anchor, a footnote's), drawn by a
    /// `PageItem.destination` of that name.
    case anchor(String)
    /// The top of the first page (`#` and `#top`, as in a browser).
    case documentTop

    /// The target of a run's link as Markup leaves it: a URI, or, for a link inside the
    /// document, `#` and the name of an anchor the document has (Markup checks it and drops
    /// a link to a missing one), `#` alone for the top.
    package init(link: String) {
        if link == "#" {
            self = .documentTop
        } else if link.hasPrefix("#") {
            self = .anchor(String(link.dropFirst()))
        } else {
            self = .uri(link)
        }
    }
}
