import Foundation
import LetterpressCore
import LetterpressMath

/// A laid-out formula as page items: its glyphs one text line in the math font (vectors in
/// every output, selectable and searchable in PDF), its bars and frames fills and strokes.
enum FormulaItems {
    /// The items of `box` with its baseline's left end at `origin` on the page, its runs in
    /// `font` or in the fallback fonts `fonts` found for them.
    static func items(of box: MathBox, at origin: Point, font: MathFontChoice, fonts: FontContext) -> [PageItem] {
        var items: [PageItem] = []
        var runs: [GlyphRun] = []
        var string = ""
        for item in box.items {
            switch item {
            case let .glyphs(run):
                guard let runFont = fonts.formulaDrawingFont(run.font, size: run.size, math: font) else { continue }
                var glyphs = Glyphs()
                var clusters = TextClusters()
                var utf8: [UInt8] = []
                glyphs.reserveCapacity(run.glyphs.count)
                for glyph in run.glyphs {
                    glyphs.append(Glyph(id: glyph.id, x: pangoUnits(glyph.x), y: pangoUnits(glyph.y)))
                    clusters.append(TextCluster(bytes: Int32(glyph.text.utf8.count), glyphs: 1))
                    utf8 += glyph.text.utf8
                }
                string += String(decoding: utf8, as: UTF8.self)
                runs.append(GlyphRun(font: runFont, color: run.color, x: 0, y: 0, glyphs: glyphs, missing: [],
                                     utf8: utf8, clusters: clusters, isBackward: false))
            case let .rule(rect, color):
                items.append(.fill(rect.offsetBy(dx: origin.x).offsetBy(dy: origin.y), color))
            case let .line(from, to, width, color):
                items.append(.line(from: Point(x: origin.x + from.x, y: origin.y + from.y), to: Point(x: origin.x + to.x, y: origin.y + to.y),
                                   color, width: width))
            case let .frame(rect, width, color):
                items.append(.stroke(rect.offsetBy(dx: origin.x).offsetBy(dy: origin.y), color, width: width))
            case let .link(label, rect):
                items.append(.link(.anchor(label), rects: [rect.offsetBy(dx: origin.x).offsetBy(dy: origin.y)]))
            }
        }
        if !runs.isEmpty {
            let metrics = LineMetrics(index: 0, top: -box.height, height: box.height + box.depth, baseline: box.height, x: 0,
                                      width: box.width, byteRange: 0..<string.utf8.count)
            items.insert(.text(TextLine(origin: origin, runs: runs, string: string, metrics: metrics)), at: 0)
        }
        return items
    }

    /// Points as Pango units; a position no page could hold is clamped, never trapped on.
    private static func pangoUnits(_ points: Double) -> Int32 {
        let units = (points * 1024).rounded()
        guard units.isFinite else { return 0 }
        return Int32(min(max(units, Double(Int32.min)), Double(Int32.max)))
    }
}
