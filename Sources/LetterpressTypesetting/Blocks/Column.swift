import Foundation
import LetterpressMarkup

/// The horizontal band blocks are laid out in: its left edge and width, in points on the page.
struct Column: Equatable {
    var x: Double
    var width: Double
    /// How narrow nested content (list items, quotes) may become: a third of the page's column.
    var narrowest: Double

    init(x: Double, width: Double, narrowest: Double? = nil) {
        self.x = x
        self.width = width
        self.narrowest = narrowest ?? width / 3
    }

    func inset(left: Double, right: Double = 0) -> Column {
        Column(x: x + left, width: max(width - left - right, 1), narrowest: narrowest)
    }

    /// Content nested `amount` further in from its start (the right, for right-to-left
    /// content), though no narrower than `narrowest`: deeper, it stays where it is. Thirty
    /// nested lists otherwise squeezed their text to a letter a line, then past the margin,
    /// and the last items off the page.
    func nested(by amount: Double, direction: TextDirection = .ltr) -> Column {
        let indent = min(amount, max(width - narrowest, 0))
        return direction == .rtl ? inset(left: 0, right: indent) : inset(left: indent)
    }

    /// The x of a box `boxWidth` wide at the column's start: its left edge, or its right one
    /// for right-to-left content.
    func start(ofBoxWide boxWidth: Double, direction: TextDirection) -> Double {
        direction == .rtl ? x + width - boxWidth : x
    }
}
