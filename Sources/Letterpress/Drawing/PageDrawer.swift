import CPangoCairo
import Foundation

/// Paints page items on a Cairo context: the one drawer behind PDF, PNG and SVG output.
struct PageDrawer {
    /// Whether the surface keeps links (PDF).
    let drawsLinks: Bool

    func draw(_ page: Page, on cr: OpaquePointer) {
        // Paint rather than fill the page rectangle: an image a fraction of a pixel wider than
        // the page would otherwise keep an unpainted edge.
        set(cr, color: page.background)
        cairo_paint(cr)
        for item in page.items { draw(item, on: cr) }
    }

    private func draw(_ item: PageItem, on cr: OpaquePointer) {
        switch item {
        case let .text(layout, line, origin):
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_show_layout_line(cr, layout.line(at: line))
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
            cairo_save(cr)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            cairo_translate(cr, rect.x, rect.y)
            cairo_scale(cr, rect.width / Double(image.pixelWidth), rect.height / Double(image.pixelHeight))
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        case let .link(url, rects):
            guard drawsLinks, !rects.isEmpty else { return }
            let quads = rects.map { String(format: "%.2f %.2f %.2f %.2f", $0.x, $0.y, $0.width, $0.height) }
            let escaped = url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            let attributes = "uri='\(escaped)' rect=[\(quads.joined(separator: " "))]"
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        case let .checkbox(rect, checked, color):
            checkbox(rect, checked: checked, color: color, on: cr)
        case let .decoration(decoration):
            draw(decoration, on: cr)
        case let .embossed(layout, line, origin, clip):
            emboss(layout.line(at: line), at: origin, clip: clip, on: cr)
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
        }
    }

    /// The dash pattern of each line pattern, in multiples of the line's thickness.
    static func dashes(for pattern: LinePattern) -> [Double] {
        switch pattern {
        case .solid: return []
        case .dot: return [1, 1.5]
        case .dash: return [4, 2.5]
        case .dashDot: return [4, 2, 1, 2]
        case .dashDotDot: return [4, 2, 1, 2, 1, 2]
        }
    }

    private func draw(_ decoration: Decoration, on cr: OpaquePointer) {
        let unit = max(decoration.thickness, 0.5)
        let dashes = Self.dashes(for: decoration.pattern).map { $0 * unit }
        set(cr, color: decoration.color)
        cairo_set_line_width(cr, decoration.thickness)
        dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), decoration.phase) }
        cairo_move_to(cr, decoration.start.x, decoration.start.y)
        cairo_line_to(cr, decoration.start.x + decoration.length, decoration.start.y)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// Text pressed into the paper: a dark edge above and a light edge below the glyphs, drawn
    /// before the glyphs themselves and limited to the run's area.
    private func emboss(_ line: UnsafeMutablePointer<PangoLayoutLine>, at origin: Point, clip: [Rect], on cr: OpaquePointer) {
        cairo_save(cr)
        for rect in clip { cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height) }
        cairo_clip(cr)
        // Small offsets and soft colours: the edges should read as depth, not as a second print.
        for (offset, color) in [(-0.35, Color(red: 0, green: 0, blue: 0, alpha: 0.22)), (0.5, Color(red: 1, green: 1, blue: 1, alpha: 0.55))] {
            cairo_new_path(cr)
            cairo_move_to(cr, origin.x, origin.y + offset)
            pango_cairo_layout_line_path(cr, line)
            set(cr, color: color)
            cairo_fill(cr)
        }
        cairo_restore(cr)
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
