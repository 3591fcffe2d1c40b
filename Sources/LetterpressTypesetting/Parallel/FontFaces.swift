import CPangoCairo
import Foundation
import LetterpressStyling

/// Opens the font files a second typesetting thread needs before it starts, and keeps them
/// open while it works.
///
/// Cairo 1.16 keeps at most ten FreeType faces open in a process: opening an eleventh closes
/// an unlocked one, and it opens and closes faces without serialising FreeType's library. A
/// thread that opens or closes a face while another lays out or draws text crashes the process
/// (two threads laying out text in a dozen fonts did in one run of five). A layout whose fonts'
/// faces are all open opens and closes none: so the faces of everything a helper thread will
/// lay out are opened while the main thread waits, and the helper goes ahead only if they fit
/// under Cairo's limit.
enum FontFaces {
    /// Cairo's `MAX_OPEN_FACES`.
    static let openLimit = 10

    /// The fonts Pango picks for `texts` from `context`'s font map, referenced until `release`:
    /// the fonts of their styles, and for text those lack a character of, the fonts itemizing
    /// it as a layout does picks; then the fonts Pango measures each of those fonts' and
    /// styles' line metrics with (a sample sentence of the language, which may fall back to
    /// other fonts). A font's own metrics are measured as `_pango_cairo_font_get_metrics` does,
    /// in a new context of the font map with the language and the font's options: so these
    /// look-ups are the ones the layouts then make, and fontconfig answers each once. None of
    /// this loads a face, so it may run beside another thread's layout.
    static func fonts(for texts: [StyledText], in context: FontContext) -> [OpaquePointer] {
        var fonts: [OpaquePointer] = []
        var seen = Set<OpaquePointer>()
        func add(_ font: OpaquePointer) {
            guard seen.insert(font).inserted else { return }
            g_object_ref(UnsafeMutableRawPointer(font))
            fonts.append(font)
        }
        var styles = Set<FontKey>()
        var descriptions: [OpaquePointer] = []
        var languages = [pango_context_get_language(context.context)].compactMap { $0 }
        func primary(_ style: TextStyle) -> FontContext.PrimaryFont? {
            let key = FontKey(style)
            if styles.insert(key).inserted { descriptions.append(FontDescriptionCache.shared(style)) }
            let primary = context.primaryFont(key, style)
            primary.map { add($0.font) }
            return primary
        }
        for text in texts {
            // The paragraph's style sets the height of an empty line, and covers what no run does.
            let base = text.base ?? text.runs.first?.style
            let basePrimary = base.flatMap(primary)
            let runPrimaries = text.runs.compactMap { primary($0.style) }
            // A style in a language without Latin letters (`ja`) has its Latin text looked up in
            // English but its digits and punctuation alone in its own language: only itemizing says which.
            let textStyles = [base].compactMap { $0 } + text.runs.map(\.style)
            let ownLanguages = textStyles.map { context.language(of: $0) }
            let allTaken = (base == nil || basePrimary != nil) && runPrimaries.count == text.runs.count
                && zip(textStyles, ownLanguages).allSatisfy { context.latinLanguage(of: $0) == $1 }
                && (text.string.isEmpty || primaryFontsTake(text, base: basePrimary, runs: runPrimaries, in: context))
            if allTaken {
                // Not itemized: Pango measures the runs in their styles' languages.
                for case let language? in ownLanguages where !languages.contains(language) { languages.append(language) }
            } else {
                itemize(text.string, attributes: PangoAttributes.list(for: text), base: base, in: context.context) { font, language in
                    add(font)
                    if let language, !languages.contains(language) { languages.append(language) }
                }
            }
        }
        // A style's line metrics are measured in the context, a font's own in one Pango makes for it.
        func addMetricsFonts(_ description: OpaquePointer, ofFont: Bool) {
            for language in languages {
                let sample = String(cString: pango_language_get_sample_string(language))
                let measuring = ofFont ? metricsContext(language: language, in: context) : nil
                defer { measuring.map { g_object_unref(UnsafeMutableRawPointer($0)) } }
                itemize(sample, attributes: pango_attr_list_new()!, description: description,
                        in: measuring ?? context.context) { font, _ in add(font) }
            }
        }
        for description in descriptions { addMetricsFonts(description, ofFont: false) }
        var measured = 0
        while measured < fonts.count {
            let description = pango_font_describe_with_absolute_size(UnsafeMutablePointer<PangoFont>(fonts[measured]))!
            addMetricsFonts(description, ofFont: true)
            pango_font_description_free(description)
            measured += 1
        }
        return fonts
    }

