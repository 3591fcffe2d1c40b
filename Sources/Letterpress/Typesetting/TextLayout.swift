import CPangoCairo
import Foundation

/// A paragraph shaped and broken into lines by Pango, kept alive until its lines are drawn.
public final class TextLayout {
    let layout: OpaquePointer
    /// The lines, top to bottom, in points relative to the layout's top-left corner.
    public private(set) var lines: [LineMetrics] = []
    public let text: StyledText
    /// Pango's lines, by index: `pango_layout_get_line` walks a list, which is quadratic over
    /// a long code block.
    private var pangoLines: [UnsafeMutablePointer<PangoLayoutLine>] = []

    /// Lays out `text` at `width` points (nil for no wrapping).
    /// `hangingIndent` indents every line after the first of each paragraph (wrapped code lines).
    /// `breaksWords` lets a word longer than the width break between letters rather than
    /// overflow.
    init(_ text: StyledText, width: Double?, align: TextAlignment, lineHeight: Double, context: FontContext,
         hangingIndent: Double = 0, breaksWords: Bool = true) {
        layout = pango_layout_new(context.context)
        pango_layout_set_auto_dir(layout, 0)
        if let width {
            pango_layout_set_width(layout, Int32(max(width, 1) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, breaksWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
        }
        switch align {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justify:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
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
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        lines = measureLines()
        if pango_layout_get_unknown_glyphs_count(layout) > 0 { context.missingCharacters.note(unknownGlyphsOf: layout) }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The layout's natural width in points: the widest line's logical extent.
    public var naturalWidth: Double {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// The layout's height in points.
    public var height: Double { lines.last.map { $0.top + $0.height } ?? 0 }

    private func measureLines() -> [LineMetrics] {
        var result: [LineMetrics] = []
        guard let iterator = pango_layout_get_iter(layout) else { return result }
        defer { pango_layout_iter_free(iterator) }
        var index = 0
        repeat {
            var top: Int32 = 0
            var bottom: Int32 = 0
            pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let line = pango_layout_iter_get_line_readonly(iterator)!
            pangoLines.append(line)
            let scale = Double(PANGO_SCALE)
            result.append(LineMetrics(
                index: index,
                top: Double(top) / scale,
                height: Double(bottom - top) / scale,
                baseline: Double(pango_layout_iter_get_baseline(iterator)) / scale,
                x: Double(logical.x) / scale,
                width: Double(logical.width) / scale,
                byteRange: Int(line.pointee.start_index)..<Int(line.pointee.start_index + line.pointee.length)))
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    func line(at index: Int) -> UnsafeMutablePointer<PangoLayoutLine> {
        pangoLines[index]
    }

    /// The font files Pango chose for this layout's runs, fallbacks included, as
    /// `family style → file`.
    func usedFonts() -> Set<String> {
        var fonts = Set<String>()
        guard let iterator = pango_layout_get_iter(layout) else { return fonts }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let font = run.pointee.item.pointee.analysis.font else { continue }
            let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
            guard let pattern = pango_fc_font_get_pattern(fcFont) else { continue }
            var family: UnsafeMutablePointer<FcChar8>?
            var style: UnsafeMutablePointer<FcChar8>?
            var file: UnsafeMutablePointer<FcChar8>?
            FcPatternGetString(pattern, FC_FAMILY, 0, &family)
            FcPatternGetString(pattern, FC_STYLE, 0, &style)
            FcPatternGetString(pattern, FC_FILE, 0, &file)
            let name = [family, style].compactMap { $0.map { String(cString: $0) } }.joined(separator: " ")
            fonts.insert("\(name) → \(file.map { String(cString: $0) } ?? "?")")
        } while pango_layout_iter_next_run(iterator) != 0
        return fonts
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
public struct LineMetrics: Sendable, Equatable {
    public var index: Int
    public var top: Double
    public var height: Double
    /// The baseline's distance from the layout's top.
    public var baseline: Double
    /// The line's left edge, which alignment may move right.
    public var x: Double
    public var width: Double
    public var byteRange: Range<Int>
}
