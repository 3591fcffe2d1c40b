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
            within(.paragraph) { collector in
                for box in layout.title(title, column: column) { collector.append(.block(Slice.Block(box: box))) }
            }
            pendingGap.set(styles.toc.title.spaceAfter)
        }
        within(.contents) { collector in
            for entry in contents.entries {
                collector.checkFamilies(of: entry.text)
                collector.space(before: collector.styles.toc.entry(entry.indent).spaceBefore)
                collector.within(.contentsItem) { collector in
                    for box in layout.entry(entry, column: column) { collector.append(.block(Slice.Block(box: box))) }
                }
                collector.pendingGap.set(collector.styles.toc.entry(entry.indent).spaceAfter)
            }
        }
        // The contents end as a section does: the space before the next heading at least.
        pendingGap.set(styles.toc.title.spaceBefore)
    }
}
