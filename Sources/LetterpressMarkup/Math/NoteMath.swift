import CCmarkGFM
import Foundation
import LetterpressCore
import LetterpressMath

/// The math of one note while it is parsed: the fences `MathSource` made, the inline formulas
/// cmark found (by the block they are in), the macros the formulas define for those after them,
/// the equations' numbers and labels, and the warnings. The first pass reads every formula in
/// document order (`read`), then `finish` gives each the numbers its `\ref`s name.
final class NoteMath {
    private let file: String
    let source: MathSource
    private var macros: FormulaReader.Macros
    /// The TeX that defines `macros`, which each formula keeps for the stages after Markup.
    private var preamble: String
    /// Whether a definition has been left out of `preamble` for its length, and said so.
    private var preambleIsFull = false
    /// Inline formulas by the block cmark found them in, in the order found.
    private var inline: [OpaquePointer: [MathFormula]] = [:]
    /// Every formula read, in document order, with the labels its `\ref`s and `\eqref`s name.
    private var formulas: [(formula: MathFormula, references: [FormulaReading.Reference], numbers: [String], preamble: String)] = []
    private var nextNumber = 1
    /// What each label shows (its equation's number or tag), and where it was given.
    private var labels: [String: (text: String?, location: SourceLocation?)] = [:]
    private(set) var warnings: [Warning] = []

    /// The math of a note whose front matter (or theme) says `setting`, its source prepared as `source` says.
    init(file: String, setting: MathSetting, source: MathSource) {
        self.file = file
        self.source = source
        switch FormulaReader.macros(setting.macros) {
        case let .success(macros):
            self.macros = macros
            preamble = MathPreamble.tex(defining: setting.macros)
        case let .failure(problem):
            self.macros = FormulaReader.noMacros
            preamble = ""
            warnings.append(Warning(code: .formulaProblem, file: file, message: "math.macros: \(problem.message); the macros are left out", kind: "problems in formulas"))
        }
    }

    // MARK: Finding

    /// Keeps an inline formula cmark found in `block`, for the first pass.
    func add(_ formula: MathFormula, in block: OpaquePointer) {
        inline[block, default: []].append(formula)
    }

    var hasInlineFormulas: Bool { !inline.isEmpty }

    /// The block in which a `` $` `` found no `` `$ `` after it: none comes after any later one.
    var unclosedCodeMath: OpaquePointer?

    /// The inline formulas found in `block` (once: they are handed over).
    func takeFormulas(in block: OpaquePointer) -> [MathFormula] {
        inline.removeValue(forKey: block) ?? []
    }

