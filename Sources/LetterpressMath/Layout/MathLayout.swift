import LetterpressCore

/// Lays math lists out by TeX's rules (TeXbook, Appendix G) as MathML Core restates them in
/// terms of an OpenType MATH font's constants, variants and assemblies.
///
/// A value is cheap to copy and safe to share: what it learns of glyphs is cached in the
/// font. All distances are in points.
package struct MathLayout: Sendable {
    /// The math font.
    package let font: MathFont
    /// The font size of display and text style, in points.
    package let size: Double
    /// The colour of what the formula does not colour itself.
    package let color: Color
    /// The colour of source that could not be read and of unknown references.
    package let errorColor: Color
    /// Each equation label's number as the document assigned it.
    package let references: [String: String]
    /// Where characters the math font lacks are found; nil leaves them missing.
    package let fallback: (any MathFallbackFonts)?

    /// Lists nested deeper than this are drawn flat, as their characters in the error
    /// colour, so no input can exhaust the stack.
    static let maximumDepth = 60

    /// A layout in `font` at `size` points.
    /// - Parameter references: Equation label → the number text the document gave it; an
    ///   unknown label shows "??" in `errorColor`.
    /// - Parameter fallback: The fonts for characters the math font has no glyph for, such as
    ///   Chinese in `\text{…}`; without it they take `.notdef`'s room and are not drawn.
    package init(font: MathFont, size: Double, color: Color, errorColor: Color, references: [String: String] = [:],
                 fallback: (any MathFallbackFonts)? = nil) {
        self.font = font
        self.size = size.isFinite && size > 0 ? size : 10
        self.color = color
        self.errorColor = errorColor
        self.references = references
        self.fallback = fallback
    }

    /// `list` laid out in `style`, its origin at the left end of its baseline.
    package func layout(_ list: MathList, style: MathStyle) -> MathBox {
        layoutList(list, context(style)).mergingRuns()
    }

    /// An inline formula (text style) in pieces a line may break between: the top-level
    /// list is cut after each binary operator and relation, as TeX allows. The space after
    /// the atom where a piece ends stays in that piece, so the pieces' widths add up to the
    /// width `layout(list, style: .text)` gives, and set side by side they draw the same.
    package func breakablePieces(_ list: MathList) -> [MathBox] {
        let row = rowEntries(list, context(.text))
        var pieces: [MathBox] = []
        var start = 0
        for index in row.entries.indices where row.entries[index].breaksAfter || index == row.entries.count - 1 {
            let startX = pieces.isEmpty ? 0 : row.entries[start].x
            let endX = index + 1 < row.entries.count ? row.entries[index + 1].x : row.width
            pieces.append(assemble(row.entries[start...index], from: startX, width: endX - startX).mergingRuns())
            start = index + 1
        }
        return pieces.isEmpty ? [MathBox(width: row.width)] : pieces
    }

    private func context(_ style: MathStyle) -> LayoutContext {
        LayoutContext(style: style, cramped: false, color: color, depth: 0)
    }

    // MARK: Sizes and constants

    /// The font size of `style`: the script styles are scaled down by the font's percentages.
    func fontSize(_ style: MathStyle) -> Double {
        switch style {
        case .display, .text: return size
        case .script: return size * scaleDown(.scriptPercentScaleDown, default: 70)
        case .scriptScript: return size * scaleDown(.scriptScriptPercentScaleDown, default: 50)
        }
    }

    private func scaleDown(_ constant: MathConstant, default fallback: Double) -> Double {
        let percent = font.constant(constant)
        return (percent > 0 ? percent : fallback) / 100
    }

    /// A MATH constant in points at the size of `context`'s style.
    func constant(_ constant: MathConstant, _ context: LayoutContext) -> Double {
        font.constant(constant, size: fontSize(context.style))
    }

    /// An em of `context`'s style, in points.
    func em(_ context: LayoutContext) -> Double {
        fontSize(context.style)
    }
}
