import Foundation
import LetterpressMarkup
import LetterpressStyling

/// A paragraph's text and settings, kept so that its lines can be laid out again at other
/// widths when they meet a shape.
final class ParagraphSource {
    let text: StyledText
    let align: TextAlignment
    let lineHeight: Double
    let column: Column
    /// Headings: every line stays with the next.
    let keepTogether: Bool
    let direction: TextDirection
    /// The text's UTF-8 bytes, for finding where to cut it.
    private(set) lazy var bytes: [UInt8] = Array(text.string.utf8)

    init(text: StyledText, align: TextAlignment, lineHeight: Double, column: Column, keepTogether: Bool,
         direction: TextDirection = .ltr) {
        self.text = text
        self.align = align
        self.lineHeight = lineHeight
        self.column = column
        self.keepTogether = keepTogether
        self.direction = direction
    }
}
