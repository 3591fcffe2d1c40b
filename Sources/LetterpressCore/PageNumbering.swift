/// How a note's pages are numbered in the document they make: alone, from 1 with their own
/// count; merged with other notes into one PDF, from the pages before them with the whole
/// document's count, so that `{page}` and `{pages}` run on across the notes.
package struct PageNumbering: Sendable, Equatable {
    /// The number of the note's first page.
    package var first: Int
    /// The document's page count, when known before the note is typeset; otherwise the note's
    /// own, which only its last page settles.
    package var total: Int?

    package init(first: Int = 1, total: Int? = nil) {
        self.first = first
        self.total = total
    }

    package static let alone = PageNumbering()

    /// The number of the note's page `page` (counted from 1 in the note).
    package func number(ofNotePage page: Int) -> Int { first - 1 + page }
}
