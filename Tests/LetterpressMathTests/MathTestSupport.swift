import LetterpressCore
@testable import LetterpressMath

/// Lists built by hand, and what tests read of laid-out boxes.
enum MathTestSupport {
    static let fonts = [MathFontFiles.dejaVu, MathFontFiles.latinModern]
    static let size = 10.0
    static let errorColor = Color(red: 1, green: 0, blue: 0)

    static func layout(_ file: String, references: [String: String] = [:]) throws -> MathLayout {
        MathLayout(font: try MathFont.opened(file: file), size: size, color: .black, errorColor: errorColor, references: references)
    }

    static func atom(_ symbol: String, _ atomClass: AtomClass = .ordinary, sub: MathList? = nil, sup: MathList? = nil,
                     limits: LimitsPlacement = .automatic) -> MathAtom {
        MathAtom(.symbol(symbol), class: atomClass, subscript: sub, superscript: sup, limits: limits)
    }

    static func list(_ atoms: MathAtom...) -> MathList {
        MathList(atoms)
    }

    static func symbols(_ text: String) -> MathList {
        MathList(text.map { atom(String($0)) })
    }

    static func fraction(_ numerator: MathList, _ denominator: MathList, hasRule: Bool = true) -> MathAtom {
        MathAtom(.fraction(.init(numerator: numerator, denominator: denominator, hasRule: hasRule)), class: .inner)
    }
}

/// A glyph as drawn: where, at which size and in which colour.
struct DrawnGlyph {
    var glyph: MathGlyph
    var size: Double
    var color: Color
}

extension MathBox {
    var drawnGlyphs: [DrawnGlyph] {
        items.flatMap { item -> [DrawnGlyph] in
            guard case let .glyphs(run) = item else { return [] }
            return run.glyphs.map { DrawnGlyph(glyph: $0, size: run.size, color: run.color) }
        }
    }

    func glyph(showing text: String) -> DrawnGlyph? {
        drawnGlyphs.first { $0.glyph.text == text }
    }

    var rules: [Rect] {
        items.compactMap { item in
            if case let .rule(rect, _) = item { return rect }
            return nil
        }
    }
}

extension MathFont {
    /// The ink box of a drawn glyph: its top and bottom as y on the page (down), its left and right.
    func ink(of drawn: DrawnGlyph) -> (top: Double, bottom: Double, left: Double, right: Double) {
        let metrics = metrics(drawn.glyph.id)
        let scale = scale(size: drawn.size)
        return (drawn.glyph.y - metrics.ascent * scale, drawn.glyph.y + metrics.descent * scale,
                drawn.glyph.x + metrics.inkLeft * scale, drawn.glyph.x + metrics.inkRight * scale)
    }
}
