import Foundation
import LetterpressCore

/// A parsed Markdown document: front matter, blocks, and footnotes in reference order.
public struct Document: Sendable {
    /// The note's front matter; empty when it has none.
    public var frontMatter: FrontMatter
    /// The body's blocks, in order.
    public var blocks: [Block]
    /// The footnote definitions, numbered in the order of their first reference.
    public var footnotes: [Block.Footnote]
    /// Problems found while parsing, such as attribute bodies that are not JSON5.
    public var warnings: [Warning]

    /// A document of the given parts, as a parser or `StyledTextBuilder` makes one.
    ///
    /// - Parameters:
    ///   - frontMatter: The front matter; empty for none.
    ///   - blocks: The body's blocks, in order.
    ///   - footnotes: The footnote definitions, in the order of their numbers.
    ///   - warnings: Problems already found, reported with the styler's and typesetter's.
    public init(frontMatter: FrontMatter = FrontMatter(), blocks: [Block], footnotes: [Block.Footnote] = [], warnings: [Warning] = []) {
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.footnotes = footnotes
        self.warnings = warnings
    }
}

extension Document {
    /// The sources of every image the document names, in order.
    public var imageSources: [String] {
        var sources = ImageSources()
        return (blocks + footnotes.flatMap(\.blocks)).flatMap { sources.visit($0) }
    }

    /// The sources of the images in blocks, in their lines, and in the blocks inside them.
    private struct ImageSources: BlockVisitor {
        func inLine(_ text: AttributedString) -> [String] {
            text.runs[LetterpressAttributes.ImageAttribute.self].compactMap { image, _ in image?.source }
        }
        mutating func visitHeading(level: Int, text: AttributedString) -> [String] { inLine(text) }
        mutating func visitParagraph(_ text: AttributedString) -> [String] { inLine(text) }
        mutating func visitList(_ list: Block.List) -> [String] { list.items.flatMap { $0.blocks.flatMap { visit($0) } } }
        mutating func visitBlockQuote(_ blocks: [Block]) -> [String] { blocks.flatMap { visit($0) } }
        mutating func visitAlert(_ callout: Callout, _ blocks: [Block]) -> [String] { blocks.flatMap { visit($0) } }
        mutating func visitCode(_ code: CodeBlock) -> [String] { [] }
        mutating func visitThematicBreak() -> [String] { [] }
        mutating func visitTable(_ table: Block.Table) -> [String] { [] }
        mutating func visitImage(_ image: ImageReference) -> [String] { [image.source] }
        mutating func visitPageBreak() -> [String] { [] }
        mutating func visitDivision(_ division: Block.Division) -> [String] { division.blocks.flatMap { visit($0) } }
        mutating func visitContents(_ contents: Block.Contents) -> [String] { [] }
        mutating func visitMath(_ math: MathSpan) -> [String] { [] }
        mutating func visitDefinitionList(_ list: Block.DefinitionList) -> [String] {
            list.items.flatMap { item in item.terms.flatMap(inLine) + item.definitions.joined().flatMap { visit($0) } }
        }
    }
}