    /// The display formula a code block holds: a ` ```math ` fence's, or the formula
    /// `MathSource` made a fence of; nil for other code. The formula goes on the node.
    func blockFormula(_ node: OpaquePointer, lines: [Substring], lineOffset: Int) -> MathFormula? {
        if let formula = MathFormula.of(node) { return formula }
        var length: Int32 = 0
        var offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return nil }
        let info = CmarkNode.string(cmark_node_get_fence_info(node)).trimmingCharacters(in: .whitespaces)
        guard info.split(separator: " ").first == "math" else { return nil }
        let line = CmarkNode.startLine(of: node, lineOffset: lineOffset)
        let formula: MathFormula
        if let block = source.blocks[line] {
            formula = MathFormula(tex: block.tex, isDisplay: true, lineStarts: block.lineStarts)
        } else {
            var text = CmarkNode.literal(node)
            if text.hasSuffix("\n") { text.removeLast() }
            formula = MathFormula(tex: text, isDisplay: true, lineStarts: Self.contentStarts(of: text, from: line + 1, in: lines))
        }
        MathFormula.attach(formula, to: node)
        return formula
    }

    /// Where each line of a fence's content starts: cmark takes the lines from the end of
    /// their container's prefix and the fence's indentation, so each is the end of its line.
    private static func contentStarts(of text: String, from first: Int, in lines: [Substring]) -> [SourceLocation] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, content in
            let number = first + index
            guard number >= 1, number <= lines.count else { return SourceLocation(line: number, column: 1) }
            let line = lines[number - 1].utf8
            let column = line.count - content.utf8.count
            return SourceLocation(line: number, column: column >= 0 && line.dropFirst(column).elementsEqual(content.utf8) ? column + 1 : 1)
        }
    }

    // MARK: Reading

    /// Reads `formula` with the macros of the formulas before it: its plain text, its numbers,
    /// its labels (each an anchor in `anchors`), and a warning for each problem.
    func read(_ formula: MathFormula, anchors: inout DocumentAnchors) {
        let preambleBefore = preamble
        let macrosBefore = macros
        let reading = FormulaReader.read(formula.tex, display: formula.isDisplay, macros: &macros)
        // A formula that defines macros becomes part of the preamble of those after it.
        if macros != macrosBefore {
            if preamble.utf8.count + formula.tex.utf8.count < MathPreamble.longest {
                preamble += formula.tex + String(MathPreamble.separator)
            } else if !preambleIsFull {
                preambleIsFull = true
                warnings.append(Warning(code: .inputLimit, file: file, location: formula.location(ofByte: 0),
                                        message: "the note's formulas define macros past the \(MathPreamble.longest / 1024) KB kept for them: those defined from here on are drawn as unknown commands",
                                        kind: "problems in formulas"))
            }
        }
        formula.plainText = reading.plainText
        let (tags, numbers) = reading.numberedTags(from: &nextNumber)
        for (tag, text) in tags {
            if let label = tag.label { define(label, text: text, at: formula.location(ofByte: 0), anchors: &anchors) }
        }
        for label in reading.untaggedLabels {
            define(label.name, text: nil, at: formula.location(ofByte: label.offset ?? 0), anchors: &anchors)
        }
        for problem in reading.problems {
            warnings.append(Warning(code: .formulaProblem, file: file, location: formula.location(ofByte: problem.offset), message: problem.message,
                                    kind: "problems in formulas"))
        }
        formulas.append((formula, reading.references, numbers, preambleBefore))
    }

    private func define(_ label: String, text: String?, at location: SourceLocation?, anchors: inout DocumentAnchors) {
        if let first = labels[label] {
            let place = first.location.map { " at line \($0.line)" } ?? ""
            warnings.append(Warning(code: .duplicateLabel, file: file, location: location,
                                    message: "\\label{\(Excerpt.cleaned(label, maximumLength: Excerpt.maximumLength))} is given twice (first\(place)); references go to the first",
                                    kind: "labels given twice"))
            return
        }
        labels[label] = (text, location)
        anchors.add(label)
    }

    /// Gives each formula read the numbers its `\ref`s and `\eqref`s name, with a warning for
    /// each label no equation has, and makes the span blocks and runs hold.
    func finish() {
        let known = NameSuggester(labels.keys)
        for (formula, references, numbers, preamble) in formulas {
            var named: [String: String] = [:]
            for reference in references {
                if let text = labels[reference.label]?.text {
                    named[reference.label] = text
                } else {
                    let shown = Excerpt.cleaned(reference.label, maximumLength: Excerpt.maximumLength)
                    let why = labels[reference.label] == nil ? "no equation is labelled '\(shown)'\(known.suggestion(for: reference.label))"
                        : "the equation labelled '\(shown)' has no number"
                    warnings.append(Warning(code: .undefinedReference, file: file, location: formula.location(ofByte: reference.offset ?? 0),
                                            message: "\\\(reference.command){\(shown)}: \(why); '??' is shown", kind: "references to no equation"))
                }
            }
            formula.span = MathSpan(tex: formula.tex, isDisplay: formula.isDisplay, numbers: numbers, references: named,
                                    location: formula.lineStarts.first, preamble: preamble)
        }
        formulas = []
    }
}
