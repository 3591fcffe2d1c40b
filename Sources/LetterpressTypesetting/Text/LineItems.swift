import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Builds the page items of single lines of text.
struct LineItems {
    let fonts: FontContext

    /// Paragraphs longer than this many bytes, or with more runs, are laid out a piece at a time.
    static let layoutPiece = 16 * 1024
    static let layoutPieceRuns = 1_024

    /// The lines of a whole paragraph at its column's width. A long paragraph is laid out a
    /// piece at a time, because Pango's cost grows faster than the length of a layout (and as
    /// the square of its runs: 16 000 in 16 KiB took 2 s): each
    /// piece keeps all its lines but the last, which the cut may have shortened, and the next
    /// piece starts where that line started. Lines break where one layout would break them.
    /// `from` is the byte where the first line starts, and `phases` the dash phases the lines
    /// above it left (see `items`), and `linesAbove` how many lines of its line limit are set.
    func lines(of paragraph: ParagraphSource, from first: Int = 0, phases: [Int: Double] = [:], linesAbove: Int = 0) -> [Slice.Line] {
        var phases = phases
        let total = paragraph.text.string.utf8.count
        var lines: [Slice.Line] = []
        var start = first
        // A limited paragraph is laid out whole: pieces would each keep the limit.
        let lineLimit = paragraph.text.lineLimit.map { LineLimit(lines: max($0.lines - linesAbove, 1), truncation: $0.truncation) }
        repeat {
            let end = lineLimit == nil ? Self.pieceEnd(of: paragraph, from: start) : total
            let text = start == 0 && end == total ? paragraph.text : paragraph.text.slice(start..<end)
            let layout = TextLayout(text, width: paragraph.column.width, align: paragraph.align,
                                    lineHeight: paragraph.lineHeight, context: fonts, direction: paragraph.direction,
                                    lineLimit: lineLimit)
            let kept = end < total && layout.lines.count > 1 ? layout.lines.count - 1 : layout.lines.count
            for (box, lineStart) in boxes(of: layout, left: paragraph.column.x, phases: &phases, lineCount: kept) {
                lines.append(Slice.Line(box: box, paragraph: paragraph, byteStart: start + lineStart))
            }
            start = kept < layout.lines.count ? start + layout.lines[kept].byteRange.lowerBound : end
        } while start < total
        // Only the paragraph's own ends count, not the pieces'.
        for index in lines.indices {
            lines[index].box.keepWithNext = Self.keepsWithNext(index, of: lines.count, keepTogether: paragraph.keepTogether)
        }
        return lines
    }

