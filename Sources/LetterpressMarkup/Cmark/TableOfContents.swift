import Foundation
import LetterpressCore

/// The table of contents of a note and the numbers its `{page:#anchor}` references print:
/// made whole where they stand, from the headings the first pass listed and the pages a layout
/// found the anchors on (see `PageNumbers`).
struct TableOfContents {
    /// The headings the contents may list, in order (`CmarkIndex.listedHeadings`).
    let headings: [(level: Int, text: String, anchor: String)]
    /// The front matter's `toc:`; without one, a `[TOC]` line lists the default depth, untitled.
    let setting: ContentsSetting?
    /// The pages of the anchors, nil before the first layout.
    let pageNumbers: PageNumbers?

    /// The contents block: the listed headings down to the depth asked, indented from the
    /// shallowest level listed, with their pages once a layout has found them.
    func block() -> Block {
        let setting = setting ?? ContentsSetting()
        let listed = headings.filter { $0.level <= setting.depth }
        let top = listed.map(\.level).min() ?? 1
        let entries = listed.map {
            Block.Contents.Entry(text: AttributedString($0.text), indent: $0.level - top, anchor: $0.anchor,
                                 page: pageNumbers?[$0.anchor])
        }
        return .contents(Block.Contents(title: setting.title.isEmpty ? nil : AttributedString(setting.title), entries: entries))
    }

    /// What a page reference to `link` (an anchor's link, nil when the note has no such anchor)
    /// prints: the anchor's page, a placeholder of two digits before a layout has found it,
    /// `??` for a missing anchor.
    func pageNumber(at link: String?) -> String {
        guard let link else { return "??" }
        guard let pageNumbers else { return "00" }
        return link == "#" ? "1" : pageNumbers[String(link.dropFirst())].map(String.init) ?? "??"
    }
}
