import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressMath
import LetterpressMarkup
import LetterpressStyling

/// The one Pango font map and context a typesetting run shares.
///
/// The context is built from the pangocairo font map rather than from a Cairo surface, with
/// resolution 72 (so sizes are points), no hinting, unhinted metrics and unrounded glyph
/// positions: the same layouts then break identically on PDF, SVG and image surfaces at any
/// scale, and PDF glyph advances are not rounded to whole points.
package final class FontContext {
    let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer

    /// The context of right-to-left paragraphs, made on first use. A layout takes its base
    /// direction from its context, and setting it on the shared one would make Pango lay out
    /// again every layout made in it.
    private var rightToLeft: OpaquePointer?

    package init() {
        StartUpWarmUp.wait()
        FontSetup.addLanguageRules()
        fontMap = pango_cairo_font_map_new()
        context = Self.makeContext(fontMap, direction: PANGO_DIRECTION_LTR)
    }

    private static func makeContext(_ fontMap: UnsafeMutablePointer<PangoFontMap>, direction: PangoDirection) -> OpaquePointer {
        let context = pango_font_map_create_context(fontMap)!
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        pango_context_set_base_dir(context, direction)
        // Layouts itemize in the default language, but Pango loads a font from a context (an
        // empty line's) in the language set on it: with none, one more fontconfig match and sort.
        pango_context_set_language(context, pango_language_get_default())
        return context
    }

    /// The context whose layouts have the base direction `direction`.
    func context(for direction: TextDirection) -> OpaquePointer {
        guard direction == .rtl else { return context }
        if let rightToLeft { return rightToLeft }
        let made = Self.makeContext(fontMap, direction: PANGO_DIRECTION_RTL)
        rightToLeft = made
        return made
    }

    deinit {
        if let rightToLeft { g_object_unref(UnsafeMutableRawPointer(rightToLeft)) }
        for primary in primaryFonts.values { g_object_unref(UnsafeMutableRawPointer(primary.font)) }
        for font in drawingFonts.keys { g_object_unref(UnsafeMutableRawPointer(font)) }
        for font in hexBoxFonts { g_object_unref(UnsafeMutableRawPointer(font)) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Extent, underline and strikethrough placement for a style's font, in points from the
    /// baseline (positive is up), as the font itself specifies them.
    struct LineMetrics: Hashable {
        var ascent: Double
        var descent: Double
        var underlinePosition: Double
        var underlineThickness: Double
        var strikethroughPosition: Double
        var strikethroughThickness: Double
    }

    private var lineMetricsCache: [FontKey: LineMetrics] = [:]

    func lineMetrics(for style: TextStyle) -> LineMetrics {
        let key = FontKey(style)
        if let cached = lineMetricsCache[key] { return cached }
        let description = FontDescriptionCache.make(style)
        defer { pango_font_description_free(description) }
        // In the context's language, whatever the style's: a language's sample sentence may
        // take other fonts (Japanese's), whose ascents would make its bands taller.
        let metrics = pango_context_get_metrics(context, description, nil)!
        defer { pango_font_metrics_unref(metrics) }
        let scale = Double(PANGO_SCALE)
        let result = LineMetrics(
            ascent: Double(pango_font_metrics_get_ascent(metrics)) / scale,
            descent: Double(pango_font_metrics_get_descent(metrics)) / scale,
            underlinePosition: Double(pango_font_metrics_get_underline_position(metrics)) / scale,
            underlineThickness: max(Double(pango_font_metrics_get_underline_thickness(metrics)) / scale, 0.4),
            strikethroughPosition: Double(pango_font_metrics_get_strikethrough_position(metrics)) / scale,
            strikethroughThickness: max(Double(pango_font_metrics_get_strikethrough_thickness(metrics)) / scale, 0.4))
        lineMetricsCache[key] = result
        return result
    }

    private struct FeatureKey: Hashable {
        var font: FontKey
        var tag: String
    }

    private var featureCache: [FeatureKey: Bool] = [:]

    /// Whether the font Pango picks for `style` has the OpenType feature `tag` (such as
    /// `tnum`) in its substitution or positioning tables.
    func font(for style: TextStyle, hasFeature tag: String) -> Bool {
        let key = FeatureKey(font: FontKey(style), tag: tag)
        if let known = featureCache[key] { return known }
        var found = false
        if let font = primaryFont(key.font, style)?.font {
            let face = hb_font_get_face(pango_font_get_hb_font(UnsafeMutablePointer<PangoFont>(font)))
            let wanted = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            for table in [UInt32(0x4753_5542), UInt32(0x4750_4F53)] {  // 'GSUB', 'GPOS'
                var count: UInt32 = 64
                var tags = [hb_tag_t](repeating: 0, count: 64)
                _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
                if tags.prefix(Int(count)).contains(wanted) { found = true }
            }
        }
        featureCache[key] = found
        return found
    }

    /// The math fonts looked up, by the theme's families (see `mathFont(_:theme:)`).
    var mathFonts: [[String]: Result<MathFontChoice, MathFontProblem>] = [:]
    /// The fonts characters of formulas fell back to, at 1 pt (see `textFont(for:style:)`).
    var formulaTextFonts: [FontFileReference: DrawingFont] = [:]
    /// The fonts formulas' glyph runs are drawn in (see `formulaDrawingFont(_:size:math:)`).
    var formulaDrawingFonts: [SizedFace: DrawingFont] = [:]

    /// Each font's drawing values; the font is referenced so that its address is not reused.
    private var drawingFonts: [UnsafeMutablePointer<PangoFont>: DrawingFont?] = [:]

    /// What a drawing surface needs to draw `font`'s glyphs as Pango would; nil for a font
    /// that is not a fontconfig font with a file.
    func drawingFont(_ font: UnsafeMutablePointer<PangoFont>) -> DrawingFont? {
        if let known = drawingFonts[font] { return known }
        g_object_ref(UnsafeMutableRawPointer(font))
        let made = Self.makeDrawingFont(font)
        drawingFonts[font] = made
        return made
    }

    /// The properties of a font's pattern that Cairo's FreeType backend reads to open and draw
    /// a face (`_get_pattern_ft_options`), and the names for listing it.
    private static let drawingProperties = [FC_FILE, FC_INDEX, FC_ANTIALIAS, FC_RGBA, FC_LCD_FILTER, FC_HINTING,
                                            FC_HINT_STYLE, FC_AUTOHINT, FC_VERTICAL_LAYOUT, FC_EMBOLDEN, FC_FONT_VARIATIONS]

    private static func makeDrawingFont(_ font: UnsafeMutablePointer<PangoFont>) -> DrawingFont? {
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        guard let pattern = pango_fc_font_get_pattern(fcFont),
              let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) else { return nil }
        func string(_ property: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, property, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let file = string(FC_FILE), let properties = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(properties) }
        for property in drawingProperties { _ = FcObjectSetAdd(properties, property) }
        guard let filtered = FcPatternFilter(pattern, properties) else { return nil }
        defer { FcPatternDestroy(filtered) }
        guard let unparsed = FcNameUnparse(filtered) else { return nil }
        defer { free(unparsed) }
        var index: Int32 = 0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var matrix = cairo_matrix_t()
        cairo_scaled_font_get_font_matrix(scaled, &matrix)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_get_font_options(scaled, options)
        return DrawingFont(
            face: FontFace(file: file, index: Int(index), name: [string(FC_FAMILY), string(FC_STYLE)].compactMap { $0 }.joined(separator: " "),
                           pattern: String(cString: unparsed)),
            matrix: FontMatrix(xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy, x0: matrix.x0, y0: matrix.y0),
            options: FontOptions(antialias: cairo_font_options_get_antialias(options).rawValue,
                                 subpixelOrder: cairo_font_options_get_subpixel_order(options).rawValue,
                                 hintStyle: cairo_font_options_get_hint_style(options).rawValue,
                                 hintMetrics: cairo_font_options_get_hint_metrics(options).rawValue))
    }

    private var hexBoxes: [UnsafeMutablePointer<PangoFont>: HexBox?] = [:]
    /// The digit fonts of the boxes, referenced for their drawing values' sake.
    private var hexBoxFonts: [UnsafeMutablePointer<PangoFont>] = []

    /// The boxes for missing characters in `font`, measured as Pango measures them
    /// (`_pango_cairo_font_private_get_hex_box_info`, for unhinted metrics, which this context
    /// always has): two rows of digits in a monospace font of 1/2.2 the size.
    func hexBox(_ font: UnsafeMutablePointer<PangoFont>) -> HexBox? {
        if let known = hexBoxes[font] { return known }
        let made = makeHexBox(font)
        hexBoxes[font] = made
        return made
    }

    private func makeHexBox(_ font: UnsafeMutablePointer<PangoFont>) -> HexBox? {
        guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
              cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else { return nil }
        var ctm = cairo_matrix_t(), matrix = cairo_matrix_t()
        cairo_scaled_font_get_ctm(scaled, &ctm)
        cairo_scaled_font_get_font_matrix(scaled, &matrix)
        var pangoCTM = PangoMatrix(xx: ctm.xx, xy: ctm.xy, yx: ctm.yx, yy: ctm.yy, x0: ctm.x0, y0: ctm.y0)
        var pangoMatrix = PangoMatrix(xx: matrix.xx, xy: matrix.xy, yx: matrix.yx, yy: matrix.yy, x0: matrix.x0, y0: matrix.y0)
        let size = pango_matrix_get_font_scale_factor(&pangoMatrix) / pango_matrix_get_font_scale_factor(&pangoCTM)
        let miniSize = size / 2.2
        let description = pango_font_describe_with_absolute_size(font)!
        defer { pango_font_description_free(description) }
        pango_font_description_unset_fields(description, PANGO_FONT_MASK_GRAVITY)
        pango_font_description_set_family(description, "monospace")
        pango_font_description_set_absolute_size(description, Double(pango_units_from_double(miniSize)))
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_get_font_options(scaled, options)
        let miniContext = pango_font_map_create_context(fontMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(miniContext)) }
        pango_context_set_matrix(miniContext, &pangoCTM)
        pango_context_set_language(miniContext, pango_script_get_sample_language(PANGO_SCRIPT_LATIN))
        pango_cairo_context_set_font_options(miniContext, options)
        guard let mini = pango_font_map_load_font(fontMap, miniContext, description) else { return nil }
        hexBoxFonts.append(mini)
        guard let miniScaled = pango_cairo_font_get_scaled_font(OpaquePointer(mini)),
              cairo_scaled_font_status(miniScaled) == CAIRO_STATUS_SUCCESS, let digitFont = drawingFont(mini) else { return nil }
        var width = 0.0, height = 0.0
        for digit in "0123456789ABCDEF" {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_text_extents(miniScaled, String(digit), &extents)
            width = max(width, extents.width)
            height = max(height, extents.height)
        }
        var fontExtents = cairo_font_extents_t()
        cairo_scaled_font_extents(scaled, &fontExtents)
        if fontExtents.ascent + fontExtents.descent <= 0 { (fontExtents.ascent, fontExtents.descent) = (14, 0) }
        let padding = min((fontExtents.ascent + fontExtents.descent) / 43, miniSize)
        let boxHeight = 3 * padding + 2 * (padding + height)
        let descent: Double
        if boxHeight <= fontExtents.ascent {
            descent = 2 * padding
        } else if boxHeight <= fontExtents.ascent + fontExtents.descent - 2 * padding {
            descent = 2 * padding + boxHeight - fontExtents.ascent
        } else {
            descent = fontExtents.descent * boxHeight / (fontExtents.ascent + fontExtents.descent)
        }
        return HexBox(digitFont: digitFont, digitWidth: width, digitHeight: height, padding: padding, height: boxHeight,
                      descent: descent)
    }

    /// "font 'X' is not installed; using Y" when the first of `families` is not installed,
    /// naming the first installed one after it; nil when it is installed.
    package func missingFontMessage(_ families: [String]) -> String? {
        guard let first = families.first, !isInstalled(first) else { return nil }
        let used = families.dropFirst().first(where: isInstalled) ?? "the system's default"
        return "font \(Excerpt.quoted(first)) is not installed; using \(Excerpt.cleaned(used, maximumLength: Excerpt.maximumLength))"
    }

    /// "font 'X' has no semibold (600) weight; drew Bold (700)" when the face Pango picked for
    /// `style` has another weight than the one asked (its nearest: fontconfig's choice), or
    /// "drew Medium Italic, emboldened" where fontconfig thickens a lighter face; "font 'X' has no compressed
    /// width; drew Condensed (condensed)" when its width is of another of SwiftUI's four
    /// widths. Never silent: a weight or width a theme or a note asks for is drawn or named.
    /// Nil when the face is what was asked. The face is the one of the style's text, in its language.
    func faceMessage(_ style: TextStyle) -> String? {
        guard let font = firstFont(style, in: language(of: style)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let description = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(description) }
        let faceName = pango_font_get_face(font).flatMap { pango_font_face_get_face_name($0) }.map { String(cString: $0) } ?? "?"
        let family = style.fontFamilies.first ?? String(cString: pango_font_description_get_family(description))
        let asked = style.weight.value
        let drawn = Int(pango_font_description_get_weight(description).rawValue)
        let fcFont = UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)
        var emboldened: FcBool = 0
        if let pattern = pango_fc_font_get_pattern(fcFont) { _ = FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &emboldened) }
        let lacking = "font \(Excerpt.quoted(family)) has no \(style.weight.rawValue) (\(asked)) weight"
        // fontconfig's synthetic bold gives the face the weight asked: its own is in the face's name.
        if emboldened != 0 { return "\(lacking); drew \(faceName), emboldened" }
        // Within 50 of the weight asked is that weight: some fonts' Book is 380, a Pango weight of its own.
        if abs(asked - drawn) >= 50 { return "\(lacking); drew \(faceName) (\(drawn))" }
        let width = Self.width(of: pango_font_description_get_stretch(description))
        if width != style.width {
            return "font \(Excerpt.quoted(family)) has no \(style.width.rawValue) width; drew \(faceName) (\(width.rawValue))"
        }
        return nil
    }

    /// Which of SwiftUI's four widths a face of `stretch` stands for: semi-condensed cuts (DejaVu
    /// Sans Condensed, Nimbus Sans Narrow) are condensed, ultra- and extra-condensed compressed.
    static func width(of stretch: PangoStretch) -> FontWidth {
        switch stretch {
        case PANGO_STRETCH_ULTRA_CONDENSED, PANGO_STRETCH_EXTRA_CONDENSED: .compressed
        case PANGO_STRETCH_CONDENSED, PANGO_STRETCH_SEMI_CONDENSED: .condensed
        case PANGO_STRETCH_NORMAL: .standard
        default: .expanded
        }
    }

    private var installedCache: [String: Bool] = [:]
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui"]

    /// Whether fontconfig has a font of `family` itself (or of one of the fonts an alias stands for, as
    /// `FontAliases` maps Menlo to DejaVu Sans Mono), rather than a substitute. Families
    /// compare as fontconfig compares them (ignoring case and spaces). A font list, not a match:
    /// a match would first apply every substitution rule of the system's configuration, some
    /// 1M instructions a family. So a family a rule replaces outright still counts as installed.
    package func isInstalled(_ family: String) -> Bool {
        let key = family.lowercased()
        if Self.genericFamilies.contains(key) { return true }
        if let aliases = FontAliases.table[key], aliases.contains(where: isInstalled) { return true }
        if let known = installedCache[key] { return known }
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        guard let properties = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(properties) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        _ = FcObjectSetAdd(properties, FC_FAMILY)
        guard let fonts = FcFontList(nil, pattern, properties) else { return false }
        let installed = fonts.pointee.nfont > 0
        FcFontSetDestroy(fonts)
        installedCache[key] = installed
        return installed
    }

    /// A style's first-choice font, and which ASCII characters it has.
    struct PrimaryFont {
        let font: OpaquePointer
        /// Bit `c` for character `c` (0–127); control characters count as present, as Pango
        /// draws none of them.
        let ascii: (low: UInt64, high: UInt64)

        func hasASCII(_ byte: UInt8) -> Bool {
            byte < 64 ? ascii.low >> byte & 1 == 1 : ascii.high >> (byte - 64) & 1 == 1
        }
    }

    private var primaryFonts: [FontKey: PrimaryFont] = [:]

    /// The language of `style`'s text: its own (see `PangoAttributes`), else the context's.
    func language(of style: TextStyle) -> OpaquePointer? {
        style.language.map { pango_language_from_string($0.description) } ?? pango_context_get_language(context)
    }

    /// The language Pango looks up the fonts of `style`'s Latin text in: the text's, unless
    /// that is written in other scripts only (`ja`, `ru`), when Pango takes Latin's sample
    /// language, `en` (`compute_derived_language` in itemize.c).
    func latinLanguage(of style: TextStyle) -> OpaquePointer? {
        let language = language(of: style)
        if let language, pango_language_includes_script(language, PANGO_SCRIPT_LATIN) != 0 { return language }
        return pango_script_get_sample_language(PANGO_SCRIPT_LATIN)
    }

    /// The first font of `style`'s fontset in `language`, as `pango_font_map_load_font` picks
    /// it (which takes the context's language); referenced.
    private func firstFont(_ style: TextStyle, in language: OpaquePointer?) -> UnsafeMutablePointer<PangoFont>? {
        guard let fontset = pango_font_map_load_fontset(fontMap, context, FontDescriptionCache.shared(style), language) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
        var first: UnsafeMutablePointer<PangoFont>?
        pango_fontset_foreach(fontset, { _, font, data in
            data!.assumingMemoryBound(to: UnsafeMutablePointer<PangoFont>?.self).pointee = font
            return 1
        }, &first)
        if let first { g_object_ref(UnsafeMutableRawPointer(first)) }
        return first
    }

    /// The font Pango picks for `style`'s Latin text (whose key is `key`) when it has the
    /// characters: what the ASCII, digit and feature checks read. Looked up in that text's
    /// language, which orders the fonts of a family list too, so that the fontset is the one
    /// the layouts use, which fontconfig matches and sorts once. Kept, and referenced, as long
    /// as the context.
    func primaryFont(_ key: FontKey, _ style: TextStyle) -> PrimaryFont? {
        if let known = primaryFonts[key] { return known }
        guard let loaded = firstFont(style, in: latinLanguage(of: style)) else { return nil }
        var ascii: (low: UInt64, high: UInt64) = (0, 0)
        for character in UInt32(0)..<128 {
            let present = character < 0x20 || character == 0x7F || pango_font_has_char(loaded, character) != 0
            guard present else { continue }
            if character < 64 { ascii.low |= 1 << character } else { ascii.high |= 1 << (character - 64) }
        }
        let font = PrimaryFont(font: OpaquePointer(loaded), ascii: ascii)
        primaryFonts[key] = font
        return font
    }

    private struct TakenKey: Hashable {
        var font: OpaquePointer
        var scalar: UInt32
    }

    private var takenCache: [TakenKey: Bool] = [:]

    /// Whether Pango lays out every character of `text` in `primary`, as it does when the font
    /// has it, unless it is an emoji (laid out in an emoji font when one is installed) or of a
    /// script other than Latin (whose language may order the fallbacks differently).
    func font(_ primary: PrimaryFont, takes text: Substring) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 && primary.hasASCII($0) }) { return true }
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                guard primary.hasASCII(UInt8(scalar.value)) else { return false }
                continue
            }
            let key = TakenKey(font: primary.font, scalar: scalar.value)
            if let known = takenCache[key] {
                guard known else { return false }
                continue
            }
            let script = g_unichar_get_script(scalar.value)
            let taken = !scalar.properties.isEmoji
                && [G_UNICODE_SCRIPT_LATIN, G_UNICODE_SCRIPT_COMMON, G_UNICODE_SCRIPT_INHERITED].contains(script)
                && pango_font_has_char(UnsafeMutablePointer<PangoFont>(primary.font), scalar.value) != 0
            takenCache[key] = taken
            guard taken else { return false }
        }
        return true
    }

    private var digitsCache: [FontKey: Bool] = [:]

    /// Whether the digits 0–9 of the font Pango picks for `style` all advance by the same width.
    func digitsShareOneWidth(_ style: TextStyle) -> Bool {
        let key = FontKey(style)
        if let known = digitsCache[key] { return known }
        let shared = measureDigits(style)
        digitsCache[key] = shared
        return shared
    }

    private func measureDigits(_ style: TextStyle) -> Bool {
        guard let font = primaryFont(FontKey(style), style)?.font else { return false }
        let hbFont = pango_font_get_hb_font(UnsafeMutablePointer<PangoFont>(font))
        var widths = Set<Int32>()
        for digit in UInt32(0x30)...UInt32(0x39) {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(hbFont, digit, &glyph) != 0 else { return false }
            widths.insert(hb_font_get_glyph_h_advance(hbFont, glyph))
        }
        return widths.count == 1
    }

}
