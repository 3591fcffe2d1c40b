import CPangoCairo
import Foundation
import LetterpressMath
import LetterpressStyling

/// The fonts for the characters of formulas the math font lacks (Chinese in `\text{若}`): the
/// font Pango would set each in, in the text around the formula, remembered per character.
///
/// Unchecked: a layout holding it is made and used on the collector's thread, which owns the
/// font context this asks; nothing else reaches it.
final class FormulaFallbackFonts: MathFallbackFonts, @unchecked Sendable {
    private let fonts: FontContext
    private let style: TextStyle
    private var found: [Unicode.Scalar: FontFileReference?] = [:]

    init(fonts: FontContext, style: TextStyle) {
        self.fonts = fonts
        self.style = style
    }

    func font(for scalar: Unicode.Scalar) -> FontFileReference? {
        if let known = found[scalar] { return known }
        let font = fonts.textFont(for: scalar, style: style)
        found[scalar] = font
        return font
    }
}

extension FontContext {
    /// The font Pango picks for `scalar` in text styled `style`, when one has it; its drawing
    /// values are kept at 1 pt in `formulaTextFonts`, for the runs laid out in it.
    func textFont(for scalar: Unicode.Scalar, style: TextStyle) -> FontFileReference? {
        guard let fontset = pango_font_map_load_fontset(fontMap, context, FontDescriptionCache.shared(style), pango_language_get_default()),
              let font = pango_fontset_get_font(fontset, scalar.value) else { return nil }
        defer {
            g_object_unref(UnsafeMutableRawPointer(font))
            g_object_unref(UnsafeMutableRawPointer(fontset))
        }
        guard pango_font_has_char(font, scalar.value) != 0, let drawing = drawingFont(font) else { return nil }
        let reference = FontFileReference(file: drawing.face.file, index: drawing.face.index)
        if formulaTextFonts[reference] == nil {
            let size = drawing.matrix.yy == 0 ? 1 : drawing.matrix.yy
            formulaTextFonts[reference] = DrawingFont(
                face: drawing.face, matrix: FontMatrix(xx: drawing.matrix.xx / size, yx: drawing.matrix.yx / size, xy: drawing.matrix.xy / size,
                                                      yy: 1, x0: 0, y0: 0),
                options: drawing.options)
        }
        return reference
    }
}
