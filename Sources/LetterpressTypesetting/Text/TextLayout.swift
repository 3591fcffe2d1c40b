import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// A paragraph shaped and broken into lines by Pango, kept alive until its lines are drawn.
package final class TextLayout {
    let layout: OpaquePointer
    /// The lines, top to bottom, in points relative to the layout's top-left corner.
    package private(set) var lines: [LineMetrics] = []
    package let text: StyledText
    /// Pango's lines, by index: `pango_layout_get_line` walks a list, which is quadratic over
    /// a long code block.
    private var pangoLines: [UnsafeMutablePointer<PangoLayoutLine>] = []
    /// Converts the fonts of the layout's runs into values the drawer can use.
    private let fonts: FontContext

    /// Lays out `text` at `width` points (nil for no wrapping).
    /// `hangingIndent` indents every line after the first of each paragraph (wrapped code lines).
    /// `breaksWords` lets a word longer than the width break between letters rather than
    /// overflow. Lines do not break inside the byte ranges `unbreakable` (`allow_breaks`).
    /// `direction` is the base direction of the whole text: a right-to-left text aligned
    /// `left` (the start) or justified starts at the right. A text with a width keeps at most
    /// `lineLimit`'s lines, the last ellipsized.
    package init(_ text: StyledText, width: Double?, align: TextAlignment, lineHeight: Double, context: FontContext,
         hangingIndent: Double = 0, breaksWords: Bool = true, unbreakable: [Range<Int>] = [], direction: TextDirection = .ltr,
         lineLimit: LineLimit? = nil) {
        layout = pango_layout_new(context.context(for: direction))
        fonts = context
        // Pango would find a direction for each paragraph of the layout (each hard line break
        // starts one) and each piece laid out: the block's one direction is given instead.
        pango_layout_set_auto_dir(layout, 0)
        if let width {
            pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, breaksWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
            if let lineLimit {
                // A negative height is a number of lines (Pango ellipsizes only with a width).
                pango_layout_set_height(layout, -Int32(min(lineLimit.lines, Self.maximumLineLimit)))
                pango_layout_set_ellipsize(layout, lineLimit.truncation.pangoMode)
            }
        }
        let start = direction == .rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        switch align {
        case .left: pango_layout_set_alignment(layout, start)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justify:
            pango_layout_set_alignment(layout, start)
            pango_layout_set_justify(layout, 1)
        }
        pango_layout_set_line_spacing(layout, Float(lineHeight))
        if hangingIndent > 0 { pango_layout_set_indent(layout, -Int32(hangingIndent * Double(PANGO_SCALE))) }
        if let first = text.base ?? text.runs.first?.style {
            let description = FontDescriptionCache.make(first)
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        self.text = text
        // A hard line break (U+2028) becomes a paragraph separator (U+2029, as many bytes) for
        // Pango, so that the line before it is not stretched by justification.
        let string = text.string.unicodeScalars.contains("\u{2028}")
            ? String(String.UnicodeScalarView(text.string.unicodeScalars.map { $0 == "\u{2028}" ? "\u{2029}" : $0 }))
            : text.string
        pango_layout_set_text(layout, string, Int32(string.utf8.count))
        let attributes = PangoAttributes.list(for: text)
        for range in unbreakable {
            let attribute = pango_attr_allow_breaks_new(0)!
            attribute.pointee.start_index = UInt32(range.lowerBound)
            attribute.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attributes, attribute)
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        lines = measureLines(lineHeight: lineHeight)
    }

    /// More lines than any page holds: a larger limit changes nothing.
    static let maximumLineLimit = 100_000

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The layout's natural width in points: the widest line's logical extent.
    package var naturalWidth: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// The layout's height in points.
    package var height: Double { lines.last.map { $0.top + $0.height } ?? 0 }

    private func measureLines(lineHeight: Double) -> [LineMetrics] {
        var result: [LineMetrics] = []
        guard let iterator = pango_layout_get_iter(layout) else { return result }
        defer { pango_layout_iter_free(iterator) }
        var index = 0
        // How far lines are moved down from where Pango put them (see below).
        var shift = 0.0
        // Pango's y positions are 32-bit units, which wrap past 2,097,151 points (a long
        // paragraph of very large text): each line's top is the previous one's plus the
        // difference of the two, taken with wrapping, which stays exact however far down.
        var previousTop: Int32?
        var pangoTop = 0.0
        repeat {
            var top: Int32 = 0
            var bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            if let previousTop { pangoTop += Double(top &- previousTop) } else { pangoTop = Double(top) }
            previousTop = top
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let line = pango_layout_iter_get_line_readonly(iterator)!
            pangoLines.append(line)
            let scale = Double(PANGO_SCALE)
            var metrics = LineMetrics(
                index: index,
                top: pangoTop / scale + shift,
                height: Double(bottom &- top) / scale,
                baseline: (pangoTop + Double(pango_layout_iter_get_baseline(iterator) &- top)) / scale + shift,
                x: Double(logical.x) / scale,
                width: Double(logical.width) / scale,
                byteRange: Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length))
            // With a line spacing, Pango 1.50 spaces a line by its font's height metric, which
            // a colour emoji font lacks: a line of emoji alone lands on the line above it. It
            // goes as far below that line as the line spacing asks.
            if let previous = result.last, metrics.top < previous.top + previous.height - 0.01 {
                let moved = previous.top + previous.height * max(lineHeight, 1) - metrics.top
                shift += moved
                metrics.top += moved
                metrics.baseline += moved
            }
            result.append(metrics)
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    func line(at index: Int) -> UnsafeMutablePointer<PangoLayoutLine> {
        pangoLines[index]
    }

    /// Line `index` as glyphs whose baseline starts at `origin`, placed as Pango's renderer
    /// places them (`pango_renderer_draw_layout_line`): each run after the widths and letter
    /// spacing of those before it, and raised by its rise.
    func textLine(_ index: Int, origin: Point) -> TextLine {
        let text = pango_layout_get_text(layout)!
        var runs: [GlyphRun] = []
        var x: Int32 = 0
        var node = pangoLines[index].pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self) else { continue }
            // Pango's units wrap as C's ints do past 2,097,151 points; the layout is then wrong,
            // which is no reason to stop.
            x &+= run.pointee.start_x_offset
            if let glyphRun = glyphRun(run, text: text, x: x) { runs.append(glyphRun) }
            x &+= pango_glyph_string_get_width(run.pointee.glyphs) &+ run.pointee.end_x_offset
        }
        let range = lines[index].byteRange
        let utf8 = self.text.string.utf8
        let lineBytes = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        let string = String(decoding: utf8[lineBytes], as: UTF8.self)
        return TextLine(origin: origin, runs: runs, string: string, metrics: lines[index])
    }

    /// One run's glyphs, `x` Pango units from the line's start, with the text clusters Pango
    /// hands to `cairo_show_text_glyphs` (`pango_cairo_renderer_draw_glyph_item`).
    private func glyphRun(_ run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>, x: Int32) -> GlyphRun? {
        let item = run.pointee.item.pointee
        guard let font = item.analysis.font, let drawingFont = fonts.drawingFont(font) else { return nil }
        let glyphString = run.pointee.glyphs.pointee
        var glyphs = Glyphs()
        var missing: [MissingGlyph] = []
        glyphs.reserveCapacity(Int(glyphString.num_glyphs))
        var position: Int32 = 0
        for index in 0..<Int(glyphString.num_glyphs) {
            let info = glyphString.glyphs[index]
            defer { position &+= info.geometry.width }
            guard info.glyph != PANGO_GLYPH_EMPTY else { continue }
            let gx = position &+ info.geometry.x_offset
            let gy = info.geometry.y_offset
            if info.glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0 {
                glyphs.append(Glyph(id: info.glyph, x: gx, y: gy))
            } else if info.glyph != 0x20 | PANGO_GLYPH_UNKNOWN_FLAG {
                // Pango draws no box for a space.
                missing.append(MissingGlyph(character: info.glyph & ~PANGO_GLYPH_UNKNOWN_FLAG, x: gx, y: gy,
                                            width: info.geometry.width, box: fonts.hexBox(font)))
            }
        }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(text) + Int(item.offset), count: Int(item.length))
        return GlyphRun(font: drawingFont, color: Self.foreground(of: item), x: x, y: -run.pointee.y_offset, glyphs: glyphs,
                        missing: missing, utf8: Array(bytes), clusters: clusters(of: run, text: text),
                        isBackward: item.analysis.level & 1 != 0)
    }

    /// Clusters as Pango counts them for Cairo: the bytes of each, and its glyphs less the empty
    /// and unknown ones.
    private func clusters(of run: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>) -> TextClusters {
        var clusters = TextClusters()
        let glyphs = run.pointee.glyphs.pointee.glyphs!
        var iterator = PangoGlyphItemIter()
        guard pango_glyph_item_iter_init_start(&iterator, run, text) != 0 else { return clusters }
        repeat {
            var count = abs(iterator.end_glyph - iterator.start_glyph)
            for index in min(iterator.start_glyph, iterator.end_glyph + 1)..<max(iterator.start_glyph + 1, iterator.end_glyph) {
                let glyph = glyphs[Int(index)].glyph
                if glyph == PANGO_GLYPH_EMPTY || glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 { count -= 1 }
            }
            clusters.append(TextCluster(bytes: iterator.end_index - iterator.start_index, glyphs: count))
        } while pango_glyph_item_iter_next_cluster(&iterator) != 0
        return clusters
    }

    /// The run's colour as Pango's renderer sets it (`set_color`): the foreground colour,
    /// opaque unless a foreground alpha is given; an alpha of 0 counts as none.
    private static func foreground(of item: PangoItem) -> Color? {
        var color: PangoColor?
        var alpha: UInt16 = 0
        var node = item.analysis.extra_attrs
        while let current = node {
            node = current.pointee.next
            guard let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) else { continue }
            switch attribute.pointee.klass.pointee.type {
            case PANGO_ATTR_FOREGROUND:
                color = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
            case PANGO_ATTR_FOREGROUND_ALPHA:
                alpha = UInt16(truncatingIfNeeded: UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value)
            default:
                break
            }
        }
        guard let color else { return nil }
        return Color(red: Double(color.red) / 65535, green: Double(color.green) / 65535, blue: Double(color.blue) / 65535,
                     alpha: alpha == 0 ? 1 : Double(alpha) / 65535)
    }

    /// Whether line `index` has a space justification can widen: one Pango counts as
    /// expandable, before the line's trailing white space (which Pango does not widen).
    func hasExpandableSpace(line index: Int) -> Bool {
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count) else { return false }
        let range = lines[index].byteRange
        let bytes = text.string.utf8
        // Log attributes are per character: find the characters of the line.
        let first = bytes.prefix(range.lowerBound).reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        let characters = bytes.dropFirst(range.lowerBound).prefix(range.count).reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        var last = min(first + characters, Int(count)) - 1
        while last >= first && attributes[last].is_white != 0 { last -= 1 }
        guard last > first else { return false }
        return (first..<last).contains { attributes[$0].is_expandable_space != 0 }
    }

    /// Horizontal ranges, in points from the layout's left edge, covered by `bytes` on line `index`.
    func xRanges(line index: Int, bytes: Range<Int>) -> [ClosedRange<Double>] {
        var ranges: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        pango_layout_line_get_x_ranges(line(at: index), Int32(bytes.lowerBound), Int32(bytes.upperBound), &ranges, &count)
        guard let ranges else { return [] }
        defer { g_free(ranges) }
        let scale = Double(PANGO_SCALE)
        return (0..<Int(count)).map { Double(ranges[2 * $0]) / scale...Double(ranges[2 * $0 + 1]) / scale }
    }
}

/// Where one line of a `TextLayout` sits, in points relative to the layout's top-left corner.
package struct LineMetrics: Sendable, Equatable {
    package var index: Int
    package var top: Double
    package var height: Double
    /// The baseline's distance from the layout's top.
    package var baseline: Double
    /// The line's left edge, which alignment may move right.
    package var x: Double
    package var width: Double
    package var byteRange: Range<Int>
}

extension Truncation {
    var pangoMode: PangoEllipsizeMode {
        switch self {
        case .tail: return PANGO_ELLIPSIZE_END
        case .middle: return PANGO_ELLIPSIZE_MIDDLE
        case .head: return PANGO_ELLIPSIZE_START
        }
    }
}
