import LetterpressMarkup


/// A code block as Styling leaves it: as written, and, when it is more than one colour of text,
/// what the theme made of it.
package struct StyledCodeBlock: Sendable, Equatable {
    /// The block as written.
    package var code: CodeBlock
    /// Its tokens in the theme's colours, its line numbers and marked lines; nil when the block
    /// is one colour of text, laid out as written.
    package var styled: StyledCode?

    package init(code: CodeBlock, styled: StyledCode? = nil) {
        self.code = code
        self.styled = styled
    }
}

extension StyledText: BlockText {
    /// A styled code block.
    package typealias Code = StyledCodeBlock
}
