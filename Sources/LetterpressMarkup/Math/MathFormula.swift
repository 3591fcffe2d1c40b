import CCmarkGFM
import Foundation
import LetterpressCore

/// One formula of the note as the parse finds it, kept on its cmark node (an inline code node,
/// or the fenced block a display formula became) from the first pass, which reads, numbers
/// and checks it, to the second, which makes its run or block.
final class MathFormula {
    /// The TeX, without its delimiters (a top-level environment keeps `\begin` and `\end`).
    let tex: String
    let isDisplay: Bool
    /// Where each line of the TeX starts in the note (the first: where the formula starts);
    /// empty until the first pass has placed an inline formula.
    var lineStarts: [SourceLocation]
    /// For an inline formula, what the first pass needs to place it on its lines.
    var written: Written?
    /// Set when cmark frees the node (an unreferenced footnote's): nothing shows it.
    var isFreed = false

    /// The plain Unicode reading, the numbers of its automatically numbered rows, and the
    /// formula as a block or run holds it, from the first pass.
    var plainText = ""
    var span: MathSpan?

    /// Where an inline formula is written: the line cmark gives, its estimate of the column,
    /// the bytes from the opening delimiter to the closing one split at line ends, and the
    /// opening delimiter's length.
    struct Written {
        var line: Int
        var column: Int
        var lines: [[UInt8]]
        var openerLength: Int
    }

    init(tex: String, isDisplay: Bool, lineStarts: [SourceLocation] = [], written: Written? = nil) {
        self.tex = tex
        self.isDisplay = isDisplay
        self.lineStarts = lineStarts
        self.written = written
    }

    /// Where the byte at `offset` of the TeX is in the note.
    func location(ofByte offset: Int) -> SourceLocation? {
        guard let first = lineStarts.first else { return nil }
        var line = 0
        var lineStart = 0
        for (index, byte) in tex.utf8.prefix(max(offset, 0)).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        guard line < lineStarts.count else { return first }
        return SourceLocation(line: lineStarts[line].line, column: lineStarts[line].column + max(offset, 0) - lineStart)
    }

    /// Places an inline formula's lines on the note's `sourceLines`: cmark's line is exact,
    /// its column is not after a line's container prefix nor in a table's cell, so each line
    /// of the formula is found in its source line (the first nearest cmark's column).
    func place(in sourceLines: [Substring]) {
        guard let written, lineStarts.isEmpty else { return }
        for (index, bytes) in written.lines.enumerated() {
            let number = written.line + index
            guard number >= 1, number <= sourceLines.count else { break }
            let line = Array(sourceLines[number - 1].utf8)
            var column: Int
            if index == 0 {
                column = Self.occurrence(of: bytes, in: line, near: written.column - 1).map { $0 + 1 } ?? written.column
                column += written.openerLength
            } else {
                // A continuation line starts after its container's prefix (`>`, spaces).
                column = (Self.occurrence(of: bytes, in: line, near: 0, prefixOnly: true) ?? 0) + 1
            }
            lineStarts.append(SourceLocation(line: number, column: column))
        }
        if lineStarts.isEmpty { lineStarts = [SourceLocation(line: written.line, column: written.column + written.openerLength)] }
    }

    /// Where `needle` occurs in `line`: the occurrence nearest `near`, or with `prefixOnly`
    /// the first with only blanks and `>` before it.
    private static func occurrence(of needle: [UInt8], in line: [UInt8], near: Int, prefixOnly: Bool = false) -> Int? {
        guard !needle.isEmpty, needle.count <= line.count else { return nil }
        var best: Int?
        for start in 0...(line.count - needle.count) where line[start] == needle[0] {
            guard line[start..<(start + needle.count)].elementsEqual(needle) else { continue }
            if prefixOnly {
                if line[..<start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }) { return start }
                continue
            }
            if best.map({ abs($0 - near) > abs(start - near) }) ?? true { best = start }
        }
        return best
    }

    /// The formula of the cmark node `node`, when it holds one.
    static func of(_ node: OpaquePointer) -> MathFormula? {
        guard let data = cmark_node_get_user_data(node), MathFormula.isMathNode(node) else { return nil }
        return Unmanaged<MathFormula>.fromOpaque(data).takeUnretainedValue()
    }

    /// Keeps `formula` on `node` until cmark frees it.
    static func attach(_ formula: MathFormula, to node: OpaquePointer) {
        cmark_node_set_user_data(node, Unmanaged.passRetained(formula).toOpaque())
        cmark_node_set_user_data_free_func(node) { _, data in
            guard let data else { return }
            let formula = Unmanaged<MathFormula>.fromOpaque(data)
            formula.takeUnretainedValue().isFreed = true
            formula.release()
        }
    }
}

extension MathFormula {
    /// Whether `node` may carry a formula: only this extension sets the user data of code
    /// nodes and code blocks (the attribute extension's is on text and link nodes).
    static func isMathNode(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK
    }
}
