import Foundation

/// A pass over blocks, one method a kind of block, in swift-markdown's style: `visit` calls the
/// method for a block's kind, and each method visits the blocks inside when its pass needs them.
/// With no default methods, a new kind of block fails to compile until every pass handles it.
protocol BlockVisitor {
    associatedtype Text: BlockText
    associatedtype Result

    mutating func visitHeading(level: Int, text: Text) -> Result
    mutating func visitParagraph(_ text: Text) -> Result
    mutating func visitList(_ list: BlockTree<Text>.List) -> Result
    mutating func visitBlockQuote(_ blocks: [BlockTree<Text>]) -> Result
    mutating func visitAlert(_ callout: Callout, _ blocks: [BlockTree<Text>]) -> Result
    mutating func visitCode(_ code: Text.Code) -> Result
    mutating func visitThematicBreak() -> Result
    mutating func visitTable(_ table: BlockTree<Text>.Table) -> Result
    mutating func visitImage(_ image: ImageReference) -> Result
    mutating func visitPageBreak() -> Result
    mutating func visitDivision(_ division: BlockTree<Text>.Division) -> Result
    mutating func visitContents(_ contents: BlockTree<Text>.Contents) -> Result
    mutating func visitMath(_ math: MathSpan) -> Result
    mutating func visitDefinitionList(_ list: BlockTree<Text>.DefinitionList) -> Result
}

extension BlockVisitor {
    /// What this pass makes of `block`.
    mutating func visit(_ block: BlockTree<Text>) -> Result {
        switch block {
        case let .heading(level, text): return visitHeading(level: level, text: text)
        case let .paragraph(text): return visitParagraph(text)
        case let .list(list): return visitList(list)
        case let .blockQuote(blocks): return visitBlockQuote(blocks)
        case let .alert(callout, blocks): return visitAlert(callout, blocks)
        case let .code(code): return visitCode(code)
        case .thematicBreak: return visitThematicBreak()
        case let .table(table): return visitTable(table)
        case let .image(image): return visitImage(image)
        case .pageBreak: return visitPageBreak()
        case let .division(division): return visitDivision(division)
        case let .contents(contents): return visitContents(contents)
        case let .math(math): return visitMath(math)
        case let .definitionList(list): return visitDefinitionList(list)
        }
    }
}
