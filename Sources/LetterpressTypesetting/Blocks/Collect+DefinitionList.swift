import Foundation
import LetterpressMarkup
import LetterpressStyling

extension Collector {
    /// Lays out a definition list: each term on a line of its own in the theme's term style,
    /// then its definitions below it, indented by the theme's `definitionList.indent` (scaled
    /// with the text), in the enclosing blocks' style. A tight item keeps its definitions'
    /// paragraphs a list item's spacing apart.
    mutating func definitionList(_ list: StyledBlock.DefinitionList, column: Column, context: Context) {
        let style = styles.definitionList
        let direction = context.direction(of: BaseDirection.of([.definitionList(list)]))
        var termContext = context
        termContext.paragraph = style.term
        termContext.tight = false
        var definitionContext = context
        definitionContext.inherited = direction
        let definitionColumn = column.nested(by: style.indent * styles.textScale, direction: direction)
        for item in list.items {
            collect(item.terms.map { .paragraph($0) }, column: column, context: termContext)
            definitionContext.tight = item.tight
            for definition in item.definitions {
                collect(definition, column: definitionColumn, context: definitionContext)
                if item.tight { pendingGap.set(styles.list.itemSpacing) }
            }
        }
        pendingGap.set(context.tight ? styles.list.itemSpacing : context.paragraph.spaceAfter)
    }
}
