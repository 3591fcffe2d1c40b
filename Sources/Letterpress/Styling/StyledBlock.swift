import Foundation

/// A block whose text the theme has styled: what the typesetter lays out. Block spacing and
/// decorations are still the typesetter's to choose.
typealias StyledBlock = BlockTree<StyledText>
typealias StyledList = StyledBlock.List
typealias StyledTable = StyledBlock.Table
typealias StyledFootnote = StyledBlock.Footnote

extension Styler {
    /// `blocks` styled as the typesetter sets them: paragraphs over `paragraph` (the body's
    /// style, or the quote's or the footnotes' inside those), headings and table cells over
    /// their own styles.
    func style(_ blocks: [Block], paragraph: TextStyle, warnings: inout [Warning]) -> [StyledBlock] {
        var styler = BlockStyler(styler: self, paragraph: paragraph)
        let styled = blocks.map { styler.visit($0) }
        warnings += styler.warnings
        return styled
    }

    /// The document's footnotes, set in the footnotes' style.
    func style(_ footnotes: [Block.Footnote], warnings: inout [Warning]) -> [StyledFootnote] {
        footnotes.map {
            StyledFootnote(number: $0.number, blocks: style($0.blocks, paragraph: theme.footnotes.text, warnings: &warnings))
        }
    }
}
