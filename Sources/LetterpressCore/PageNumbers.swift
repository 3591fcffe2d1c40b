import Foundation

/// The page each anchor of a document landed on (numbered from 1), as a layout of it found:
/// what a table of contents and `{page:#anchor}` print in the next layout.
package struct PageNumbers: Sendable, Equatable {
    package var pages: [String: Int] = [:]

    package init(_ pages: [String: Int] = [:]) {
        self.pages = pages
    }

    package subscript(anchor: String) -> Int? { pages[anchor] }

    /// Records `anchor` on page `page`, unless it was found on an earlier page: a link goes to
    /// an anchor's first place (a repeated table header repeats its anchors).
    package mutating func record(_ anchor: String, page: Int) {
        if pages[anchor] == nil { pages[anchor] = page }
    }
}

extension PageNumbers {
    /// What `settle` found: the numbers, how many layouts it took, and whether the last two
    /// agreed.
    package struct Settlement: Sendable, Equatable {
        package var numbers: PageNumbers
        package var layouts: Int
        package var settled: Bool

        package var unsettledMessage: String {
            "the table of contents' page numbers changed in each of \(layouts) layouts; some may be off by a page"
        }
    }

    /// Layouts made at most to settle the numbers: the contents always take the same room
    /// (see `ContentsLayout`), so only a `{page:#…}` whose number changes its line can move
    /// anything after the second.
    package static let maximumLayouts = 4

    /// Lays the document out (`layOut`, given the numbers of the layout before, nil at first)
    /// until a layout finds the numbers it was given, at most `maximum` times. The last layout
    /// is the one to keep: it was given `numbers` (and, when settled, found them).
    package static func settle(maximum: Int = maximumLayouts, _ layOut: (PageNumbers?) throws -> PageNumbers) rethrows -> Settlement {
        var numbers: PageNumbers?
        for layout in 1...max(maximum, 1) {
            let found = try layOut(numbers)
            if found == numbers { return Settlement(numbers: found, layouts: layout, settled: true) }
            numbers = found
        }
        return Settlement(numbers: numbers ?? PageNumbers(), layouts: max(maximum, 1), settled: false)
    }
}
