import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressMath
import LetterpressStyling

extension Collector {
    /// The least space between a display formula and its number.
    static let numberGap = 12.0
    /// The kind of warning for a display formula scaled down to fit.
    static let shrunkFormulas = "formulas scaled down to fit"

    /// `text` with its formulas laid out, each piece at most `maximumWidth` wide, with a
    /// warning for each formula scaled down to fit.
    mutating func inlineFormulas(_ text: StyledText, maximumWidth: Double) -> StyledText {
        var shrunk: [MathSpan] = []
        let resolved = InlineFormulas.resolve(text, setter: &formulas, maximumWidth: maximumWidth) { shrunk.append($0) }
        for span in shrunk {
            warnings.append(Warning(code: .formulaShrunk, file: file, location: span.location, message: "a formula in the line is wider than the column: it is set smaller to fit",
                                    kind: Self.shrunkFormulas))
        }
        return resolved
    }

    /// `value` rounded for a message; 0 for one no page could hold.
    private static func points(_ value: Double) -> Int {
        Int(value.clamped(to: 0...1_000_000).rounded())
    }

    /// A display formula: centred (or at the theme's indent), its numbers at the right of the
    /// rows that have one, scaled down with a warning when the column or the page cannot hold
    /// it, and never split across pages.
    mutating func displayFormula(_ span: MathSpan, column: Column, context: Context) {
        let text = context.paragraph.text
        let math = styles.math
        guard let font = formulas.chosenFont() else { return }
        let parsed = formulas.formula(span)
        var box = formulas.layout(in: text, references: span.references, font: font.font).layout(parsed.body, style: .display)
        formulas.record(box)
        var rows = box.taggedRows
        // In the order Markup numbered them: the formula's own tag, then its rows'.
        if let tag = parsed.tag { rows.insert(MathBox.TaggedRow(baseline: 0, tag: tag), at: 0) }
        var automatic = span.numbers.makeIterator()
        let numbers = rows.map { row -> (row: MathBox.TaggedRow, layout: TextLayout)? in
            guard let shown = row.tag.text ?? automatic.next() else { return nil }
            let label = row.tag.isStarred ? shown : "(\(shown))"
            return (row, TextLayout(StyledText(label, style: text), width: nil, align: .left, lineHeight: 1, context: fonts))
        }.compactMap { $0 }
        let numberWidth = numbers.map(\.layout.naturalWidth).max() ?? 0
        // At least a tenth of the column, however wide the numbers or the indent.
        let room = max(column.width - (numbers.isEmpty ? 0 : numberWidth + Self.numberGap) - (math.alignment == .left ? math.indent : 0),
                       column.width / 10)
        let width = box.width, height = box.height + box.depth
        let factor = min(width > room ? room / max(width, 1) : 1, height > contentHeight ? contentHeight / height : 1).clamped(to: 0.01...1)
        if factor < 1 {
            box = box.scaled(by: factor)
            warnings.append(Warning(code: .formulaShrunk, file: file, location: span.location,
                                    message: "a formula \(Self.points(width)) pt wide and \(Self.points(height)) pt tall is too large for the page: it is set at \(Self.points(factor * 100))% of its size",
                                    kind: Self.shrunkFormulas))
        }
        var x = math.alignment == .left ? column.x + min(math.indent, column.width - box.width) : column.x + (column.width - box.width) / 2
        if !numbers.isEmpty { x = max(min(x, column.x + column.width - numberWidth - Self.numberGap - box.width), column.x) }
        var items = FormulaItems.items(of: box, at: Point(x: x, y: box.height), font: font, fonts: fonts)
        for (row, layout) in numbers {
            guard let line = layout.lines.first else { continue }
            let baseline = box.height + row.baseline * factor
            items.append(.text(layout.textLine(0, origin: Point(x: column.x + column.width - layout.naturalWidth, y: baseline))))
            if let label = row.tag.label {
                items.append(.destination(label, at: Point(x: column.x, y: max(baseline - line.baseline, 0))))
            }
        }
        space(before: math.spaceBefore)
        within(.formula, alt: span.tex) {
            $0.append(.block(Slice.Block(box: Slice.Box(height: box.height + box.depth, items: items, firstBaseline: box.height))))
        }
        pendingGap.set(math.spaceAfter)
    }
}
