import Foundation

/// Several notes' pages made one document's: each note's anchors and structure elements named
/// apart (two notes may both have an `#introduction`), a link from one note to another
/// (`[see](b.md#setup)`) made a link inside the document, and one outline entry per note
/// holding its headings.
struct MergedNotes {
    /// The notes' files, standardized, in the document's order.
    let notes: [URL]

    init(inputs: [String]) {
        notes = inputs.map { URL(fileURLWithPath: $0).standardizedFileURL }
    }

    /// The name of the top of note `index`'s first page, and the prefix of its anchors.
    private func prefix(_ index: Int) -> String { "note\(index + 1)-" }

    /// `pages` of note `index`, its anchors renamed, its links to merged notes pointing inside
    /// the document, and its outline one level under the note's entry: one titled `title` (the
    /// front matter's) at the top of its first page, else its first heading. A note with
    /// neither has no entry: entries are made only by typesetting, so the note's own first
    /// one is the one its entry is made from.
    func pages(_ pages: [Page], ofNote index: Int, title: String?) -> [Page] {
        let first = pages.lazy.flatMap(\.outline).first
        var promoted = title != nil
        return pages.enumerated().map { number, page in
            var page = page
            page.items = page.items.map { item(renamed: $0, inNote: index) }
            for entry in page.outline.indices {
                page.outline[entry].level = promoted ? page.outline[entry].level + 1 : 1
                promoted = true
            }
            if number == 0 {
                page.items.insert(.destination(prefix(index) + "top", at: Point(x: 0, y: 0)), at: 0)
                if let title, var entry = first {
                    entry.level = 1
                    entry.title = title
                    entry.y = 0
                    page.outline.insert(entry, at: 0)
                }
            }
            return page
        }
    }

    private func item(renamed item: PageItem, inNote index: Int) -> PageItem {
        switch item {
        case let .destination(name, at: point):
            return .destination(prefix(index) + name, at: point)
        case let .structure(path):
            // Each note numbers its structure elements from 1: a list open at one note's end
            // must not go on in the next note's.
            return .structure(path.map { element in
                var element = element
                element.id += index << 32
                return element
            })
        case let .link(.anchor(name), rects):
            return .link(.anchor(prefix(index) + name), rects: rects)
        case let .link(.documentTop, rects):
            return .link(.anchor(prefix(index) + "top"), rects: rects)
        case let .link(.uri(uri), rects):
            guard let target = target(of: uri, inNote: index) else { return item }
            return .link(.anchor(target), rects: rects)
        default:
            return item
        }
    }

    /// The anchor a relative link of note `index` names when it is to another merged note
    /// (`b.md`, `../b.md#setup`), found from the note's folder as a file link is.
    private func target(of uri: String, inNote index: Int) -> String? {
        guard !uri.isEmpty, !uri.hasPrefix("/"), !uri.hasPrefix("#"), URLComponents(string: uri)?.scheme == nil else { return nil }
        let parts = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let file = URL(fileURLWithPath: path, relativeTo: notes[index].deletingLastPathComponent()).standardizedFileURL
        guard let other = notes.firstIndex(of: file) else { return nil }
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        return prefix(other) + (fragment.isEmpty ? "top" : fragment.removingPercentEncoding ?? fragment)
    }
}
