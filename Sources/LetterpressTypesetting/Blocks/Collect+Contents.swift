import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// The table of contents: its title and entries, each in its level's style.
extension Collector {
    mutating func contents(_ contents: StyledBlock.Contents, column: Column) {
        let layout = ContentsLayout(style: styles.toc, fonts: fonts, entries: contents.entries)
        if let title = contents.title {
            checkFamilies(of: title)
            space(before: styles.toc.title.spaceBefore)
            for box in layout.title(title, column: column) { append(.block(Slice.Block(box: box))) }
            pendingGap.set(styles.toc.title.spaceAfter)
        }
        for entry in contents.entries {
            checkFamilies(of: entry.text)
            space(before: styles.toc.entry(entry.indent).spaceBefore)
            for box in layout.entry(entry, column: column) { append(.block(Slice.Block(box: box))) }
            pendingGap.set(styles.toc.entry(entry.indent).spaceAfter)
        }
        // The contents end as a section does: the space before the next heading at least.
        pendingGap.set(styles.toc.title.spaceBefore)
    }
}
