import Foundation

/// A font as a drawing surface needs it: the face, its matrix (size, synthetic slant) and the
/// rasterizer's options. Immutable and shared by the runs in the font, which keep a reference.
public final class DrawingFont: Sendable, Hashable {
    public let face: FontFace
    public let matrix: FontMatrix
    public let options: FontOptions

    public init(face: FontFace, matrix: FontMatrix, options: FontOptions) {
        self.face = face
        self.matrix = matrix
        self.options = options
    }

    public static func == (left: DrawingFont, right: DrawingFont) -> Bool {
        left === right || (left.face, left.matrix, left.options) == (right.face, right.matrix, right.options)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(matrix)
        hasher.combine(options)
    }
}

/// A font file's face, with the fontconfig properties that change how its glyphs are drawn
/// (synthetic bold, hinting, variations).
public struct FontFace: Sendable, Hashable {
    public var file: String
    public var index: Int
    /// Family and style, such as `DejaVu Sans Bold`.
    public var name: String
    /// Fontconfig's name syntax for the file, index and drawing properties: the drawer opens
    /// the face from it.
    public var pattern: String
}

/// An affine matrix, as Cairo's `cairo_matrix_t`.
public struct FontMatrix: Sendable, Hashable {
    public var xx, yx, xy, yy, x0, y0: Double
}

/// How glyph outlines are rasterized, as Cairo's font options.
public struct FontOptions: Sendable, Hashable {
    public var antialias: UInt32
    public var subpixelOrder: UInt32
    public var hintStyle: UInt32
    public var hintMetrics: UInt32
}
