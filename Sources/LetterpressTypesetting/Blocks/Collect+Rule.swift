import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Thematic breaks.
extension Collector {
    mutating func rule(column: Column) {
        let rule = styles.rule
        space(before: rule.spaceBefore)
        let width = column.width * rule.width
        let left = column.x + (column.width - width) / 2
        let y = rule.thickness / 2
        append(.block(Slice.Block(box: Slice.Box(height: rule.thickness, items: [
            .line(from: Point(x: left, y: y), to: Point(x: left + width, y: y), rule.color, width: rule.thickness),
        ]))))
        pendingGap.set(rule.spaceAfter)
    }
}
