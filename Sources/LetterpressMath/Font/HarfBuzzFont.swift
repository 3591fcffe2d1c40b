import CHarfBuzz

/// A face of a font file opened in HarfBuzz at one unit per font unit, so every value it
/// gives is in font units: what `MathFont` and `TextFont` share. Safe to use from any
/// thread, as the HarfBuzz font is made immutable.
final class HarfBuzzFont: Sendable {
    /// Font units per em.
    let unitsPerEm: Double

    // HarfBuzz objects are thread-safe once made immutable; Swift cannot see that.
    nonisolated(unsafe) let face: OpaquePointer
    nonisolated(unsafe) let font: OpaquePointer

    /// Face `index` of `file`.
    /// - Throws: `MathFontError.unreadable` when the file cannot be read or has no such face.
    init(file: String, index: Int) throws(MathFontError) {
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            throw MathFontError.unreadable(file: file)
        }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(max(0, index)), let face = hb_face_create(blob, UInt32(max(0, index))) else {
            throw MathFontError.unreadable(file: file)
        }
        let upem = Int32(hb_face_get_upem(face))
        let font = hb_font_create(face)!
        // At a scale of one unit per font unit, every value HarfBuzz gives is in font units.
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.face = face
        self.font = font
        self.unitsPerEm = Double(upem)
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The font's own glyph for `scalar` (its cmap's), or nil when it has none.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The glyph's advance and ink, y up; the MATH table's values left at what a glyph
    /// without them has (no italic correction, the accent attached at half the advance).
    func inkMetrics(_ glyph: UInt32) -> GlyphMetrics {
        var extents = hb_glyph_extents_t()
        _ = hb_font_get_glyph_extents(font, glyph, &extents)
        let advance = Double(hb_font_get_glyph_h_advance(font, glyph))
        return GlyphMetrics(
            advance: advance,
            inkLeft: Double(extents.x_bearing),
            inkRight: Double(extents.x_bearing + extents.width),
            ascent: Double(extents.y_bearing),
            descent: -Double(extents.y_bearing + extents.height),
            italicCorrection: 0,
            topAccentAttachment: advance / 2,
            isExtendedShape: false)
    }

    /// `text` shaped with the font's own features, its script and direction guessed from
    /// its characters unless `direction` says.
    func shape(_ text: some StringProtocol, direction: hb_direction_t? = nil) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        hb_buffer_add_utf8(buffer, &utf8, Int32(utf8.count), 0, Int32(utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        if let direction { hb_buffer_set_direction(buffer, direction) }
        hb_shape(font, buffer, nil, 0)
        return glyphs(of: buffer)
    }

    /// Characters shaped left to right in `script` with `features`.
    func shapeScalars(_ scalars: [UInt32], script: hb_script_t, features: inout [hb_feature_t]) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_shape(font, buffer, &features, UInt32(features.count))
        return glyphs(of: buffer)
    }

    /// The shaped buffer's glyphs and positions.
    private func glyphs(of buffer: OpaquePointer) -> [ShapedGlyph] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map {
            ShapedGlyph(glyph: infos[$0].codepoint, xAdvance: Double(positions[$0].x_advance),
                        xOffset: Double(positions[$0].x_offset), yOffset: Double(positions[$0].y_offset),
                        cluster: Int(infos[$0].cluster))
        }
    }
}
