import CPangoCairo
import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A helper thread lays out the headings and paragraphs at the end of a long document only once
/// the font files of all it will lay out are open, and only if they fit under Cairo 1.16's ten open faces (see
/// `FontFaces`): otherwise opening one face closes another under the other thread's feet.
@Suite(.fontWork) struct FontFacesTests {
    /// Every kind of block, a list in a quote, fallback fonts for Chinese, Greek and symbols,
    /// inline fonts, an image with a caption and one that cannot be loaded. Only the code block
    /// is in the monospaced font, and only the caption in italics.
    static let mixed = """
        # Heading with 中文

        A paragraph with **strong**, ^[Liberation Sans](font: 'Liberation Sans') and ✓ ☔ ⌘.

        - bullet one
          - nested bullet with Ελληνικά
            - third level
        - [x] a task

        7. seventh
        8. eighth

        > A quote
        >
        > - with a list in it
        > 1. and numbers

        ```
        let code = "in the code font" // 注释
        ```

        | Name | Value |
        |:-----|------:|
        | α    | 1,234 |

        ![](two-tone.png "A caption in italics")

        ![missing picture](nowhere.png)

        ---

        A last paragraph in ^[URW Gothic](font: 'URW Gothic').
        """

    /// The helper finds the fonts of the headings and paragraphs it will lay out from their
    /// settings, and lays them out with those settings: it must open no other font.
    @Test func theFontsFoundBeforehandIncludeEveryFontTheLayoutsUse() throws {
        let theme = TestSupport.defaultTheme
        let document = try TestSupport.parse(Self.mixed + "\n\nGreek Ελληνικά, 中文 and ✓ in a last paragraph.")
        var warnings: [Warning] = []
        let blocks = Styler(theme: theme).style(document.blocks, paragraph: theme.body.text, warnings: &warnings)
        let column = Column(x: 72, width: 450)
        let settings = ParagraphSetting.all(in: blocks, styles: theme.layout, column: column, context: .init(paragraph: theme.body))
        #expect(settings.count >= 6)
        let sources = settings.map { $0.setting.source() }
        let fonts = FontContext()
        let found = FontFaces.fonts(for: sources.map(\.text), in: fonts)
        defer { FontFaces.release(found) }
        let foundFiles = Set(FontFaces.files(of: found).map { String($0.prefix { $0 != "#" }) })

        var usedFiles = Set<String>()
        for (setting, source) in zip(settings.map(\.setting), sources) {
            for line in setting.lines(of: source, fonts: fonts) {
                for case let .text(text) in line.box.items { usedFiles.formUnion(text.runs.map(\.font.face.file)) }
            }
        }
        #expect(usedFiles.count >= 4)
        #expect(usedFiles.contains { $0.contains("wqy") } && usedFiles.contains { $0.contains("Liberation") })
        #expect(usedFiles.subtracting(foundFiles).isEmpty, "laid out in fonts not found beforehand")
    }

    /// The first item of `text` laid out in `style` on one line.
    private static func firstItem(_ text: String, style: TextStyle, fonts: FontContext) throws -> PangoItem {
        let layout = TextLayout(StyledText(text, style: style), width: nil, align: .left, lineHeight: 1, context: fonts)
        let runs = try #require(layout.line(at: 0).pointee.runs)
        return try #require(runs.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item).pointee
    }

    /// Loading a style's font from the context (`primaryFont`, which the ASCII and feature
    /// checks read) asks fontconfig the question its layouts ask: the font is looked up in the
    /// language layouts itemize its text in. `pango_font_map_load_font` would take the
    /// context's own language, which must then be set: without it, each style cost one more
    /// fontconfig match and sort (some 5M instructions), a fontset without a language beside
    /// the layouts' fontset.
    @Test(arguments: [false, true]) func fontsLoadedFromTheContextShareTheLayoutsFontset(italic: Bool) throws {
        let fonts = FontContext()
        // Pango's own look-ups through the context (an empty line's font) take its language.
        #expect(pango_context_get_language(fonts.context) == pango_language_get_default())
        var style = TestSupport.defaultTheme.body.text
        style.italic = italic
        let primary = try #require(fonts.primaryFont(FontKey(style), style))
        let item = try Self.firstItem("Plain words", style: style, fonts: fonts)
        #expect(OpaquePointer(item.analysis.font) == primary.font)
        let description = FontDescriptionCache.shared(style)
        let laidOut = try #require(pango_font_map_load_fontset(fonts.fontMap, fonts.context, description, item.analysis.language))
        let loaded = try #require(pango_font_map_load_fontset(fonts.fontMap, fonts.context, description, fonts.latinLanguage(of: style)))
        defer { g_object_unref(laidOut); g_object_unref(loaded) }
        #expect(laidOut == loaded)
    }

