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

    /// Where each line of the TeX starts, in UTF-8 bytes from its start.
    private lazy var lineOffsets: [Int] = [0] + tex.utf8.indices.enumerated().compactMap { offset, index in
        tex.utf8[index] == UInt8(ascii: "\n") ? offset + 1 : nil
    }

    /// Where the byte at `offset` of the TeX is in the note.
    func location(ofByte offset: Int) -> SourceLocation? {
        guard let first = lineStarts.first else { return nil }
        let offset = max(offset, 0)
        // The last line starting at or before the offset.
        var low = 0
        var high = lineOffsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineOffsets[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        guard low < lineStarts.count else { return first }
        return SourceLocation(line: lineStarts[low].line, column: lineStarts[low].column + offset - lineOffsets[low])
    }

    /// Places an inline formula's lines on the note's `sourceLines`: cmark's line is exact, and
    /// so is its column on a paragraph's first line; elsewhere (after a container's prefix, in
    /// a table's cell) each line of the formula is looked for in its source line: the first
    /// near cmark's column, the others after the prefix (blanks and `>`), within a bounded
    /// distance, so that a long line of many formulas costs little.
    func place(in sourceLines: [Substring]) {
        guard let written, lineStarts.isEmpty else { return }
        for (index, bytes) in written.lines.enumerated() {
            let number = written.line + index
            guard number >= 1, number <= sourceLines.count else { break }
            let line = sourceLines[number - 1].utf8
            var column: Int
            if index == 0 {
                column = (Self.occurrence(of: bytes, in: line, near: written.column - 1) ?? (written.column - 1)) + 1 + written.openerLength
            } else {
                column = (Self.occurrenceAfterPrefix(of: bytes, in: line) ?? 0) + 1
            }
            lineStarts.append(SourceLocation(line: number, column: column))
        }
        if lineStarts.isEmpty { lineStarts = [SourceLocation(line: written.line, column: written.column + written.openerLength)] }
    }

    /// How far from cmark's column a formula is looked for.
    private static let searchDistance = 512

    private static func matches(_ needle: [UInt8], in line: Substring.UTF8View, at start: Int) -> Bool {
        guard start >= 0, start + needle.count <= line.count else { return false }
        let from = line.index(line.startIndex, offsetBy: start)
        return line[from...].starts(with: needle)
    }

    /// The start of `needle` in `line` nearest `near`, within `searchDistance` of it.
    private static func occurrence(of needle: [UInt8], in line: Substring.UTF8View, near: Int) -> Int? {
        guard !needle.isEmpty else { return nil }
        for distance in 0...searchDistance {
            if matches(needle, in: line, at: near - distance) { return near - distance }
            if distance > 0, matches(needle, in: line, at: near + distance) { return near + distance }
            if near - distance < 0 && near + distance >= line.count { break }
        }
        return nil
    }

    /// The start of `needle` in `line` with only blanks and `>` before it.
    private static func occurrenceAfterPrefix(of needle: [UInt8], in line: Substring.UTF8View) -> Int? {
        guard !needle.isEmpty else { return nil }
        for (start, byte) in line.enumerated() {
            if matches(needle, in: line, at: start) { return start }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") else { return nil }
        }
        return nil
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
