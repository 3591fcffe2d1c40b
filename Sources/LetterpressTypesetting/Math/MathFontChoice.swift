import CPangoCairo
import Foundation
import LetterpressCore
import LetterpressMath
import LetterpressStyling

/// The theme's math font: the first of its families that fontconfig finds with an OpenType
/// MATH table, opened for layout (once per process) and for drawing (as Pango would draw it).
struct MathFontChoice {
    let font: MathFont
    /// The face and rasterizer options glyph runs of the font are drawn with, at 1 pt.
    let drawing: DrawingFont

    /// The size the drawing font is looked up at: any will do, its matrix is scaled.
    private static let probeSize = 10.0

    /// The first of `families` that is a math font, or the reason none is, as an error of the
    /// theme named `theme`.
    static func choose(_ families: [String], theme: String, fonts: FontContext) -> Result<MathFontChoice, MathFontProblem> {
        var problems: [String] = []
        var refused = false
        for family in families {
            // fontconfig would stand another font in for a family that is not installed.
            guard fonts.isInstalled(family) else {
                problems.append("'\(family)' is not installed")
                continue
            }
            let style = TextStyle(fontFamilies: [family], size: probeSize)
            guard let primary = fonts.primaryFont(FontKey(style), style),
                  let drawing = fonts.drawingFont(UnsafeMutablePointer<PangoFont>(primary.font)) else { continue }
            do {
                let font = try MathFont.opened(file: drawing.face.file, index: drawing.face.index)
                let unit = FontMatrix(xx: drawing.matrix.xx / probeSize, yx: drawing.matrix.yx / probeSize,
                                      xy: drawing.matrix.xy / probeSize, yy: drawing.matrix.yy / probeSize, x0: 0, y0: 0)
                return .success(MathFontChoice(font: font, drawing: DrawingFont(face: drawing.face, matrix: unit, options: drawing.options)))
            } catch {
                refused = true
                problems.append("'\(family)' has no OpenType MATH table")
            }
        }
        let tried = problems.isEmpty ? "it names none" : problems.joined(separator: "; ")
        return .failure(MathFontProblem(theme: theme, tried: tried, refused: refused))
    }
}

/// Why a theme's formulas have no math font: a family it names is not a math font (the theme is
/// wrong: an error), or none it names is installed (the machine lacks them: the formulas are
/// shown as their plain reading, with a warning).
struct MathFontProblem: Error {
    let theme: String
    let tried: String
    /// Whether an installed family was refused for having no MATH table.
    let refused: Bool

    private static let advice = "a math font such as Latin Modern Math or TeX Gyre Termes Math, from Debian's fonts-lmodern and fonts-texgyre-math, is needed"

    var error: LetterpressError {
        .invalidTheme(file: "theme '\(Excerpt.name(theme))'", location: nil,
                      message: "math.font: no math font to set the formulas in: \(tried) (\(Self.advice))")
    }

    func warning(file: String) -> Warning {
        Warning(code: .mathFontMissing, file: file, message: "no math font is installed for the theme '\(Excerpt.name(theme))' (\(tried)): formulas are shown as their plain text; \(Self.advice)",
                kind: "problems in formulas")
    }
}
