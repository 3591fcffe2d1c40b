import Foundation
import LetterpressCore
import LetterpressMarkup

/// A document the theme has styled: every run resolved to a `TextStyle`, ready for
/// `Typesetter`. Made by `Styler.style(_:)`.
public struct StyledDocument: Sendable {
    /// The front matter of the document it was styled from: its page size, date and title
    /// still shape the pages.
    public var frontMatter: FrontMatter
    /// The parser's warnings, then the styler's, in the order of the file.
    public var warnings: [Warning]
    var blocks: [StyledBlock]
    var footnotes: [StyledFootnote]
    /// The block-level look of the theme it was styled with, which layout applies.
    package var layout: LayoutStyle
    /// What warnings call the document.
    package var file: String
    /// Seconds spent styling, reported in `Timings`.
    var styleSeconds = 0.0
}

extension Styler {
    /// `document` styled with this styler's theme, in its language (the styler's, else the
    /// front matter's `lang`).
    /// - Parameter document: A parsed or built document.
    /// - Returns: The styled document, with the document's warnings and then the styler's,
    ///   such as an unknown custom style.
    public func style(_ document: Document) -> StyledDocument {
        style(document, after: [])
    }

    /// `document` styled as `style(_:)` styles it; `earlier` warnings come before the
    /// document's.
    package func style(_ document: Document, after earlier: [Warning]) -> StyledDocument {
        let start = Timings.now()
        let styler = language == nil ? Styler(theme: theme, file: file, language: document.frontMatter.lang, markup: markup) : self
        var warnings = earlier + document.warnings
        let blocks = styler.style(document.blocks, paragraph: theme.body.text, warnings: &warnings)
        let footnotes = styler.style(document.footnotes, warnings: &warnings)
        return StyledDocument(frontMatter: document.frontMatter, warnings: warnings, blocks: blocks, footnotes: footnotes,
                              layout: theme.layout, file: file, styleSeconds: Timings.now() - start)
    }
}

extension StyledBlockStream {
    /// A stream holding all of `document`, already styled.
    package convenience init(_ document: StyledDocument) {
        self.init(blocks: document.blocks, ending: .init(footnotes: document.footnotes, warnings: document.warnings,
                                                         styleSeconds: document.styleSeconds),
                  layout: document.layout)
    }
}
