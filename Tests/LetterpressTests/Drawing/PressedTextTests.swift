import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The letterpress effect, measured in pixels: the same words drawn with and without it, on
/// the paper of every shipped theme.
@Suite(.fontWork) struct PressedTextTests {
    private static let geometry = PageGeometry(size: PageSize(width: 160, height: 120), margins: Margins(top: 8, right: 8, bottom: 40, left: 8))

    /// The first page of `markdown` in `theme`, rasterized at `dpi`.
    private func raster(_ markdown: String, theme: Theme, dpi: Double) throws -> RasterImage {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = try TestSupport.typeset(markdown, theme: theme, geometry: Self.geometry).pages[0]
        let output = try OutputWriter(format: .png, dpi: dpi).open(folder.appendingPathComponent("p.png"))
        try output.add(page)
        return try RasterImage.png(try output.finish()[0])
    }

    private func pair(theme: Theme, dpi: Double) throws -> (plain: RasterImage, pressed: RasterImage) {
        (try raster("^[Pressed text](size: 20)", theme: theme, dpi: dpi),
         try raster("^[Pressed text](size: 20, effect: 'letterpress')", theme: theme, dpi: dpi))
    }

    private static func channels(_ pixel: UInt32) -> [Int] {
        [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
    }

    private static func lightness(_ pixel: UInt32) -> Int { channels(pixel).reduce(0, +) }

    @Test(arguments: ["default", "menlo", "times", "important", "report", "night", "notepad"])
    func theEffectIsVisibleAt144DPI(theme name: String) throws {
        let theme = try ThemeLoader().load(name)
        let (plain, pressed) = try pair(theme: theme, dpi: 144)
        let paper = plain.pixels[0]
        var changed = 0, darkerEdge = 0, highlight = 0
        for (before, after) in zip(plain.pixels, pressed.pixels) {
            let difference = zip(Self.channels(before), Self.channels(after)).map { abs($0 - $1) }.max() ?? 0
            if difference >= 40 { changed += 1 }
            if before != paper && Self.lightness(after) + 60 <= Self.lightness(before) { darkerEdge += 1 }
            if before == paper && Self.lightness(after) >= Self.lightness(paper) + 30 { highlight += 1 }
        }
        // "Pressed text" at 20 pt covers some 1,800 pixels at 144 dpi; the effect should
        // visibly change a good share of them, whatever the paper.
        #expect(changed >= 300, "\(name): \(changed) pixels changed")
        // Paper with room above it for a lighter rim shows the highlight below the glyphs.
        if Self.channels(paper).min()! <= 0xE0 {
            #expect(highlight >= 60, "\(name): \(highlight) highlight pixels")
        }
        // On light ink (night), the dark inner edge must show against the ink itself.
        if Self.lightness(paper) < 3 * 0x80 {
            #expect(darkerEdge >= 60, "\(name): \(darkerEdge) pixels of dark edge")
        }
    }

    /// At 600 dpi the light rim below the glyphs fades out over several pixels, column by
    /// column, never brightening again: a soft edge, not a second print offset from the first
    /// (as the earlier effect's copy half a point lower looked: a flat band, cut off sharply).
    @Test func theHighlightFadesWithoutDoublingAt600DPI() throws {
        let (plain, pressed) = try pair(theme: try ThemeLoader().load("night"), dpi: 600)
        let paper = plain.pixels[0]
        var rims: [[Int]] = []
        for x in 0..<plain.width {
            var rim: [Int] = []
            for y in 1..<plain.height {
                let index = y * plain.width + x
                let lighter = Self.lightness(pressed.pixels[index]) - Self.lightness(paper)
                let belowGlyph = plain.pixels[index] == paper && (!rim.isEmpty || plain.pixels[index - plain.width] != paper)
                if belowGlyph && lighter > 6 {
                    rim.append(lighter)
                } else if !rim.isEmpty {
                    rims.append(rim)
                    rim = []
                }
            }
        }
        let wide = rims.filter { $0.count >= 4 }
        #expect(wide.count >= 100, "\(wide.count) columns with a rim of 4 pixels or more")
        // The first pixel under the glyph is shared with the glyph's antialiased edge, and
        // curves step a little from pixel to pixel; a second print would come back at the
        // rim's full strength (some 600 here).
        let rising = wide.filter { rim in zip(rim.dropFirst(), rim.dropFirst(2)).contains { $1 > $0 + 60 } }
        #expect(rising.isEmpty, "\(rising.count) rims brighten again")
        let flat = wide.filter { $0.last! * 2 > $0[1] }
        #expect(flat.count * 10 <= wide.count, "\(flat.count) of \(wide.count) rims do not fade")
    }
}
