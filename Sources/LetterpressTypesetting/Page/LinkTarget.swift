import Foundation
import LetterpressMarkup

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
    /// a link to a missing one), `#` alone for the top. Nil for a link longer than Markup
    /// takes from a note (an archive's or the library's may be any length): each line the
    /// link spans would hold all of it in the PDF.
    package init?(link: String) {
        guard link.utf8.count <= Self.longestLink else { return nil }
        if link == "#" {
            self = .documentTop
        } else if link.hasPrefix("#") {
            self = .anchor(String(link.dropFirst()))
        } else {
            self = .uri(link)
        }
    }

    /// The longest link drawn, in UTF-8 bytes.
    package static let longestLink = CmarkConverter.maximumURLLength
}