    /// A style with a language of its own is laid out in that language (see `PangoAttributes`),
    /// and fontconfig orders a family list by the language too: the first font of `sans-serif`
    /// in Japanese is a Japanese font, not DejaVu Sans. Latin text, which the style's
    /// first-choice font is for (the ASCII, digit and feature checks), is laid out in that
    /// language where it has Latin letters (`de`), else in English; the first-choice font is
    /// looked up in the same language, so that it is the font of that text, from the same fontset.
    @Test(arguments: ["de", "ja", "ru", "ar"]) func aStyleInALanguageOfItsOwnHasTheFontsItsTextIsLaidOutIn(tag: String) throws {
        let fonts = FontContext()
        var style = TestSupport.defaultTheme.body.text
        style.fontFamilies = ["sans-serif"]
        style.language = LanguageTag(parsing: tag)
        let primary = try #require(fonts.primaryFont(FontKey(style), style))
        let latin = try Self.firstItem("Plain words", style: style, fonts: fonts)
        #expect(OpaquePointer(latin.analysis.font) == primary.font)
        #expect(latin.analysis.language == fonts.latinLanguage(of: style))
        let description = FontDescriptionCache.shared(style)
        let laidOut = try #require(pango_font_map_load_fontset(fonts.fontMap, fonts.context, description, latin.analysis.language))
        let loaded = try #require(pango_font_map_load_fontset(fonts.fontMap, fonts.context, description, fonts.latinLanguage(of: style)))
        defer { g_object_unref(laidOut); g_object_unref(loaded) }
        #expect(laidOut == loaded)
        let own = try Self.firstItem(["de": "Deutsche Wörter", "ja": "日本語の文", "ru": "Русский текст", "ar": "نص عربي"][tag]!,
                                     style: style, fonts: fonts)
        #expect(own.analysis.language == fonts.language(of: style))
        if tag == "ja" {
            // The case the language decides: sans-serif is a Japanese font in Japanese.
            try #require(OpaquePointer(own.analysis.font) != primary.font, "no Japanese font is installed")
        }
    }

    /// The helper finds the fonts of a paragraph its first-choice fonts take without itemizing
    /// it, unless its style's language has no Latin letters: digits alone in a Japanese style
    /// are laid out in Japanese, in the Japanese font of sans-serif, not the English one.
    @Test func digitsInAJapaneseStyleHaveTheirFontFoundBeforehand() throws {
        let fonts = FontContext()
        var style = TestSupport.defaultTheme.body.text
        style.fontFamilies = ["sans-serif"]
        style.language = LanguageTag(parsing: "ja")
        let digits = StyledText("2024 12:30", style: style)
        let found = FontFaces.fonts(for: [digits], in: fonts)
        defer { FontFaces.release(found) }
        let item = try Self.firstItem(digits.string, style: style, fonts: fonts)
        #expect(item.analysis.language == fonts.language(of: style))
        #expect(found.contains(OpaquePointer(item.analysis.font)))
    }

    /// A font's own metrics are looked up as Pango looks them up (`_pango_cairo_font_get_metrics`):
    /// in a new context of the font map, at its resolution (96 dpi, where the typesetting
    /// context has 72), in the language, with the font's options, which are the typesetting
    /// context's. Another resolution or other options ask fontconfig another question, a match
    /// and sort more for each font (some 5M instructions).
    @Test func aFontsMetricsAreLookedUpInTheContextPangoMeasuresThemIn() throws {
        let fonts = FontContext()
        let style = TestSupport.defaultTheme.body.text
        let font = try #require(fonts.primaryFont(FontKey(style), style)).font
        let language = try #require(pango_language_from_string("de"))
        let measuring = FontFaces.metricsContext(language: language, in: fonts)
        defer { g_object_unref(UnsafeMutableRawPointer(measuring)) }
        #expect(pango_context_get_language(measuring) == language)
        #expect(pango_cairo_context_get_resolution(measuring) < 0, "the font map's resolution")
        let fontOptions = cairo_font_options_create()
        defer { cairo_font_options_destroy(fontOptions) }
        cairo_scaled_font_get_font_options(pango_cairo_font_get_scaled_font(font), fontOptions)
        let options = try #require(pango_cairo_context_get_font_options(measuring))
        #expect(cairo_font_options_equal(options, fontOptions) != 0, "the font's options")
        // So are those of every font the helper finds, fallbacks and metrics' fonts included.
        let document = try TestSupport.parse(Self.mixed)
        var warnings: [Warning] = []
        let theme = TestSupport.defaultTheme
        let blocks = Styler(theme: theme).style(document.blocks, paragraph: theme.body.text, warnings: &warnings)
        let texts = ParagraphSetting.all(in: blocks, styles: theme.layout, column: Column(x: 72, width: 450),
                                         context: .init(paragraph: theme.body)).map { $0.setting.source().text }
        let found = FontFaces.fonts(for: texts, in: fonts)
        defer { FontFaces.release(found) }
        #expect(found.count > 3)
        for font in found {
            cairo_scaled_font_get_font_options(pango_cairo_font_get_scaled_font(font), fontOptions)
            #expect(cairo_font_options_equal(options, fontOptions) != 0)
        }
    }

