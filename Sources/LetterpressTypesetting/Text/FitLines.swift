import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Lays a paragraph's lines out band by band beside the shapes of a page.
///
/// For each band (a line's height at the current y) it asks the exclusion map for the free
/// spans, lays the rest of the paragraph out at each span's width and keeps the first line,
/// then goes on from where that line ended. If a line comes out taller than the band it was
/// fitted for (a bigger font, say), the band is measured again at that height and the line
/// fitted anew. Only a short prefix of the remaining text is laid out for each line (a line
/// and a bit: Pango's cost grows with the text), and as soon as a band is clear of shapes the
/// rest of the paragraph is laid out at full width in one go: only lines that meet a shape
/// pay for fitting.
struct LineFitter {
    let fonts: FontContext
    let exclusions: ExclusionMap

    /// The lines of `paragraph` from byte `start`, the first band's top at page y `top`, on
    /// page `page`, fitting while bands meet a shape and end above `bottom`; the rest at full
    /// width. Fitted lines record where they were fitted in `fittedAt`.
    func fit(_ paragraph: ParagraphSource, from start: Int, page: Int, top: Double, bottom: Double,
             firstHeight: Double) -> [Slice.Line] {
        let total = paragraph.text.string.utf8.count
        let left = paragraph.column.x
        let right = paragraph.column.x + paragraph.column.width
        var lines: [Slice.Line] = []
        var cursor = start
        var y = top
        var height = firstHeight
        var phases: [Int: Double] = [:]
        var density: Double?
        let lineLimit = paragraph.text.lineLimit
        while cursor < total, y + height <= bottom, exclusions.blocks(page: page, top: y, bottom: y + height, left: left, right: right) {
            // The band of the limit's last line ends the paragraph there, with its ellipsis.
            let last = lineLimit.flatMap { lines.count + 1 >= $0.lines ? LineLimit(lines: 1, truncation: $0.truncation) : nil }
            var band = fitBand(paragraph, from: cursor, page: page, top: y, height: height, phases: phases, density: density, last: last)
            for _ in 0..<3 where band.height > height + 0.01 {
                height = band.height
                band = fitBand(paragraph, from: cursor, page: page, top: y, height: height, phases: phases, density: density, last: last)
            }
            guard y + band.height <= bottom else { break }
            let box = Slice.Box(height: band.height, items: band.items, keepWithNext: paragraph.keepTogether,
                                firstBaseline: band.baseline)
            lines.append(Slice.Line(box: box, paragraph: paragraph, byteStart: cursor, fittedAt: (page, y)))
            cursor = last == nil ? band.end : total
            phases = band.phases
            density = band.density
            y += band.height
            height = band.lineHeight ?? height
        }
        guard cursor < total else { return lines }
        return lines + LineItems(fonts: fonts).lines(of: paragraph, from: cursor, phases: phases, linesAbove: lines.count)
    }

    /// One band's lines, one per free span, and where the text goes on.
    private struct Band {
        var items: [PageItem] = []
        var height: Double
        var baseline: Double?
        var end: Int
        /// The height of the lines set in the band, for the next band's first guess.
        var lineHeight: Double?
        /// The dash phases after the band's lines; only the band kept passes them on.
        var phases: [Int: Double]
        /// Characters a point of line width took in the last full line fitted, here or before.
        var density: Double?
    }

    private func fitBand(_ paragraph: ParagraphSource, from start: Int, page: Int, top: Double, height: Double,
                         phases: [Int: Double], density: Double?, last: LineLimit?) -> Band {
        let spans = exclusions.freeSpans(page: page, top: top, bottom: top + height, left: paragraph.column.x,
                                         right: paragraph.column.x + paragraph.column.width)
        var band = Band(height: height, end: start, phases: phases, density: density)
        var fitted: [(span: ClosedRange<Double>, line: FittedLine)] = []
        // Right-to-left text fills a band's spans from the right.
        for span in paragraph.direction == .rtl ? Array(spans.reversed()) : spans where band.end < paragraph.text.string.utf8.count {
            // A word that does not fit the span waits for a wider one: words are not broken
            // across a hole.
            let line = fitLine(paragraph, from: band.end, width: span.upperBound - span.lowerBound, breaksWords: false,
                               density: band.density, lineLimit: last)
            guard !line.overflows else { continue }
            fitted.append((span, line))
            band.end = line.end
            band.density = line.density ?? band.density
        }
        if fitted.isEmpty, let widest = spans.max(by: { $0.upperBound - $0.lowerBound < $1.upperBound - $1.lowerBound }),
           band.end == start {
            // No word fits any span: break the word in the widest, so that the text goes on.
            let line = fitLine(paragraph, from: start, width: widest.upperBound - widest.lowerBound, breaksWords: true,
                               density: band.density, lineLimit: last)
            fitted.append((widest, line))
            band.end = line.end
        }
        for (span, line) in fitted {
            band.height = max(band.height, line.metrics.height)
            band.lineHeight = max(band.lineHeight ?? 0, line.metrics.height)
            band.items += LineItems(fonts: fonts).items(line.layout, line: line.metrics, left: span.lowerBound, top: 0, phases: &band.phases)
            band.baseline = band.baseline ?? line.metrics.baseline - line.metrics.top
        }
        return band
    }

