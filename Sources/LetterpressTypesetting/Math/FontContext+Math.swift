import Foundation
import LetterpressCore
import LetterpressMath

extension FontContext {
    /// The first of `families` that is a math font, looked up once per context (the font
    /// itself is opened once per process); the error names the theme.
    func mathFont(_ families: [String], theme: String) -> Result<MathFontChoice, MathFontProblem> {
        if let known = mathFonts[families] { return known }
        let chosen = MathFontChoice.choose(families, theme: theme, fonts: self)
        mathFonts[families] = chosen
        return chosen
    }

    /// The font a formula's glyph run is drawn in at `size`: the math font, or the fallback
    /// font `reference` names; made once per face and size, so that runs share it (and the
    /// drawer finds its Cairo face by identity).
    func formulaDrawingFont(_ reference: FontFileReference?, size: Double, math: MathFontChoice) -> DrawingFont? {
        guard let unit = reference.map({ formulaTextFonts[$0] }) ?? math.drawing else { return nil }
        let key = SizedFace(face: unit.face, size: size)
        if let known = formulaDrawingFonts[key] { return known }
        let matrix = unit.matrix
        let made = DrawingFont(face: unit.face, matrix: FontMatrix(xx: matrix.xx * size, yx: matrix.yx * size, xy: matrix.xy * size,
                                                                   yy: matrix.yy * size, x0: 0, y0: 0),
                               options: unit.options)
        formulaDrawingFonts[key] = made
        return made
    }
}

/// A face at a size: what a formula's drawing font is kept by.
struct SizedFace: Hashable {
    var face: FontFace
    var size: Double
}
