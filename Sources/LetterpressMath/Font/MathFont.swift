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

    private let harfBuzz: HarfBuzzFont
    // The HarfBuzz objects the MATH table is read through.
    private var font: OpaquePointer { harfBuzz.font }
    private var face: OpaquePointer { harfBuzz.face }
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
        let harfBuzz = try HarfBuzzFont(file: file, index: index)
        guard hb_ot_math_has_data(harfBuzz.face) != 0 else {
            throw MathFontError.noMathTable(file: file)
        }
        self.file = file
        self.harfBuzz = harfBuzz
        self.unitsPerEm = harfBuzz.unitsPerEm
        self.constants = MathConstant.allCases.map {
            Double(hb_ot_math_get_constant(harfBuzz.font, hb_ot_math_constant_t(rawValue: UInt32($0.rawValue))))
        }
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
        harfBuzz.glyph(for: scalar)
    }

    /// The glyph's metrics, computed once.
    package func metrics(_ glyph: UInt32) -> GlyphMetrics {
        if let known = metricsCache.withLock({ $0[glyph] }) { return known }
        let metrics = readMetrics(glyph)
        metricsCache.withLock { $0[glyph] = metrics }
        return metrics
    }

    /// The metrics as HarfBuzz gives them, y up, with the MATH table's.
    private func readMetrics(_ glyph: UInt32) -> GlyphMetrics {
        var metrics = harfBuzz.inkMetrics(glyph)
        // HarfBuzz gives half the advance when the table has no attachment for the glyph.
        metrics.topAccentAttachment = Double(hb_ot_math_get_glyph_top_accent_attachment(font, glyph))
        metrics.italicCorrection = Double(hb_ot_math_get_glyph_italics_correction(font, glyph))
        metrics.isExtendedShape = hb_ot_math_is_glyph_extended_shape(face, glyph) != 0
        return metrics
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
        let shaped = harfBuzz.shapeScalars([scalar.value], script: HB_SCRIPT_MATH, features: &features)
        let result = shaped.count == 1 ? shaped[0].glyph : plain
        alternateCache.withLock { $0[key] = result }
        return result
    }

    /// `text` shaped left to right with the font's own features: the glyphs of `\text{…}`.
    package func shape(_ text: some StringProtocol) -> [ShapedGlyph] {
        harfBuzz.shape(text, direction: HB_DIRECTION_LTR)
    }

    /// An OpenType tag such as `ssty` as HarfBuzz's number.
    private static func tag(_ name: String) -> UInt32 {
        name.utf8.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
