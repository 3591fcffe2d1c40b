import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressMath

/// A formula set in a line of text: the TeX the note gives, and, once the typesetter has laid
/// it out in the theme's math font, its box. Pango keeps the box's room free on the baseline
/// (one U+FFFC a piece: a long formula breaks after a relation or operator); the line's items
/// draw the box there.
package struct InlineFormula: Hashable, Sendable, Encodable {
    package var span: MathSpan
    /// The laid-out piece this run's U+FFFC stands for, once typeset.
    package var box: MathBox?
    /// The math font's families, which the line's items draw the box in.
    package var fontFamilies: [String] = []

    init(span: MathSpan) {
        self.span = span
    }

    package init(span: MathSpan, box: MathBox, fontFamilies: [String]) {
        self.span = span
        self.box = box
        self.fontFamilies = fontFamilies
    }

    private enum CodingKeys: String, CodingKey {
        case span
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(span)
        hasher.combine(box?.width)
    }
}
