import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite(.fontWork) struct SmallCapsTests {
    /// The glyph runs of a one-line note's line, with each run's horizontal scale (its size).
    private func runs(_ markdown: String) throws -> [(glyphs: [UInt32], scale: Double)] {
        let page = try TestSupport.typeset(markdown).pages[0]
        let lines = page.items.compactMap { item -> TextLine? in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
            return line
        }
        return try #require(lines.first).runs.map { run in (run.glyphs.map(\.id), run.font.matrix.xx) }
    }

    /// None of the fonts `make deps` installs has `smcp` or `c2sc`: Pango sets smaller capitals.
    @Test func smallerCapitalsWhereTheFontHasNone() throws {
        var style = TestSupport.defaultTheme.body.text
        style.fontFamilies = ["DejaVu Sans"]
        #expect(!FontContext().font(for: style, hasFeature: "smcp") && !FontContext().font(for: style, hasFeature: "c2sc"))
        let capitals = try runs("XB")
        let plain = try runs("Xb")
        let lower = try runs("^[Xb](lowercaseSmallCaps: true)")
        #expect(lower.map(\.glyphs) == [[capitals[0].glyphs[0]], [capitals[0].glyphs[1]]], "b is drawn as B")
        #expect(lower[0].scale == plain[0].scale && lower[1].scale < plain[0].scale * 0.9, "a smaller B")
        let all = try runs("^[Xb](smallCaps: true)")
        #expect(all.flatMap(\.glyphs) == capitals[0].glyphs && all.allSatisfy { $0.scale < plain[0].scale * 0.9 })
    }
}
