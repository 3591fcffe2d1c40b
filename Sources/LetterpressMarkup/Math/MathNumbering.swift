import Foundation
import LetterpressCore
import LetterpressMath

/// Formulas given one after another in code (`StyledTextBuilder.add(math:display:)`), read as
/// a note's are: macros defined by one apply to the next, equations are numbered in order,
/// and a `\ref` names the number of an equation labelled before it.
package struct MathNumbering: Sendable {
    private var macros = FormulaReader.noMacros
    /// The formulas so far that define macros, for the later stages (`MathSpan.preamble`).
    private var preamble = ""
    private var next = 1
    private var labels: [String: String] = [:]

    /// Formulas numbered from 1, with no macros.
    package init() {}

    /// The formula `tex` as a span, with its numbers and those its references name, and the
    /// plain Unicode text a run of it shows.
    package mutating func span(_ tex: String, display: Bool) -> (span: MathSpan, text: String) {
        let preambleBefore = preamble
        let macrosBefore = macros
        let reading = FormulaReader.read(tex, display: display, macros: &macros)
        if macros != macrosBefore, preamble.utf8.count + tex.utf8.count < MathPreamble.longest {
            preamble += tex + String(MathPreamble.separator)
        }
        let (tags, numbers) = reading.numberedTags(from: &next)
        for (tag, text) in tags {
            if let label = tag.label, labels[label] == nil { labels[label] = text }
        }
        var references: [String: String] = [:]
        for reference in reading.references {
            if let text = labels[reference.label] { references[reference.label] = text }
        }
        return (MathSpan(tex: tex, isDisplay: display, numbers: numbers, references: references, preamble: preambleBefore),
                reading.plainText.isEmpty ? "\u{2060}" : reading.plainText)
    }
}
