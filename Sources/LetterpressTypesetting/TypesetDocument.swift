import Foundation
import LetterpressCore

/// A typeset document: its pages in order, ready for any drawer.
public struct TypesetDocument: Sendable {
    /// The pages, in order.
    public var pages: [Page]
    /// The warnings of parsing, styling and typesetting, in the order of the file.
    public var warnings: [Warning]
    /// What a PDF of the pages says of them: title, author, date.
    public var metadata = DocumentMetadata()
    /// Time spent loading the theme (when a `Renderer` typeset it), parsing and styling for this
    /// document (on another thread when they ran beside typesetting).
    public var timings = Timings()

    package init(pages: [Page], warnings: [Warning], metadata: DocumentMetadata = DocumentMetadata(), timings: Timings = Timings()) {
        self.pages = pages
        self.warnings = warnings
        self.metadata = metadata
        self.timings = timings
    }
}

extension TypesetDocument {
    /// The font files the document's text is drawn with, as `family style → file`, sorted.
    package var usedFonts: [String] {
        var fonts = Set<String>()
        for page in pages {
            for case let .text(line) in page.items {
                for run in line.runs { fonts.insert("\(run.font.face.name) → \(run.font.face.file)") }
            }
        }
        return fonts.sorted()
    }
}
