import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A dotted underline is round dots of its colour, big enough to keep that colour when
/// rasterized at 144 dpi (SwiftUI's `.dot`), not sub-pixel dashes blurred into the paper.
@Suite(.fontWork) struct DottedLineTests {
    private static let color: UInt32 = 0xB3001B

    private func raster(_ markdown: String) throws -> RasterImage {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let geometry = PageGeometry(size: PageSize(width: 260, height: 120), margins: Margins(top: 8, right: 8, bottom: 40, left: 8))
        let page = try TestSupport.typeset(markdown, geometry: geometry).pages[0]
        let output = try OutputWriter(format: .png, dpi: 144).open(folder.appendingPathComponent("p.png"))
        try output.add(page)
        return try RasterImage.png(try output.finish()[0])
    }

    @Test(arguments: [7.0, 10.5, 16])
    func everyDotReachesItsColourAt144DPI(size: Double) throws {
        let text = "underlined with dots all along"
        let image = try raster("^[\(text)](size: \(size), underline: {pattern: 'dot', color: '#b3001b'})")
        let underline = try #require(TestSupport.typeset("^[\(text)](size: \(size), underline: {pattern: 'dot'})").pages[0].items
            .compactMap { item -> Decoration? in
                if case let .decoration(decoration) = item { return decoration }
                return nil
            }.first)
        let diameter = max(underline.thickness, PageDrawer.minimumDot)
        #expect(diameter * 2 >= 1.5, "at least 1.5 px at 144 dpi")
        // Columns holding a pixel within 0x50 of the dots' colour in each channel, in runs: one run a dot.
        func near(_ pixel: UInt32) -> Bool {
            [16, 8, 0].allSatisfy { abs(Int(pixel >> $0 & 0xFF) - Int(Self.color >> $0 & 0xFF)) <= 0x50 }
        }
        var dots = 0, inDot = false
        for x in 0..<image.width {
            let strong = (0..<image.height).contains { near(image.pixels[$0 * image.width + x]) }
            if strong && !inDot { dots += 1 }
            inDot = strong
        }
        let expected = underline.length / (2 * diameter)
        #expect(Double(dots) >= expected * 0.9, "\(dots) of \(Int(expected)) dots reach their colour")
    }
}
