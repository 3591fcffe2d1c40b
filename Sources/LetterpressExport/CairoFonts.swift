import CCairo
import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Cairo font faces and options made from the font values of glyph runs, kept for one output.
///
/// A face opened from the same file, index and drawing properties as the one the typesetter
/// measured with is the same Cairo face (Cairo shares faces by file and options), so drawing
/// from values uses the fonts, subsets and glyph caches that drawing from layouts used.
final class CairoFonts {
    private var faces: [FontFace: OpaquePointer?] = [:]
    private var options: [FontOptions: OpaquePointer] = [:]

    /// Each font's face, by the font's identity: runs share their font object, so a run's
    /// look-up does not hash the face's strings. The fonts are kept so that no identity is reused.
    private var facesByFont: [ObjectIdentifier: OpaquePointer?] = [:]
    private var fonts: [DrawingFont] = []

    deinit {
        for case let face? in faces.values { cairo_font_face_destroy(face) }
        for option in options.values { cairo_font_options_destroy(option) }
    }

    /// Sets `font` as the context's font, as `cairo_set_scaled_font` with the typesetter's
    /// font would; false when its file cannot be opened.
    func install(_ font: DrawingFont, on cr: OpaquePointer) -> Bool {
        let key = ObjectIdentifier(font)
        let found: OpaquePointer?
        if let known = facesByFont[key] {
            found = known
        } else {
            found = face(font.face)
            facesByFont[key] = found
            fonts.append(font)
        }
        guard let face = found else { return false }
        cairo_set_font_face(cr, face)
        let m = font.matrix
        var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        cairo_set_font_matrix(cr, &matrix)
        cairo_set_font_options(cr, options(font.options))
        return true
    }

    private var colorFaces: [OpaquePointer: Bool] = [:]

    /// Whether the context's font (one `install` set) has colour glyphs, such as emoji.
    func hasColorGlyphs(on cr: OpaquePointer) -> Bool {
        guard let face = cairo_get_font_face(cr) else { return false }
        if let known = colorFaces[face] { return known }
        var color = false
        if let scaled = cairo_get_scaled_font(cr), let ftFace = cairo_ft_scaled_font_lock_face(scaled) {
            color = ftFace.pointee.face_flags & (1 << 14) != 0  // FT_FACE_FLAG_COLOR
            cairo_ft_scaled_font_unlock_face(scaled)
        }
        colorFaces[face] = color
        return color
    }

    private func face(_ face: FontFace) -> OpaquePointer? {
        if let known = faces[face] { return known }
        var made: OpaquePointer?
        let parsed = face.pattern.withCString {
            $0.withMemoryRebound(to: FcChar8.self, capacity: face.pattern.utf8.count + 1, FcNameParse)
        }
        if let pattern = parsed {
            let created = cairo_ft_font_face_create_for_pattern(pattern)
            FcPatternDestroy(pattern)
            if let created, cairo_font_face_status(created) == CAIRO_STATUS_SUCCESS {
                made = created
            } else if let created {
                cairo_font_face_destroy(created)
            }
        }
        faces[face] = made
        return made
    }

    private func options(_ values: FontOptions) -> OpaquePointer {
        if let known = options[values] { return known }
        let made = cairo_font_options_create()!
        cairo_font_options_set_antialias(made, cairo_antialias_t(rawValue: values.antialias))
        cairo_font_options_set_subpixel_order(made, cairo_subpixel_order_t(rawValue: values.subpixelOrder))
        cairo_font_options_set_hint_style(made, cairo_hint_style_t(rawValue: values.hintStyle))
        cairo_font_options_set_hint_metrics(made, cairo_hint_metrics_t(rawValue: values.hintMetrics))
        options[values] = made
        return made
    }
}
