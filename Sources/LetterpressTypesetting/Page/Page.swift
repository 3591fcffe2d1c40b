import Foundation
import LetterpressCore

/// A finished page: its size, background and items in painting order. A value that any thread
/// may hold; drawing it still goes through Cairo and FreeType, which must not draw on one
/// thread while another lays out text in the same process (see `FontWork`).
public struct Page: Sendable {
    /// The page's size in points.
    public var size: PageSize
    /// The colour the whole page is painted first, the theme's page background.
    public var background: Color
    package var items: [PageItem]
    package var outline: [OutlineEntry]
}

extension Page {
    /// A link drawn on more than this many lines of a page in a row (its text wrapped) is given
    /// one item holding all their rectangles, where the first was: the PDF writes a link's URL
    /// in each of its annotations, which made a 100 KB autolink a 157 MB file.
    static let linkLinesApart = 4

    /// `items` with each run of more than `linkLinesApart` consecutive links to one target
    /// (other items between them aside) made one link.
    static func joiningLinks(_ items: [PageItem]) -> [PageItem] {
        var runs: [(target: LinkTarget, first: Int, count: Int, rects: [Rect])] = []
        for (index, item) in items.enumerated() {
            guard case let .link(target, rects) = item else { continue }
            // Lines of one link share the URL's storage, so comparing them takes no time.
            if let last = runs.last, last.target == target {
                runs[runs.count - 1].count += 1
                runs[runs.count - 1].rects += rects
            } else {
                runs.append((target, index, 1, rects))
            }
        }
        let joined = runs.filter { $0.count > linkLinesApart }
        guard !joined.isEmpty else { return items }
        var result: [PageItem] = []
        var next = 0
        // Links of the joined run still to leave out: the run's are the links that follow its first.
        var remaining = 0
        for (index, item) in items.enumerated() {
            if next < joined.count, index == joined[next].first {
                result.append(.link(joined[next].target, rects: joined[next].rects))
                remaining = joined[next].count - 1
                next += 1
            } else if remaining > 0, case .link = item {
                remaining -= 1
            } else {
                result.append(item)
            }
        }
        return result
    }

    /// The characters of the page's text that no installed font has.
    package var missingCharacters: Set<Unicode.Scalar> {
        var found = Set<Unicode.Scalar>()
        for case let .text(line) in items {
            for run in line.runs where !run.missing.isEmpty {
                found.formUnion(run.missing.compactMap { Unicode.Scalar($0.character) })
            }
        }
        return found
    }
}
