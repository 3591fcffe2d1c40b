import Foundation

/// A font as a drawing surface needs it: the face, its matrix (size, synthetic slant) and the
/// rasterizer's options. Immutable and shared by the runs in the font, which keep a reference.
package final class DrawingFont: Sendable, Hashable {
    package let face: FontFace
    package let matrix: FontMatrix
    package let options: FontOptions

    package init(face: FontFace, matrix: FontMatrix, options: FontOptions) {
        self.face = face
        self.matrix = matrix
        self.options = options
    }

    package static func == (left: DrawingFont, right: DrawingFont) -> Bool {
        left === right || (left.face, left.matrix, left.options) == (right.face, right.matrix, right.options)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(matrix)
        hasher.combine(options)
    }
}

/// A font file's face, with the fontconfig properties that change how its glyphs are drawn
/// (synthetic bold, hinting, variations).
package struct FontFace: Sendable, Hashable {
    package var file: String
    package var index: Int
    /// Family and style, such as `DejaVu Sans Bold`.
    package var name: String
    /// Fontconfig's name syntax for the file, index and drawing properties: the drawer opens
    /// the face from it.
    package var pattern: String
}

/// An affine matrix, as Cairo's `cairo_matrix_t`.
package struct FontMatrix: Sendable, Hashable {
    package var xx, yx, xy, yy, x0, y0: Double
}

/// How glyph outlines are rasterized, as Cairo's font options.
package struct FontOptions: Sendable, Hashable {
    package var antialias: UInt32
    package var subpixelOrder: UInt32
    package var hintStyle: UInt32
    package var hintMetrics: UInt32
}
