import Foundation
import LetterpressCore
import LetterpressDiagrams
import LetterpressMarkup
import LetterpressStyling

/// Code blocks: their lines in chunks of a few layouts, on the code's background.
extension Collector {
    mutating func code(_ block: StyledCodeBlock, column: Column) {
        let code = block.code
        if let language = code.language.flatMap(DiagramLanguage.init(fence:)), diagram(code, language: language, column: column) { return }
        let style = styles.code
        space(before: style.spaceBefore)
        let inner = column.inset(left: style.padding, right: style.padding)
        let chunks = block.styled.map { Self.chunks($0, style: style.text) } ?? Self.chunks(of: code.text, style: style.text)
        // Wrapped lines hang past the line numbers too.
        let gutter = block.styled?.gutter.map { TextLayout($0, width: nil, align: .left, lineHeight: 1, context: fonts).naturalWidth } ?? 0
        let band = ContainerBand(x: column.x, width: column.width, color: style.background ?? .white)
        let layouts = chunks.map {
            TextLayout($0.text.breakingLongWords(), width: inner.width, align: .left,
                       lineHeight: style.lineHeight, context: fonts, hangingIndent: style.text.size * 2 + gutter)
        }
        let marks = chunks.map(\.band)
        withContainer(band) { collector in
            collector.within(.code) {
                $0.appendLines(of: layouts, column: column, topPadding: style.padding, bottomPadding: style.padding,
                               xOffset: style.padding, bands: marks)
            }
        }
        pendingGap.set(style.spaceAfter)
    }

    /// A piece of a code block laid out at once, and the band behind its lines, if any.
    struct CodeChunk {
        var text: StyledText
        var band: Color?
    }

    // Laid out a few dozen source lines at a time: one Pango layout per block would make a
    // long listing cost more than linear time.
    static func chunks(of text: String, style: TextStyle) -> [CodeChunk] {
        let lines = (text.isEmpty ? " " : text).split(separator: "\n", omittingEmptySubsequences: false)
        return stride(from: 0, to: lines.count, by: codeLinesPerLayout).map {
            CodeChunk(text: StyledText(lines[$0..<min($0 + codeLinesPerLayout, lines.count)].joined(separator: "\n"), style: style))
        }
    }

    /// The styled code in pieces of at most `codeLinesPerLayout` lines and about
    /// `codeRunsPerLayout` runs (Pango's cost grows as the square of a layout's runs, and
    /// coloured code has a dozen a line), cut also where the band behind the lines changes, so
    /// that each piece has one band or none.
    static func chunks(_ code: StyledCode, style: TextStyle) -> [CodeChunk] {
        let text = code.text.string.isEmpty ? StyledText(" ", style: style) : code.text
        let bytes = text.string.utf8
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        // The index of the first run reaching past each line's start.
        var firstRuns: [Int] = []
        var run = 0
        for start in lineStarts {
            while run < text.runs.count, text.runs[run].range.upperBound <= start { run += 1 }
            firstRuns.append(run)
        }
        var chunks: [CodeChunk] = []
        var first = 0
        while first < lineStarts.count {
            var past = first + 1
            while past < lineStarts.count, past - first < codeLinesPerLayout, firstRuns[past] - firstRuns[first] < codeRunsPerLayout,
                  code.bands[past] == code.bands[first] { past += 1 }
            let end = past < lineStarts.count ? lineStarts[past] - 1 : bytes.count
            chunks.append(CodeChunk(text: text.slice(lineStarts[first]..<end), band: code.bands[first]))
            first = past
        }
        return chunks
    }

    static let codeLinesPerLayout = 64
    static let codeRunsPerLayout = 256
}
