import Foundation

/// One line of text as positioned glyphs: what the drawer paints, with no Pango object in it,
/// so that a page outlives the layouts it was cut from and can cross threads.
public struct TextLine: Sendable {
    /// The left end of the line's baseline on the page.
    public var origin: Point
    /// The runs of one font and colour each, left to right as Pango placed them.
    public var runs: [GlyphRun]
    /// The characters the line shows.
    public var string: String
    /// Where the line sat in the layout it was cut from.
    public var metrics: LineMetrics
}

extension Page {
    /// The characters of the page's text that no installed font has.
    var missingCharacters: Set<Unicode.Scalar> {
        var found = Set<Unicode.Scalar>()
        for case let .text(line) in items {
            for run in line.runs where !run.missing.isEmpty {
                found.formUnion(run.missing.compactMap { Unicode.Scalar($0.character) })
            }
        }
        return found
    }
}

/// Glyphs of one font and one colour.
///
/// Positions are kept as Pango computes them, in Pango units (1/1024 pt), and converted and
/// added to the origin in Pango's order when drawn, so that the drawn bytes do not depend on
/// whether a page was painted from a layout or from these values. A page whose header or
/// footer shows the page count waits for the document's end, so runs are kept small.
public struct GlyphRun: Sendable {
    public var font: DrawingFont
    /// The colour the glyphs are painted in; nil keeps the surface's current colour.
    public var color: Color?
    /// Where the run starts from the line's origin, in Pango units: y is negative for a
    /// raised run.
    public var x: Int32
    public var y: Int32
    public var glyphs: Glyphs
    /// Characters no installed font has, drawn as boxes holding their code points.
    public var missing: [MissingGlyph]
    /// The run's text and how its bytes map to glyphs, for PDF text extraction.
    public var utf8: [UInt8]
    public var clusters: TextClusters
    /// Right-to-left: clusters run backwards through the text.
    public var isBackward: Bool
}

/// A glyph of a run's font, placed from the run's start in Pango units.
public struct Glyph: Sendable, Equatable {
    public var id: UInt32
    public var x: Int32
    public var y: Int32
}

/// A run's glyphs, eight bytes a glyph: vertical offsets are kept apart, and only for a run
/// that has one (marks placed above or below a letter).
public struct Glyphs: Sendable, Equatable, RandomAccessCollection {
    struct Placed: Sendable, Equatable {
        var id: UInt32
        var x: Int32
    }

    private(set) var placed: [Placed] = []
    private(set) var ys: [Int32] = []

    init(placed: [Placed], ys: [Int32]) {
        self.placed = placed
        self.ys = ys
    }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { placed.count }

    public subscript(index: Int) -> Glyph {
        Glyph(id: placed[index].id, x: placed[index].x, y: ys.isEmpty ? 0 : ys[index])
    }

    mutating func reserveCapacity(_ count: Int) { placed.reserveCapacity(count) }

    mutating func append(_ glyph: Glyph) {
        if glyph.y != 0 && ys.isEmpty { ys = Array(repeating: 0, count: placed.count) }
        placed.append(Placed(id: glyph.id, x: glyph.x))
        if !ys.isEmpty { ys.append(glyph.y) }
    }
}

/// A glyph for a character no font has, placed like `Glyph`.
public struct MissingGlyph: Sendable, Equatable {
    public var character: UInt32
    public var x: Int32
    public var y: Int32
    public var width: Int32
    /// How the box and its digits are laid out for the run's font; nil draws an empty frame.
    public var box: HexBox?
}

/// The geometry of the boxes Pango draws for missing characters in one font
/// (`PangoCairoFontHexBoxInfo`): the code point's hexadecimal digits in rows, in a small
/// monospace font.
public struct HexBox: Sendable, Equatable {
    public var digitFont: DrawingFont
    public var rows: Int
    public var digitWidth: Double
    public var digitHeight: Double
    public var padding: Double
    public var lineWidth: Double
    public var height: Double
    public var descent: Double
}

/// `bytes` bytes of a run's text drawn by `glyphs` glyphs.
public struct TextCluster: Sendable, Equatable {
    public var bytes: Int32
    public var glyphs: Int32
}

/// A run's clusters in order, kept as runs of equal clusters: most are one byte and one glyph.
public struct TextClusters: Sendable, Equatable {
    struct Repeat: Sendable, Equatable {
        var cluster: TextCluster
        var count: Int32
    }

    private(set) var repeats: [Repeat] = []

    init(repeats: [Repeat]) {
        self.repeats = repeats
    }

    public init() {}

    mutating func append(_ cluster: TextCluster) {
        if repeats.last?.cluster == cluster {
            repeats[repeats.count - 1].count += 1
        } else {
            repeats.append(Repeat(cluster: cluster, count: 1))
        }
    }

    /// Every cluster, in order.
    public var all: [TextCluster] {
        repeats.flatMap { Array(repeating: $0.cluster, count: Int($0.count)) }
    }
}

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