    /// Where the piece of `paragraph` laid out from byte `start` ends: after at most
    /// `layoutPiece` bytes and `layoutPieceRuns` runs, on a character boundary.
    static func pieceEnd(of paragraph: ParagraphSource, from start: Int) -> Int {
        let total = paragraph.bytes.count
        var end = min(total, start + layoutPiece, paragraph.text.start(ofRun: layoutPieceRuns, after: start) ?? total)
        while end < total && paragraph.bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    /// Orphan and widow control: whether line `index` of `count` stays with the next. The
    /// first line stays with the second, the last with the one before; with `keepTogether`
    /// (headings) every line stays with the next.
    static func keepsWithNext(_ index: Int, of count: Int, keepTogether: Bool) -> Bool {
        keepTogether || (index < count - 1 && (index == 0 || index == count - 2))
    }

    /// A box for each of the first `lineCount` lines (all by default) of `layout`, whose left
    /// edge is at `left`, with the byte where the line starts in the layout's text.
    func boxes(of layout: TextLayout, left: Double, phases: inout [Int: Double],
               lineCount: Int? = nil) -> [(box: Slice.Box, start: Int)] {
        layout.lines.prefix(lineCount ?? layout.lines.count).map { line in
            let box = Slice.Box(height: line.height, items: items(layout, line: line, left: left, top: 0, phases: &phases),
                                firstBaseline: line.baseline - line.top)
            return (box, line.byteRange.lowerBound)
        }
    }

    /// The items that draw one line: the text, the letterpress effect over it, its
    /// underlines and strikethroughs, and its link areas. `left` is the layout's left edge and
    /// `top` the line's top in the slice. `phases` carries each decorated run's dash phase, by
    /// run id, to its next line, also when the line was cut from a slice of the paragraph.
    func items(_ layout: TextLayout, line: LineMetrics, left: Double, top: Double,
               phases: inout [Int: Double]) -> [PageItem] {
        let baseline = top + line.baseline - line.top
        let textLine = layout.textLine(line.index, origin: Point(x: left + line.x, y: baseline))
        var items: [PageItem] = []
        var pressed: [PageItem] = []
        var after: [PageItem] = []
        for run in layout.text.runs where run.range.overlaps(line.byteRange) {
            let style = run.style
            guard style.link != nil || style.underline != nil || style.strikethrough != nil || style.effect != nil
                    || style.background != nil || style.outline != nil || style.inlineImage != nil
                    || style.inlineFormula != nil else { continue }
            let ranges = layout.xRanges(line: line.index, bytes: run.range.clamped(to: line.byteRange))
            guard !ranges.isEmpty else { continue }
            let rects = ranges.map { Rect(x: left + $0.lowerBound, y: top, width: $0.upperBound - $0.lowerBound, height: line.height) }
            if let background = style.background {
                let metrics = fonts.lineMetrics(for: style)
                for rect in rects {
                    let band = Rect(x: rect.x, y: baseline - style.baselineOffset - metrics.ascent,
                                    width: rect.width, height: metrics.ascent + metrics.descent)
                    // Runs of one colour side by side become one band, with no seam between.
                    if case let .fill(previous, color)? = items.last, color == background,
                       abs(previous.maxX - band.x) < 0.01, previous.y == band.y, previous.height == band.height {
                        items[items.count - 1] = .fill(Rect(x: previous.x, y: previous.y, width: band.maxX - previous.x, height: previous.height), color)
                    } else {
                        items.append(.fill(band, background))
                    }
                }
            }
            if let image = style.inlineImage, let loaded = image.loaded as? LoadedImage, let rect = rects.first {
                items.append(.image(loaded, Rect(x: rect.x, y: baseline - style.baselineOffset - image.height,
                                                 width: image.width, height: image.height)))
            }
            if let formula = style.inlineFormula, let box = formula.box, let rect = rects.first,
               case let .success(font) = fonts.mathFont(formula.fontFamilies, theme: "") {
                after.append(contentsOf: FormulaItems.items(of: box, at: Point(x: rect.x, y: baseline - style.baselineOffset), font: font, fonts: fonts))
            }
            if let outline = style.outline {
                let metrics = fonts.lineMetrics(for: style)
                for rect in rects {
                    let box = Rect(x: rect.x - 1, y: baseline - style.baselineOffset - metrics.ascent - 1,
                                   width: rect.width + 2, height: metrics.ascent + metrics.descent + 2)
                    items.append(.stroke(box, outline, width: 0.6))
                }
            }
            if style.effect == .letterpress {
                pressed.append(.embossed(textLine, clip: rects))
            }
            let metrics = (style.underline ?? style.strikethrough) != nil ? fonts.lineMetrics(for: style) : nil
            for (decoration, isUnderline) in [(style.underline, true), (style.strikethrough, false)] {
                guard let decoration, let metrics else { continue }
                let position = isUnderline ? metrics.underlinePosition : metrics.strikethroughPosition
                let thickness = isUnderline ? metrics.underlineThickness : metrics.strikethroughThickness
                let y = baseline - style.baselineOffset - position + thickness / 2
                let key = isUnderline ? run.id : -run.id - 1
                for rect in rects {
                    let phase = phases[key] ?? 0
                    after.append(.decoration(Decoration(
                        start: Point(x: rect.x, y: y), length: rect.width, thickness: thickness,
                        color: decoration.color ?? style.color, pattern: decoration.pattern, phase: phase)))
                    phases[key] = phase + rect.width
                }
            }
            if let link = style.link.flatMap(LinkTarget.init(link:)) { after.append(.link(link, rects: rects)) }
        }
        for anchor in layout.text.anchors where line.byteRange.contains(anchor.offset) {
            items.append(.destination(anchor.name, at: Point(x: left + line.x, y: top)))
        }
        items.append(.text(textLine))
        return items + pressed + after
    }
}
