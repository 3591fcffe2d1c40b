import CHarfBuzz
import LetterpressCore
import Synchronization

/// An OpenType math font read through HarfBuzz: its MATH constants, its glyphs' metrics,
/// variants and assemblies, and text shaping. One instance per file serves the whole process
/// (`opened(file:index:)`); it is safe to use from any thread, since the HarfBuzz font is
/// immutable and what is computed per glyph is cached under a lock.
package final class MathFont: Sendable {
    /// The file it was opened from.
    package let file: String
    /// Font units per em: every unscaled value is in these units.
    package let unitsPerEm: Double

    // HarfBuzz objects are thread-safe once made immutable; Swift cannot see that.
    nonisolated(unsafe) private let face: OpaquePointer
    nonisolated(unsafe) private let font: OpaquePointer
    private let constants: [Double]
    private let metricsCache = Mutex<[UInt32: GlyphMetrics]>([:])
    private let variantCache = Mutex<[StretchKey: [GlyphVariant]]>([:])
    private let assemblyCache = Mutex<[StretchKey: GlyphAssembly?]>([:])
    private let alternateCache = Mutex<[AlternateKey: UInt32]>([:])

    private static let openFonts = Mutex<[String: MathFont]>([:])

    private struct StretchKey: Hashable {
        var glyph: UInt32
        var vertical: Bool
    }

    private struct AlternateKey: Hashable {
        var glyph: UInt32
        var feature: UInt32
        var value: UInt32
    }

    /// The font in `file` (face `index` of a collection), opened once per process.
    /// - Throws: `MathFontError` when the file cannot be read or has no MATH table.
    package static func opened(file: String, index: Int = 0) throws -> MathFont {
        let key = "\(index):\(file)"
        // Opening under the lock keeps two threads from opening the same file twice; it is
        // done once per file, so nobody waits long.
        return try openFonts.withLock { fonts in
            if let font = fonts[key] { return font }
            let font = try MathFont(file: file, index: index)
            fonts[key] = font
            return font
        }
    }

    private init(file: String, index: Int) throws {
        guard let blob = hb_blob_create_from_file_or_fail(file) else {
            throw MathFontError.unreadable(file: file)
        }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(max(0, index)), let face = hb_face_create(blob, UInt32(max(0, index))) else {
            throw MathFontError.unreadable(file: file)
        }
        guard hb_ot_math_has_data(face) != 0 else {
            hb_face_destroy(face)
            throw MathFontError.noMathTable(file: file)
        }
        let upem = Int32(hb_face_get_upem(face))
        let font = hb_font_create(face)!
        // At a scale of one unit per font unit, every value HarfBuzz gives is in font units.
        hb_font_set_scale(font, upem, upem)
        hb_font_make_immutable(font)
        self.file = file
        self.face = face
        self.font = font
        self.unitsPerEm = Double(upem)
        self.constants = MathConstant.allCases.map {
            Double(hb_ot_math_get_constant(font, hb_ot_math_constant_t(rawValue: UInt32($0.rawValue))))
        }
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    // MARK: Constants

    /// A MATH constant in font units (a percentage as it is).
    package func constant(_ constant: MathConstant) -> Double {
        constants[constant.rawValue]
    }

    /// A MATH constant in points for a font of `size` points (a percentage as it is).
    package func constant(_ constant: MathConstant, size: Double) -> Double {
        constant.isPercentage ? constants[constant.rawValue] : constants[constant.rawValue] * size / unitsPerEm
    }

    /// Points per font unit at `size` points.
    package func scale(size: Double) -> Double {
        size / unitsPerEm
    }

    // MARK: Glyphs

    /// The font's own glyph for `scalar`, or nil when it has none.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The glyph's metrics, computed once.
    package func metrics(_ glyph: UInt32) -> GlyphMetrics {
        if let known = metricsCache.withLock({ $0[glyph] }) { return known }
        let metrics = readMetrics(glyph)
        metricsCache.withLock { $0[glyph] = metrics }
        return metrics
    }

    /// The metrics as HarfBuzz gives them, y up.
    private func readMetrics(_ glyph: UInt32) -> GlyphMetrics {
        var extents = hb_glyph_extents_t()
        _ = hb_font_get_glyph_extents(font, glyph, &extents)
        let advance = Double(hb_font_get_glyph_h_advance(font, glyph))
        // HarfBuzz gives half the advance when the table has no attachment for the glyph.
        let attachment = Double(hb_ot_math_get_glyph_top_accent_attachment(font, glyph))
        return GlyphMetrics(
            advance: advance,
            inkLeft: Double(extents.x_bearing),
            inkRight: Double(extents.x_bearing + extents.width),
            ascent: Double(extents.y_bearing),
            descent: -Double(extents.y_bearing + extents.height),
            italicCorrection: Double(hb_ot_math_get_glyph_italics_correction(font, glyph)),
            topAccentAttachment: attachment,
            isExtendedShape: hb_ot_math_is_glyph_extended_shape(face, glyph) != 0)
    }

    /// The advance of `.notdef`, the room a character the font lacks takes.
    package var notdefAdvance: Double {
        metrics(0).advance
    }

    /// The MATH kerning at `corner` of `glyph` at `height` (font units, from the baseline).
    package func kerning(_ glyph: UInt32, corner: MathKernCorner, height: Double) -> Double {
        Double(hb_ot_math_get_glyph_kerning(font, glyph, corner.harfBuzz, hb_position_t(height.clamped(to: -1e6...1e6))))
    }

    /// The whole kerning table at `corner`: each entry a kern that holds up to a height.
    package func kernings(_ glyph: UInt32, corner: MathKernCorner) -> [(maxHeight: Double, kern: Double)] {
        let total = hb_ot_math_get_glyph_kernings(font, glyph, corner.harfBuzz, 0, nil, nil)
        guard total > 0 else { return [] }
        var count = total
        var entries = [hb_ot_math_kern_entry_t](repeating: hb_ot_math_kern_entry_t(), count: Int(total))
        _ = hb_ot_math_get_glyph_kernings(font, glyph, corner.harfBuzz, 0, &count, &entries)
        return entries.prefix(Int(count)).map { (Double($0.max_correction_height), Double($0.kern_value)) }
    }

    // MARK: Variants and assemblies

    /// The glyph's bigger forms, smallest first (the glyph itself usually first), growing
    /// upwards when `vertical`, sideways otherwise.
    package func variants(_ glyph: UInt32, vertical: Bool) -> [GlyphVariant] {
        let key = StretchKey(glyph: glyph, vertical: vertical)
        if let known = variantCache.withLock({ $0[key] }) { return known }
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        let total = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, nil, nil)
        var count = total
        var raw = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: Int(total))
        if total > 0 { _ = hb_ot_math_get_glyph_variants(font, glyph, direction, 0, &count, &raw) }
        let variants = raw.prefix(Int(count)).map { GlyphVariant(glyph: $0.glyph, advance: abs(Double($0.advance))) }
        variantCache.withLock { $0[key] = variants }
        return variants
    }

    /// How to build the glyph at any size from pieces, if the font says.
    package func assembly(_ glyph: UInt32, vertical: Bool) -> GlyphAssembly? {
        let key = StretchKey(glyph: glyph, vertical: vertical)
        if let known = assemblyCache.withLock({ $0[key] }) { return known }
        let direction = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        let total = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, nil, nil, nil)
        var assembly: GlyphAssembly?
        if total > 0 {
            var count = total
            var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: Int(total))
            var italic: hb_position_t = 0
            _ = hb_ot_math_get_glyph_assembly(font, glyph, direction, 0, &count, &parts, &italic)
            assembly = GlyphAssembly(
                parts: parts.prefix(Int(count)).map {
                    GlyphAssembly.Part(glyph: $0.glyph, startConnector: Double($0.start_connector_length),
                                       endConnector: Double($0.end_connector_length), fullAdvance: abs(Double($0.full_advance)),
                                       isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
                },
                italicCorrection: Double(italic))
        }
        assemblyCache.withLock { $0[key] = assembly }
        return assembly
    }

    /// The least overlap of two pieces of an assembly, in font units.
    package func minConnectorOverlap(vertical: Bool) -> Double {
        Double(hb_ot_math_get_min_connector_overlap(font, vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR))
    }

    // MARK: Alternates and shaping

    /// The glyph `scalar` shows with an OpenType feature on, such as `ssty` 1 or 2 (the
    /// script-size alternates) or `flac` 1 (flattened accents); the plain glyph when the font
    /// has no such alternate. Shaped once per scalar and feature, then cached.
    package func alternate(for scalar: Unicode.Scalar, feature: String, value: UInt32) -> UInt32? {
        guard let plain = glyph(for: scalar) else { return nil }
        let tag = Self.tag(feature)
        let key = AlternateKey(glyph: plain, feature: tag, value: value)
        if let known = alternateCache.withLock({ $0[key] }) { return known }
        var features = [hb_feature_t(tag: tag, value: value, start: 0, end: UInt32.max)]
        let shaped = shapeScalars([scalar.value], script: HB_SCRIPT_MATH, features: &features)
        let result = shaped.count == 1 ? shaped[0].glyph : plain
        alternateCache.withLock { $0[key] = result }
        return result
    }

    /// `text` shaped left to right with the font's own features: the glyphs of `\text{…}`.
    package func shape(_ text: String) -> [ShapedGlyph] {
        guard !text.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        var utf8 = Array(text.utf8)
        hb_buffer_add_utf8(buffer, &utf8, Int32(utf8.count), 0, Int32(utf8.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_shape(font, buffer, nil, 0)
        return glyphs(of: buffer)
    }

    /// Characters shaped in `script` with `features`.
    private func shapeScalars(_ scalars: [UInt32], script: hb_script_t, features: inout [hb_feature_t]) -> [ShapedGlyph] {
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

    /// An OpenType tag such as `ssty` as HarfBuzz's number.
    private static func tag(_ name: String) -> UInt32 {
        name.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