    /// The context Pango measures a font's metrics in (`_pango_cairo_font_get_metrics`): a new
    /// one of the font map (at its resolution, 96 dpi, not the typesetting context's 72), in
    /// `language`, with the font's options. Those are the typesetting context's, which all the
    /// fonts found come from (they are the key of its fonts): the font's own would be read from
    /// its scaled font, whose making opens its face. Released by the caller.
    static func metricsContext(language: OpaquePointer, in context: FontContext) -> OpaquePointer {
        let measuring = pango_font_map_create_context(context.fontMap)!
        pango_context_set_language(measuring, language)
        pango_cairo_context_set_font_options(measuring, pango_cairo_context_get_font_options(context.context))
        return measuring
    }

    /// Whether the fonts of `text`'s styles (`base`, and `runs` for its runs) have all its
    /// characters and those are ones Pango takes from them (see `FontContext.font(_:takes:)`).
    private static func primaryFontsTake(_ text: StyledText, base: FontContext.PrimaryFont?, runs: [FontContext.PrimaryFont],
                                         in context: FontContext) -> Bool {
        let bytes = text.string.utf8
        var covered = 0
        for (run, font) in zip(text.runs, runs) {
            let start = bytes.index(bytes.startIndex, offsetBy: min(run.range.lowerBound, bytes.count))
            let end = bytes.index(bytes.startIndex, offsetBy: min(run.range.upperBound, bytes.count))
            guard context.font(font, takes: Substring(bytes[start..<end])) else { return false }
            covered = run.range.lowerBound == covered ? run.range.upperBound : -1
        }
        guard covered != bytes.count else { return true }
        guard let base else { return false }
        return context.font(base, takes: Substring(text.string))
    }

    /// Itemizes `string` as a layout of the Pango context `context` whose font is `base`'s (or
    /// `description`) does, and hands each item's font and language to `found`. Takes `attributes`.
    private static func itemize(_ string: String, attributes: OpaquePointer, base: TextStyle? = nil,
                                description: OpaquePointer? = nil, in context: OpaquePointer,
                                _ found: (OpaquePointer, OpaquePointer?) -> Void) {
        defer { pango_attr_list_unref(attributes) }
        if let whole = (description ?? base.map(FontDescriptionCache.shared)).flatMap({ pango_attr_font_desc_new($0) }) {
            whole.pointee.start_index = 0
            whole.pointee.end_index = UInt32.max
            pango_attr_list_insert_before(attributes, whole)
        }
        let items = pango_itemize(context, string, 0, Int32(string.utf8.count), attributes, nil)
        defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        var node = items
        while let item = node {
            let analysis = item.pointee.data!.assumingMemoryBound(to: PangoItem.self).pointee.analysis
            if let font = analysis.font { found(OpaquePointer(font), analysis.language) }
            node = item.pointee.next
        }
    }

    /// The font files (file and face index) of `fonts`.
    static func files(of fonts: [OpaquePointer]) -> Set<String> {
        Set(fonts.compactMap(file))
    }

    /// `font`'s file and face index, as `path#index`.
    private static func file(of font: OpaquePointer) -> String? {
        guard let pattern = pango_fc_font_get_pattern(UnsafeMutablePointer<PangoFcFont>(font)) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return "\(String(cString: file))#\(index)"
    }

    /// Opens the faces of `fonts` (Pango fonts of a Cairo font map) and returns whether they
    /// were all open at the end; false, opening none, when they are more than Cairo keeps open.
    /// Each face stays locked until all are open, as Cairo closes only unlocked faces to open
    /// another. Call while no other thread lays out or draws text (see `FaceOpening`).
    static func holdOpen(_ fonts: [OpaquePointer]) -> Bool {
        var byFile: [String: OpaquePointer] = [:]
        for font in fonts {
            guard let file = file(of: font) else { return false }
            byFile[file] = byFile[file] ?? font
        }
        guard byFile.count <= openLimit else { return false }
        // One scaled font per file: a face is locked with a mutex of its file's, which a second
        // lock from this thread would wait for.
        var locked: [OpaquePointer] = []
        defer { locked.forEach { cairo_ft_scaled_font_unlock_face($0) } }
        for font in byFile.values {
            guard let scaled = pango_cairo_font_get_scaled_font(font), cairo_scaled_font_get_type(scaled) == CAIRO_FONT_TYPE_FT,
                  cairo_ft_scaled_font_lock_face(scaled) != nil else { return false }
            locked.append(scaled)
        }
        return true
    }

    static func release(_ fonts: [OpaquePointer]) {
        for font in fonts { g_object_unref(UnsafeMutableRawPointer(font)) }
    }
}
