import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite(.fontWork) struct KerningTests {
    /// The horizontal positions of the glyphs of a one-line note.
    private func positions(_ markdown: String) throws -> [Int32] {
        let page = try TestSupport.typeset(markdown).pages[0]
        let line = page.items.compactMap { item -> TextLine? in
            guard case let .text(line) = item, !TestSupport.isFooter(item, on: page) else { return nil }
            return line
        }.first
        return try #require(line).runs.flatMap { run in run.glyphs.map { run.x + $0.x } }
    }

    /// `kerning: 0` is SwiftUI's default: the font's own kerning (DejaVu Sans kerns "AV").
    @Test func kerningZeroKeepsTheFontsKerning() throws {
        let plain = try positions("AVAV")
        #expect(try positions("^[AVAV](kerning: 0)") == plain)
        #expect(try positions("^[AVAV](kerning: 1)").last! > plain.last!)
    }
}
