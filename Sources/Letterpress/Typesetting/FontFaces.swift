import CPangoCairo
import Foundation

/// Opens the font files a second typesetting thread needs before it starts, and keeps them
/// open while it works.
///
/// Cairo 1.16 keeps at most ten FreeType faces open in a process: opening an eleventh closes
/// an unlocked one, and it opens and closes faces without serialising FreeType's library. A
/// thread that opens or closes a face while another lays out or draws text crashes the process
/// (two threads laying out text in a dozen fonts did in one run of five). Layout opens no face
/// once every face it needs is open: so the faces of the text a helper thread will lay out are
/// opened while the main thread waits, and the helper goes ahead only if they all fit under
/// Cairo's limit and a whole pass over them finds every one still open.
enum FontFaces {
    /// Cairo's `MAX_OPEN_FACES`.
    static let openLimit = 10

    /// Set in the client field of each face found open, so that a face closed and opened again
    /// (a new `FT_FaceRec`, whose field FreeType clears) is told apart from one left open, even
    /// at the same address.
    nonisolated(unsafe) private static let mark = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

    /// The fonts Pango picks for `texts`, fallbacks included, from `context`'s font map: for
    /// text its styles' fonts have every character of, those fonts; for other text, the fonts
    /// itemizing it as a layout does picks. Neither loads a face, so this may run beside
    /// another thread's layout. The fonts are referenced until `release`.
    static func fonts(for texts: [StyledText], in context: FontContext) -> [OpaquePointer] {
        var fonts: [OpaquePointer] = []
        var seen = Set<OpaquePointer>()
        func add(_ font: OpaquePointer) {
            guard seen.insert(font).inserted else { return }
            g_object_ref(UnsafeMutableRawPointer(font))
            fonts.append(font)
        }
        for text in texts where !text.string.isEmpty {
            if let primaries = primaryFonts(of: text, in: context) {
                primaries.forEach(add)
            } else {
                itemizedFonts(of: text, in: context).forEach(add)
            }
        }
        return fonts
    }

    /// The fonts of `text`'s styles, when they have all its characters and those are ones
    /// Pango takes from them (see `FontContext.PrimaryFont.takes`); nil otherwise.
    private static func primaryFonts(of text: StyledText, in context: FontContext) -> [OpaquePointer]? {
        let bytes = text.string.utf8
        var fonts: [OpaquePointer] = []
        var covered = 0
        for run in text.runs {
            guard let font = context.primaryFont(run.style) else { return nil }
            let start = bytes.index(bytes.startIndex, offsetBy: min(run.range.lowerBound, bytes.count))
            let end = bytes.index(bytes.startIndex, offsetBy: min(run.range.upperBound, bytes.count))
            guard context.font(font, takes: Substring(bytes[start..<end])) else { return nil }
            fonts.append(font.font)
            covered = run.range.lowerBound == covered ? run.range.upperBound : -1
        }
        // The paragraph's font sets the height of an empty line, and is that of any text no
        // run covers.
        if let base = text.base ?? text.runs.first?.style {
            guard let font = context.primaryFont(base),
                  covered == bytes.count || context.font(font, takes: Substring(text.string)) else { return nil }
            fonts.append(font.font)
        }
        return fonts
    }

    private static func itemizedFonts(of text: StyledText, in context: FontContext) -> [OpaquePointer] {
        let attributes = PangoAttributes.list(for: text)
        defer { pango_attr_list_unref(attributes) }
        if let base = text.base ?? text.runs.first?.style {
            // Bytes no run covers take the paragraph's font, as in `TextLayout`.
            let whole = pango_attr_font_desc_new(FontDescriptionCache.shared(base))!
            whole.pointee.start_index = 0
            whole.pointee.end_index = UInt32.max
            pango_attr_list_insert_before(attributes, whole)
        }
        let items = pango_itemize(context.context, text.string, 0, Int32(text.string.utf8.count), attributes, nil)
        defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        var fonts: [OpaquePointer] = []
        var node = items
        while let item = node {
            if let font = item.pointee.data?.assumingMemoryBound(to: PangoItem.self).pointee.analysis.font {
                fonts.append(OpaquePointer(font))
            }
            node = item.pointee.next
        }
        return fonts
    }

    /// The font files (file and face index) of `fonts`.
    static func files(of fonts: [OpaquePointer]) -> Set<String> {
        Set(fonts.compactMap { font in
            guard let pattern = pango_fc_font_get_pattern(UnsafeMutablePointer<PangoFcFont>(font)) else { return nil }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
            FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            return "\(String(cString: file))#\(index)"
        })
    }

    /// Opens the faces of `fonts` (Pango fonts of a Cairo font map); returns whether they fit
    /// under Cairo's limit and a whole pass found each of them open. Call while no other thread
    /// lays out or draws text (see `FaceOpening`).
    static func holdOpen(_ fonts: [OpaquePointer]) -> Bool {
        guard files(of: fonts).count <= openLimit else { return false }
        let scaledFonts = fonts.compactMap { pango_cairo_font_get_scaled_font($0) }
        guard scaledFonts.count == fonts.count,
              scaledFonts.allSatisfy({ cairo_scaled_font_get_type($0) == CAIRO_FONT_TYPE_FT }) else { return false }
        // Opening one face may close another opened earlier in the pass: a few passes settle it.
        for _ in 0..<4 {
            var allWereOpen = true
            for scaled in scaledFonts {
                guard let face = cairo_ft_scaled_font_lock_face(scaled) else { return false }
                defer { cairo_ft_scaled_font_unlock_face(scaled) }
                if face.pointee.generic.data != mark {
                    // Another client's data: the face cannot be told apart from a new one.
                    guard face.pointee.generic.data == nil, face.pointee.generic.finalizer == nil else { return false }
                    face.pointee.generic.data = mark
                    allWereOpen = false
                }
            }
            if allWereOpen { return true }
        }
        return false
    }

    static func release(_ fonts: [OpaquePointer]) {
        for font in fonts { g_object_unref(UnsafeMutableRawPointer(font)) }
    }
}

/// Keeps the main thread's layout and a helper's opening of faces apart: the main thread lays
/// out in steps, and starts none while the helper waits to open faces or opens them.
final class FaceOpening: @unchecked Sendable {
    private let condition = NSCondition()
    private var stepping = false
    private var opening = false

    /// Runs one step of the main thread's layout, once no faces are being opened.
    func step<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        while opening { condition.wait() }
        stepping = true
        condition.unlock()
        defer {
            condition.lock()
            stepping = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Runs `body` between two steps, before the next starts.
    func open<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        opening = true
        while stepping { condition.wait() }
        condition.unlock()
        defer {
            condition.lock()
            opening = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}

/// One rendering at a time in a process. Pango and Cairo 1.16 crash when two threads that lay
/// out or draw text in separate font maps need more font files than Cairo keeps open (see
/// `FontFaces`), so `Renderer.render` and `assertRendering` run inside this. Callers that use
/// `Typesetter` and `OutputWriter` themselves on several threads run those inside it too (or
/// render in separate processes, as `render --jobs` does).
public enum FontWork {
    private static let lock = NSRecursiveLock()

    public static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
