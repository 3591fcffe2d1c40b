import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressMath
import LetterpressStyling

/// Lays out the formulas a paragraph sets in its lines, each as the pieces a line may break
/// between (after a relation or a binary operator, as TeX allows), one U+FFFC a piece.
enum InlineFormulas {
    /// Whether any run of `text` is a formula.
    static func has(_ text: StyledText) -> Bool {
        text.runs.contains { $0.style.inlineFormula != nil }
    }

    /// `text` with each formula's plain reading replaced by its laid-out pieces; when no math
    /// font can be had, the reading stays and `setter.font`'s problem says why.
    /// A piece wider than `maximumWidth` (the column, a table cell's share) is scaled down to
    /// it, and `shrunk` is told of its formula.
    static func resolve(_ text: StyledText, setter: inout FormulaSetter, maximumWidth: Double, shrunk: (MathSpan) -> Void) -> StyledText {
        guard let font = setter.chosenFont() else { return text }
        let bytes = Array(text.string.utf8)
        var string = ""
        var runs: [StyledRun] = []
        // Where each run of `text` starts, before and after, and whether it is a formula's.
        var moves: [(old: Int, new: Int, isFormula: Bool)] = []
        var index = 0
        while index < text.runs.count {
            var run = text.runs[index]
            moves.append((run.range.lowerBound, string.utf8.count, run.style.inlineFormula != nil))
            guard let formula = run.style.inlineFormula else {
                let start = string.utf8.count
                string += String(decoding: bytes[run.range], as: UTF8.self)
                run.range = start..<string.utf8.count
                runs.append(run)
                index += 1
                continue
            }
            // A highlight rule may have cut a formula's reading into several runs.
            while index + 1 < text.runs.count, text.runs[index + 1].style.inlineFormula?.span == formula.span { index += 1 }
            index += 1
            let parsed = setter.formula(formula.span)
            let layout = setter.layout(in: run.style, references: formula.span.references, font: font.font)
            let pieces = formula.span.isDisplay ? [layout.layout(parsed.body, style: .display)] : layout.breakablePieces(parsed.body)
            var told = false
            for var piece in pieces {
                setter.record(piece)
                if piece.width > maximumWidth, maximumWidth > 1 {
                    piece = piece.scaled(by: maximumWidth / piece.width)
                    if !told { shrunk(formula.span) }
                    told = true
                }
                var style = run.style
                style.inlineFormula = InlineFormula(span: formula.span, box: piece, fontFamilies: setter.math.fontFamilies)
                let start = string.utf8.count
                string += "\u{FFFC}"
                runs.append(StyledRun(range: start..<string.utf8.count, style: style, id: run.id))
            }
        }
        // Anchors and moves are both in offset order: one walk through the two.
        var next = 0
        let anchors = text.anchors.map { anchor in
            while next < moves.count, moves[next].old <= anchor.offset { next += 1 }
            guard next > 0 else { return anchor }
            let move = moves[next - 1]
            return TextAnchor(name: anchor.name, offset: move.isFormula ? move.new : move.new + anchor.offset - move.old)
        }
        return StyledText(string: string, runs: runs, base: text.base, anchors: anchors)
    }
}
