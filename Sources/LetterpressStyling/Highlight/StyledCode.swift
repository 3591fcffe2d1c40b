import Foundation
import LetterpressCore
import LetterpressMarkup

/// A code block as Styling leaves it for the typesetter when it is more than one colour of
/// text: its tokens in the theme's styles, its line numbers, the lines set on a band.
package struct StyledCode: Sendable, Equatable {
    /// The code, each line after its number when numbered (as `  9  `, right-aligned).
    package var text: StyledText
    /// The widest line number and the space after it: wrapped lines hang past its width.
    package var gutter: StyledText?
    /// The colour of the band across the block behind a source line (0-based): the theme's
    /// `lineHighlight` for the lines `hl_lines` marks, else a diff's added or removed line's
    /// background.
    package var bands: [Int: Color]

    /// `code` (its lines split at `\n`) in `style`, `tokens` (in order, UTF-8 ranges of
    /// `code`) in the palette's styles, numbered or not, with the 1-based `marked` lines.
    init(_ code: String, tokens: [HighlightLibrary.Token], numbered: Bool, marked: [ClosedRange<Int>],
         style: TextStyle, syntax: CodeSyntaxStyle) {
        let bytes = Array(code.utf8)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        var numberStyle = style
        numberStyle.color = syntax.lineNumberColor
        let digits = String(lineStarts.count).count
        let looks = Dictionary(uniqueKeysWithValues: TokenClass.allCases.compactMap { kind in
            syntax.style(of: kind).map { (kind, $0.applied(to: style)) }
        })

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + (numbered ? lineStarts.count * (digits + 2) : 0))
        var runs: [StyledRun] = []
        func append(_ piece: ArraySlice<UInt8>, _ look: TextStyle) {
            guard !piece.isEmpty else { return }
            let start = output.count
            output.append(contentsOf: piece)
            if let last = runs.last, last.style == look {
                runs[runs.count - 1].range = last.range.lowerBound..<output.count
            } else {
                runs.append(StyledRun(range: start..<output.count, style: look))
            }
        }
        var bands: [Int: Color] = [:]
        var next = 0
        for (index, lineStart) in lineStarts.enumerated() {
            let lineEnd = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
            if index > 0 { append(bytes[(lineStart - 1)..<lineStart], style) }
            if numbered { append(ArraySlice(Self.number(index + 1, digits: digits).utf8), numberStyle) }
            var position = lineStart
            while next < tokens.count, tokens[next].range.lowerBound < lineEnd {
                let token = tokens[next]
                if token.range == lineStart..<lineEnd, token.kind == .inserted || token.kind == .deleted {
                    bands[index] = looks[token.kind]?.background
                }
                let lower = max(token.range.lowerBound, position)
                let upper = min(token.range.upperBound, lineEnd)
                if lower < upper {
                    append(bytes[position..<lower], style)
                    append(bytes[lower..<upper], looks[token.kind] ?? style)
                    position = upper
                }
                if token.range.upperBound > lineEnd { break }
                next += 1
            }
            append(bytes[position..<lineEnd], style)
        }
        for index in runs.indices { runs[index].id = index }
        text = StyledText(string: String(decoding: output, as: UTF8.self), runs: runs, base: style)
        gutter = numbered ? StyledText(Self.number(lineStarts.count, digits: digits), style: numberStyle) : nil
        let lastLine = lineStarts.count
        for range in marked where range.lowerBound <= lastLine {
            for line in (range.lowerBound - 1)..<min(range.upperBound, lastLine) { bands[line] = syntax.lineHighlight }
        }
        self.bands = bands
    }

    /// `number` right-aligned in `digits` places, and two spaces.
    private static func number(_ number: Int, digits: Int) -> String {
        String(repeating: " ", count: digits - String(number).count) + String(number) + "  "
    }
}
