import CCairo
import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressTypesetting

/// Paints page items on a Cairo context: the one drawer behind PDF, PNG and SVG output.
struct PageDrawer {
    /// The links and destinations of a surface that keeps them (PDF); nil for others.
    let links: PDFLinks?
    let fonts: CairoFonts
    /// The structure tree of a tagged PDF; nil for others.
    var structure: PDFStructure?

    func draw(_ page: Page, on cr: OpaquePointer) {
        // Paint rather than fill the page rectangle: an image a fraction of a pixel wider than
        // the page would otherwise keep an unpainted edge.
        set(cr, color: page.background)
        cairo_paint(cr)
        // After the paint: Cairo's recording of a page drops what came before an opaque paint
        // of all of it, tags included.
        structure?.begin(page, on: cr)
        for item in page.items { draw(item, on: cr) }
        structure?.endPage(on: cr)
    }

    private func draw(_ item: PageItem, on cr: OpaquePointer) {
        switch item {
        case let .text(line):
            structure?.willDrawContent(on: cr)
            draw(line, on: cr)
        case let .fill(rect, color):
            set(cr, color: color)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        case let .stroke(rect, color, width):
            set(cr, color: color)
            cairo_set_line_width(cr, width)
            cairo_rectangle(cr, rect.x + width / 2, rect.y + width / 2, rect.width - width, rect.height - width)
            cairo_stroke(cr)
        case let .line(from, to, color, width):
            set(cr, color: color)
            cairo_set_line_width(cr, width)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            cairo_stroke(cr)
        case let .image(image, rect):
            structure?.willDrawContent(on: cr)
            cairo_save(cr)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.x, rect.y)
            let scale = min(rect.width / Double(image.surfaceWidth), rect.height / Double(image.surfaceHeight))
            if image.isDrawing && scale < Self.smallestDrawingScale {
                // Cairo 1.16's PDF surface analyses a drawing's commands with the scale in 24.8
                // fixed point: under 1/512 it rounds to nothing and an assertion aborts the
                // process. A drawing so small (8 points at most) is painted as pixels, 8 a point.
                let pixels = image.rasterized(width: max(1, Int((rect.width * 8).rounded(.up))),
                                              height: max(1, Int((rect.height * 8).rounded(.up))))
                cairo_scale(cr, rect.width / Double(cairo_image_surface_get_width(pixels)),
                            rect.height / Double(cairo_image_surface_get_height(pixels)))
                cairo_set_source_surface(cr, pixels, 0, 0)
                cairo_surface_destroy(pixels)
            } else {
                cairo_scale(cr, rect.width / Double(image.surfaceWidth), rect.height / Double(image.surfaceHeight))
                cairo_set_source_surface(cr, image.surface, 0, 0)
            }
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        case let .link(target, rects):
            structure?.willDrawLink(on: cr)
            links?.drawLink(to: target, rects: rects, on: cr)
        case let .destination(name, point):
            links?.drawDestination(name, at: point, on: cr)
        case let .checkbox(rect, checked, color):
            checkbox(rect, checked: checked, color: color, on: cr)
        case let .decoration(decoration):
            draw(decoration, on: cr)
        case let .embossed(line, clip):
            emboss(line, clip: clip, on: cr)
        case let .shape(path, fill, stroke, width):
            cairo_new_path(cr)
            switch path {
            case let .circle(center, radius):
                cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
            case let .polygon(points):
                for (index, point) in points.enumerated() {
                    if index == 0 { cairo_move_to(cr, point.x, point.y) } else { cairo_line_to(cr, point.x, point.y) }
                }
            }
            cairo_close_path(cr)
            if let fill {
                set(cr, color: fill)
                stroke == nil ? cairo_fill(cr) : cairo_fill_preserve(cr)
            }
            if let stroke {
                set(cr, color: stroke)
                cairo_set_line_width(cr, width)
                cairo_stroke(cr)
            }
            cairo_new_path(cr)
        case let .structure(path):
            structure?.enter(path, on: cr)
        }
    }

    /// The dash pattern of each line pattern, in multiples of the line's thickness (for `dot`,
    /// of the dots' diameter: a dot is a dash of no length with round caps).
    static func dashes(for pattern: LinePattern) -> [Double] {
        switch pattern {
        case .solid: return []
        case .dot: return [0, 2]
        case .dash: return [4, 2.5]
        case .dashDot: return [4, 2, 1, 2]
        case .dashDotDot: return [4, 2, 1, 2, 1, 2]
        }
    }

    /// The smallest dot of a dotted line: 1.5 pixels at 144 dpi. Dots as thin as a thin
    /// underline rasterize as faint blurs of the paper's and the line's colours, not as dots.
    static let minimumDot = 0.75

    /// The smallest scale a drawing's recording is replayed at, twice the least Cairo's fixed
    /// point keeps; smaller drawings are painted as pixels.
    static let smallestDrawingScale = 1.0 / 256

    private func draw(_ decoration: Decoration, on cr: OpaquePointer) {
        let dotted = decoration.pattern == .dot
        let width = dotted ? max(decoration.thickness, Self.minimumDot) : decoration.thickness
        let unit = dotted ? width : max(decoration.thickness, 0.5)
        let dashes = Self.dashes(for: decoration.pattern).map { $0 * unit }
        // Dots sit half a period in, so that none sticks out before the text's start.
        let offset = dotted ? (decoration.phase + unit).truncatingRemainder(dividingBy: 2 * unit) : decoration.phase
        set(cr, color: decoration.color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, dotted ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), offset) }
        cairo_move_to(cr, decoration.start.x, decoration.start.y)
        cairo_line_to(cr, decoration.start.x + decoration.length, decoration.start.y)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    }

    /// Paints a line's glyphs with the calls Pango's renderer makes for a layout line
    /// (`pango_cairo_show_layout_line`): from the current point as the baseline's start, each
    /// run in its own saved state with its colour and font, its text and clusters given where
    /// the surface keeps text (PDF); `path` adds the outlines to the path instead. The current
    /// point is put back, as Pango does.
    private func draw(_ line: TextLine, on cr: OpaquePointer, path: Bool = false) {
        cairo_move_to(cr, line.origin.x, line.origin.y)
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        let keepsText = !path && cairo_surface_has_show_text_glyphs(cairo_get_target(cr)) != 0
        let units = 1024.0  // Pango units a point
        for run in line.runs {
            let baseX = x + Double(run.x) / units, baseY = y + Double(run.y) / units
            cairo_save(cr)
            if !path, let color = run.color { set(cr, color: color) }
            let installed = fonts.install(run.font, on: cr)
            for glyph in run.missing {
                missingGlyph(glyph, x: baseX + Double(glyph.x) / units, y: baseY + Double(glyph.y) / units, path: path, on: cr)
            }
            if installed {
                let glyphs = run.glyphs.map {
                    cairo_glyph_t(index: UInt($0.id), x: baseX + Double($0.x) / units, y: baseY + Double($0.y) / units)
                }
                if path {
                    cairo_glyph_path(cr, glyphs, Int32(glyphs.count))
                } else if keepsText && fonts.hasColorGlyphs(on: cr) {
                    colorGlyphs(glyphs, size: run.font.matrix.yy, on: cr)
                } else if keepsText && !Self.hasNoncharacter(run.utf8) {
                    showTextGlyphs(glyphs, of: run, on: cr)
                } else {
                    cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
                }
            }
            cairo_restore(cr)
        }
        cairo_move_to(cr, x, y)
    }

    /// How many times larger than on the page a PDF's colour glyphs are drawn: Cairo 1.16
    /// puts a colour glyph in a PDF as its bitmap scaled to the glyph's size on the page
    /// (12 pixels for 10.5 pt text, blurred on paper), so each is drawn this much larger in a
    /// group shown at its size (Noto Color Emoji's bitmaps are 109 pixels for its 136 pixel em).
    static let colorGlyphScale = 4.0

    /// Shows colour glyphs (emoji) on a PDF one by one, each drawn `colorGlyphScale` times
    /// larger near the top left of a group (whose extent is the page's) and the group shown
    /// shrunk back at the glyph's place. Cairo keeps each glyph's image once per document.
    private func colorGlyphs(_ glyphs: [cairo_glyph_t], size: Double, on cr: OpaquePointer) {
        let scale = Self.colorGlyphScale
        let origin = (x: size * scale * 0.5, y: size * scale * 1.5)
        for glyph in glyphs {
            cairo_push_group(cr)
            cairo_identity_matrix(cr)
            cairo_translate(cr, origin.x, origin.y)
            cairo_scale(cr, scale, scale)
            var placed = cairo_glyph_t(index: glyph.index, x: 0, y: 0)
            cairo_show_glyphs(cr, &placed, 1)
            let group = cairo_pop_group(cr)
            var toGroup = cairo_matrix_t()
            cairo_get_matrix(cr, &toGroup)
            cairo_matrix_translate(&toGroup, glyph.x, glyph.y)
            cairo_matrix_scale(&toGroup, 1 / scale, 1 / scale)
            cairo_matrix_translate(&toGroup, -origin.x, -origin.y)
            cairo_matrix_invert(&toGroup)
            cairo_pattern_set_matrix(group, &toGroup)
            cairo_set_source(cr, group)
            cairo_paint(cr)
            cairo_pattern_destroy(group)
        }
    }

    /// Whether `utf8` holds a noncharacter (U+FDD0–FDEF, U+xFFFE or U+xFFFF): Cairo refuses
    /// such text beside glyphs, and its error would fail the whole PDF, so such a run is drawn
    /// as glyphs alone.
    static func hasNoncharacter(_ utf8: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < utf8.count {
            let (lead, second, third) = (utf8[index], utf8[index + 1], utf8[index + 2])
            if lead == 0xEF && ((second == 0xB7 && (0x90...0xAF).contains(third)) || (second == 0xBF && third >= 0xBE)) {
                return true
            }
            if (0xF0...0xF4).contains(lead), index + 3 < utf8.count, second & 0x0F == 0x0F, third == 0xBF, utf8[index + 3] >= 0xBE {
                return true
            }
            index += 1
        }
        return false
    }

    /// Shows `glyphs` with the run's text and clusters, so that a PDF keeps the text.
    private func showTextGlyphs(_ glyphs: [cairo_glyph_t], of run: GlyphRun, on cr: OpaquePointer) {
        let clusters = run.clusters.all.map { cairo_text_cluster_t(num_bytes: $0.bytes, num_glyphs: $0.glyphs) }
        let flags = run.isBackward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
        run.utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                cairo_show_text_glyphs(cr, text.baseAddress, Int32(text.count), glyphs, Int32(glyphs.count), clusters,
                                       Int32(clusters.count), flags)
            }
        }
    }

    /// A character no font has, as Pango 1.50 draws it (`_pango_cairo_renderer_draw_unknown_glyph`):
    /// a frame holding its code point's hexadecimal digits in rows, centred in the glyph's
    /// advance and crossed out for a value that is no character; a dot for a space, an arrow
    /// for a tab or a line break; a plain frame when the font gave no box geometry. As a path
    /// (the letterpress effect), the shapes are added to the path, not painted (Pango 1.50
    /// fills the dot and arrows even then).
    private func missingGlyph(_ glyph: MissingGlyph, x: Double, y: Double, path: Bool, on cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let advance = Double(glyph.width) / 1024
        let invalid = glyph.character > 0x10FFFF
        guard let box = glyph.box, fonts.install(box.digitFont, on: cr) else {
            frame(Rect(x: x + 1.5, y: y + 1.5 - Self.missingGlyphHeight, width: advance - 3, height: Self.missingGlyphHeight - 3),
                  lineWidth: 1, crossed: invalid, path: path, on: cr)
            return
        }
        let character = invalid ? nil : Unicode.Scalar(glyph.character)
        if let character, character == "\u{2423}" || character.properties.generalCategory == .spaceSeparator {
            cairo_new_sub_path(cr)
            cairo_arc(cr, x + 0.5 * advance, y + box.descent - 0.5 * box.height, 1.5 * box.padding, 0, 2 * .pi)
            cairo_close_path(cr)
            if !path { cairo_fill(cr) }
            return
        }
        if let character, ["\t", "\n", "\u{2028}", "\u{2029}"].contains(character) {
            arrow(advance: advance, box: box, x: x, y: y, tab: character == "\t", path: path, on: cr)
            return
        }
        let pad = box.padding
        let digits = invalid ? [] : Array(String(format: glyph.character > 0xFFFF ? "%06X" : "%04X", glyph.character))
        let columns = invalid ? 1 : digits.count / box.rows
        let width = 3 * pad + Double(columns) * (box.digitWidth + pad)
        let lsb = (((advance - width) * 0.5) / pad).rounded(.down) * pad
        frame(Rect(x: x + lsb + 0.5 * pad, y: y + box.descent - box.height + pad * 0.5, width: width - pad, height: box.height - pad),
              lineWidth: box.padding, crossed: invalid, path: path, on: cr)
        guard !invalid else { return }
        let top = y + box.descent - pad * 2
        for row in 0..<box.rows {
            let rowY = top - Double(box.rows - 1 - row) * (box.digitHeight + pad)
            for column in 0..<columns {
                cairo_move_to(cr, x + lsb + pad * 2 + Double(column) * (box.digitWidth + pad), rowY)
                let digit = String(digits[row * columns + column])
                if path { cairo_text_path(cr, digit) } else { cairo_show_text(cr, digit) }
            }
        }
    }

    /// Pango's arrows for a tab (↦) and a line break (↵) no font has.
    private func arrow(advance: Double, box: HexBox, x: Double, y: Double, tab: Bool, path: Bool, on cr: OpaquePointer) {
        let offset = 0.2 * advance
        let length = advance - 2 * offset
        let tip = min(box.digitWidth, 0.75 * length)
        let tipHalf = 2.5 * box.padding
        let lineHalf = 0.5 * box.padding
        let left = x + offset
        let points: [(Double, Double)]
        if tab {
            let middle = y + box.descent - 0.5 * box.height
            points = [(left - lineHalf, middle - tipHalf), (left + lineHalf, middle - tipHalf), (left + lineHalf, middle - lineHalf),
                      (left + length - tip, middle - lineHalf), (left + length - tip, middle - tipHalf), (left + length, middle),
                      (left + length - tip, middle + tipHalf), (left + length - tip, middle + lineHalf), (left + lineHalf, middle + lineHalf),
                      (left + lineHalf, middle + tipHalf), (left - lineHalf, middle + tipHalf)]
        } else {
            let height = length - 0.5 * tip
            let middle = y - (box.height - length) / 2
            points = [(left, middle), (left + tip, middle - tipHalf), (left + tip, middle - lineHalf),
                      (left + length - lineHalf, middle - lineHalf), (left + length - lineHalf, middle - height),
                      (left + length + lineHalf, middle - height), (left + length + lineHalf, middle + lineHalf),
                      (left + tip, middle + lineHalf), (left + tip, middle + tipHalf)]
        }
        for (index, point) in points.enumerated() {
            if index == 0 { cairo_move_to(cr, point.0, point.1) } else { cairo_line_to(cr, point.0, point.1) }
        }
        cairo_close_path(cr)
        if !path { cairo_fill(cr) }
    }

    /// Pango's `PANGO_UNKNOWN_GLYPH_HEIGHT`.
    private static let missingGlyphHeight = 14.0

    /// A missing glyph's frame (`_pango_cairo_renderer_draw_frame`), with an X through it when
    /// `crossed`; as a path, an outer and an inner outline so that filling leaves the frame.
    private func frame(_ rect: Rect, lineWidth: Double, crossed: Bool, path: Bool, on cr: OpaquePointer) {
        if path {
            let half = lineWidth / 2
            cairo_rectangle(cr, rect.x - half, rect.y - half, rect.width + lineWidth, rect.height + lineWidth)
            cairo_rectangle(cr, rect.maxX - half, rect.y + half, -(rect.width - lineWidth), rect.height - lineWidth)
            return
        }
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        if crossed {
            cairo_new_sub_path(cr)
            cairo_move_to(cr, rect.x, rect.y)
            cairo_rel_line_to(cr, rect.width, rect.height)
            cairo_new_sub_path(cr)
            cairo_move_to(cr, rect.maxX, rect.y)
            cairo_rel_line_to(cr, -rect.width, rect.height)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 2)
        cairo_stroke(cr)
    }

    /// Text pressed into the paper, as iOS 7's letterpress looked, painted over the glyphs and
    /// limited to the run's area: the ink lightened, a soft dark edge inside the glyphs along
    /// their tops (the wall of the dent in shadow) and a soft light edge outside along their
    /// bottoms (the paper's rim catching the light). Each edge is `pressSteps` copies of the
    /// outlines shifted a step further, so that it fades out over the depth instead of reading
    /// as a second print when rasterized finely.
    private func emboss(_ line: TextLine, clip: [Rect], on cr: OpaquePointer) {
        guard let first = clip.first else { return }
        let area = clip.dropFirst().reduce(first, Self.union)
        let depth = Self.pressDepth(ofTextSized: line.runs.map(\.font.matrix.yy).max() ?? 0)
        let around = Rect(x: area.x - 2 * depth, y: area.y - 2 * depth, width: area.width + 4 * depth, height: area.height + 4 * depth)
        cairo_save(cr)
        cairo_new_path(cr)
        for rect in clip { cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height) }
        cairo_clip(cr)
        draw(line, on: cr, path: true)
        let outlines = cairo_copy_path(cr)
        defer { cairo_path_destroy(outlines) }
        cairo_new_path(cr)

        cairo_append_path(cr, outlines)
        set(cr, color: Self.inkLightening)
        cairo_fill(cr)

        // Outside the glyphs: the outlines shifted down, less the glyphs themselves.
        cairo_save(cr)
        cairo_rectangle(cr, around.x, around.y, around.width, around.height)
        cairo_append_path(cr, outlines)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(cr)
        pressSteps(outlines, depth: depth, color: Self.rimHighlight, shade: false, around: around, on: cr)
        cairo_restore(cr)

        // Inside the glyphs: what the outlines shifted down leave uncovered.
        cairo_save(cr)
        cairo_append_path(cr, outlines)
        cairo_clip(cr)
        pressSteps(outlines, depth: depth, color: Self.wallShadow, shade: true, around: around, on: cr)
        cairo_restore(cr)
        cairo_restore(cr)
    }

    /// Fills `outlines` shifted down by `depth` in `pressSteps` steps, each with a share of
    /// `color`, so that the overlap nearest the edge is the strongest; `shade` fills what each
    /// shifted copy leaves uncovered of `around` instead.
    private func pressSteps(_ outlines: UnsafeMutablePointer<cairo_path_t>?, depth: Double, color: Color, shade: Bool,
                            around: Rect, on cr: OpaquePointer) {
        let share = Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha / Double(Self.pressSteps))
        set(cr, color: share)
        cairo_set_fill_rule(cr, shade ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        for step in 1...Self.pressSteps {
            cairo_new_path(cr)
            if shade { cairo_rectangle(cr, around.x, around.y, around.width, around.height) }
            cairo_save(cr)
            cairo_translate(cr, 0, depth * Double(step) / Double(Self.pressSteps))
            cairo_append_path(cr, outlines)
            cairo_restore(cr)
            cairo_fill(cr)
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// How deep text of `size` points looks pressed: about a pixel at 144 dpi for body text,
    /// a little more for titles.
    static func pressDepth(ofTextSized size: Double) -> Double {
        max(0.5, size * 0.04)
    }

    static let pressSteps = 4
    /// The ink pressed into the paper looks lighter than printed ink, which lets the shadow
    /// inside the glyphs show even on black text.
    static let inkLightening = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
    static let wallShadow = Color(red: 0, green: 0, blue: 0, alpha: 0.8)
    static let rimHighlight = Color(red: 1, green: 1, blue: 1, alpha: 0.9)

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        let x = min(a.x, b.x), y = min(a.y, b.y)
        return Rect(x: x, y: y, width: max(a.maxX, b.maxX) - x, height: max(a.maxY, b.maxY) - y)
    }

    private func checkbox(_ rect: Rect, checked: Bool, color: Color, on cr: OpaquePointer) {
        let radius = rect.width * 0.18
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - radius, rect.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, rect.maxX - radius, rect.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(cr, rect.x + radius, rect.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, rect.x + radius, rect.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
        set(cr, color: color)
        cairo_set_line_width(cr, max(rect.width * 0.09, 0.5))
        cairo_stroke(cr)
        guard checked else { return }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_width(cr, max(rect.width * 0.14, 0.8))
        cairo_move_to(cr, rect.x + rect.width * 0.22, rect.y + rect.height * 0.52)
        cairo_line_to(cr, rect.x + rect.width * 0.43, rect.y + rect.height * 0.74)
        cairo_line_to(cr, rect.x + rect.width * 0.8, rect.y + rect.height * 0.26)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }

    private func set(_ cr: OpaquePointer, color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }
}