    @Test func aFewFacesAreHeldOpenButNotMoreThanCairoKeeps() throws {
        let fonts = FontContext()
        func styles(_ families: [String]) -> [StyledText] {
            families.map { family in
                var style = TestSupport.defaultTheme.body.text
                style.fontFamilies = [family]
                return StyledText("Text in \(family)", style: style)
            }
        }
        let few = FontFaces.fonts(for: styles(["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"]), in: fonts)
        defer { FontFaces.release(few) }
        #expect(FontFaces.files(of: few).count == 3)
        #expect(FontFaces.holdOpen(few))

        let many = FontFaces.fonts(for: styles(Self.manyFamilies), in: fonts)
        defer { FontFaces.release(many) }
        #expect(FontFaces.files(of: many).count > FontFaces.openLimit)
        #expect(!FontFaces.holdOpen(many))
    }

    static let manyFamilies = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono", "Liberation Sans", "Liberation Serif",
                               "Liberation Mono", "Nimbus Roman", "Nimbus Sans", "C059", "P052", "URW Bookman",
                               "URW Gothic", "Comfortaa", "Inter"]

    /// A long document in few fonts is laid out on two threads; one in more font files than
    /// Cairo keeps open, on one. Both give the pages of one thread. The stream is filled before
    /// typesetting starts, and the first thread waits for the second to decide.
    @Test(arguments: [false, true]) func aLongDocumentUsesTheHelperOnlyWhenItsFontsFit(manyFonts: Bool) throws {
        let paragraphs = (0..<200).map { index in
            let family = manyFonts ? Self.manyFamilies[index % Self.manyFamilies.count] : "DejaVu Serif"
            return "Paragraph \(index) in ^[\(family)](font: '\(family)'), with *emphasis* and enough words to fill a line or two."
        }
        let document = try TestSupport.parse("# Fonts\n\n" + paragraphs.joined(separator: "\n\n"))
        let theme = TestSupport.defaultTheme
        let geometry = PageGeometry(size: .a4, margins: Margins(top: 72, right: 72, bottom: 72, left: 72))
        let alone = try PageTypesetter(geometry: geometry, fonts: FontContext())
            .typeset(TestSupport.styled(document, theme: theme, file: "fonts.md"), baseURL: nil, file: "fonts.md")

        var warnings: [Warning] = []
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        stream.send(Styler(theme: theme).style(document.blocks, paragraph: theme.body.text, warnings: &warnings))
        stream.finish(.init(footnotes: [], warnings: warnings))
        let helper = Thread { stream.help() }
        helper.start()
        var pages: [Page] = []
        var typesetter = PageTypesetter(geometry: geometry, fonts: FontContext())
        typesetter.waitsForHelper = true
        let outcome = try typesetter.typeset(stream, frontMatter: document.frontMatter,
                                             resources: Resources(file: "fonts.md", folder: nil)) {
            pages.append($0)
        }

        #expect((outcome.timings.typesetBeside > 0) == !manyFonts)
        #expect(pages.count == alone.pages.count && alone.pages.count > 5)
        let lines = { (pages: [Page]) in
            pages.map { $0.items.compactMap { item -> String? in
                guard case let .text(line) = item else { return nil }
                return "\(line.string)@\(line.origin.x),\(line.origin.y)"
            } }
        }
        #expect(lines(pages) == lines(alone.pages))
    }
}