    private struct FittedLine {
        var layout: TextLayout
        var metrics: LineMetrics
        var end: Int
        var overflows: Bool
        /// Characters per point of the width, unless the line ends the paragraph (and may be short).
        var density: Double?
    }

    /// The first line of the paragraph's text from `start` at `width`.
    /// With a `lineLimit` (of one line), the line holds the rest of the text, ellipsized.
    private func fitLine(_ paragraph: ParagraphSource, from start: Int, width: Double, breaksWords: Bool,
                         density: Double?, lineLimit: LineLimit?) -> FittedLine {
        let bytes = paragraph.bytes
        let size = (paragraph.text.base ?? paragraph.text.runs.first?.style)?.size ?? 10
        // About a line and a half of text for justified paragraphs (whose first line must not
        // be taken for the last), a line and a fifth for the others, extended to the next space
        // (or, in a long word, to a character boundary: such words carry invisible break
        // opportunities anyway); more if that gave fewer than two lines. Laying out costs
        // Pango some 6,000 instructions a character, so the prefix is kept short.
        let lines = paragraph.align == .justify ? 1.5 : 1.2
        // Counted in characters (a Cyrillic or Greek letter takes two bytes, a CJK one three),
        // as many as the band's last line held for its width, else at 0.45 em each.
        let characters = max(Int(lines * width * (density ?? 1 / (0.45 * size))), 16)
        var end = start
        var counted = 0
        while end < bytes.count && counted < characters {
            if bytes[end] & 0xC0 != 0x80 { counted += 1 }
            end += 1
        }
        let step = max(end - start, 16)
        if lineLimit != nil { end = bytes.count }
        while true {
            let limit = min(bytes.count, end + step)
            while end < limit && bytes[end] != UInt8(ascii: " ") { end += 1 }
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let layout = TextLayout(paragraph.text.slice(start..<end), width: width, align: paragraph.align,
                                    lineHeight: paragraph.lineHeight, context: fonts, breaksWords: breaksWords,
                                    direction: paragraph.direction, lineLimit: lineLimit)
            if lineLimit == nil && layout.lines.count < 2 && end < bytes.count {
                end = min(bytes.count, end + (end - start))
                continue
            }
            var chosen = layout
            var lineEnd = start + layout.lines[0].byteRange.upperBound
            // A hard break (U+2028) ends the line but is not in it: the next line starts past
            // it, or it would start with an empty line of its own.
            if lineEnd + 2 < bytes.count && bytes[lineEnd] == 0xE2 && bytes[lineEnd + 1] == 0x80 && bytes[lineEnd + 2] == 0xA8 {
                lineEnd += 3
            }
            // Pango justifies a wrapped line without a space between words by spacing its
            // letters out to the width; such a line (a single word in a narrow span beside a
            // shape) is set flush left, as a justified line that cannot stretch is.
            if paragraph.align == .justify && layout.lines.count > 1 && !layout.hasExpandableSpace(line: 0) {
                let flush = TextLayout(paragraph.text.slice(start..<lineEnd), width: width, align: .left,
                                       lineHeight: paragraph.lineHeight, context: fonts, breaksWords: breaksWords,
                                       direction: paragraph.direction)
                if flush.lines.count == 1 { chosen = flush }
            }
            let line = chosen.lines[0]
            let held = bytes[start..<lineEnd].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return FittedLine(layout: chosen, metrics: line, end: lineEnd, overflows: line.width > width + 0.5,
                              density: lineEnd < bytes.count && width > 0 ? Double(held) / width : nil)
        }
    }
}
