import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Finds a text's direction as GitHub's `dir="auto"` does: from its first character with a
/// strong direction (rule P2 of the Unicode bidirectional algorithm), letters of Latin,
/// Hebrew, Arabic and so on; digits and punctuation have none.
enum BaseDirection {
    /// The direction `text` asks for: its first run's `direction` attribute, else its first
    /// strong character's; nil when it has neither.
    static func of(_ text: StyledText) -> TextDirection? {
        text.runs.first?.style.direction ?? firstStrong(in: text.string)
    }

    /// The direction of the first text with one among `blocks` and the blocks inside them.
    /// Plain loops: a lazy `compactMap(…).first` computes the block it finds twice, which
    /// doubles at each level of nested lists.
    static func of(_ blocks: [StyledBlock]) -> TextDirection? {
        for block in blocks {
            switch block {
            case let .heading(_, text), let .paragraph(text):
                if let found = of(text) { return found }
            case let .list(list):
                for item in list.items {
                    if let found = of(item.blocks) { return found }
                }
            case let .blockQuote(inner), let .alert(_, inner):
                if let found = of(inner) { return found }
            case let .table(table):
                for cell in table.header + table.rows.joined() {
                    if let found = of(cell) { return found }
                }
            case let .division(division):
                if let found = division.direction ?? of(division.blocks) { return found }
            case let .definitionList(list):
                for item in list.items {
                    for term in item.terms {
                        if let found = of(term) { return found }
                    }
                    for definition in item.definitions {
                        if let found = of(definition) { return found }
                    }
                }
            case .code, .thematicBreak, .image, .pageBreak, .contents, .math:
                continue
            }
        }
        return nil
    }

    /// The direction of the first strong character of `string`; nil when it has none.
    static func firstStrong(in string: String) -> TextDirection? {
        // FriBidi is asked once per character: a long run of dashes or emoji repeats a few.
        var weak: Set<Unicode.Scalar> = []
        for scalar in string.unicodeScalars {
            if scalar.isASCII {
                if ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) { return .ltr }
            } else if !weak.contains(scalar) {
                if let direction = strong(scalar) { return direction }
                weak.insert(scalar)
            }
        }
        return nil
    }

    /// The direction of `scalar` if it is strong. FriBidi (through Pango) resolves a
    /// paragraph's weak direction to its first strong character's: a character that leaves a
    /// weak left-to-right and a weak right-to-left start as they were has none.
    private static func strong(_ scalar: Unicode.Scalar) -> TextDirection? {
        let text = String(scalar)
        func resolved(_ start: PangoDirection) -> PangoDirection {
            var direction = start
            g_free(pango_log2vis_get_embedding_levels(text, Int32(text.utf8.count), &direction))
            return direction
        }
        let fromLeft = resolved(PANGO_DIRECTION_WEAK_LTR)
        guard fromLeft == resolved(PANGO_DIRECTION_WEAK_RTL) else { return nil }
        return fromLeft == PANGO_DIRECTION_RTL ? .rtl : .ltr
    }
}
