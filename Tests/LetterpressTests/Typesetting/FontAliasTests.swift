import Foundation
import Testing
@testable import Letterpress

@Suite(.fontWork) struct FontAliasTests {
    /// The file of the font each glyph run of the note's first line is drawn in.
    private func files(_ markdown: String) throws -> (files: [String], warnings: [String]) {
        let document = try TestSupport.typeset(markdown)
        let line = document.pages[0].items.compactMap { item -> TextLine? in
            if case let .text(line) = item { return line } else { return nil }
        }.first
        return (try #require(line).runs.map { URL(fileURLWithPath: $0.font.face.file).lastPathComponent }, document.warnings.map(\.message))
    }

    @Test func applesFamiliesAreSetInTheClosestInstalledOnes() throws {
        let (fonts, warnings) = try files("""
            ^[a](font: 'Menlo') ^[b](font: 'Zapfino') ^[c](font: 'Helvetica') ^[d](font: 'Times New Roman') \
            ^[e](font: 'Courier New') ^[f](font: 'sf mono')
            """)
        #expect(warnings.isEmpty)
        #expect(fonts.filter { !$0.hasPrefix("DejaVuSans.") } == [
            "DejaVuSansMono.ttf", "Z003-MediumItalic.otf", "NimbusSans-Regular.otf", "LiberationSerif-Regular.ttf",
            "LiberationMono-Regular.ttf", "DejaVuSansMono.ttf",
        ])
    }

    @Test func aFamilyNotInstalledWarnsWithTheFontUsed() throws {
        let (fonts, warnings) = try files("^[a](font: 'Comic Sans MS') and ^[b](font: ['No Such Font', 'Liberation Serif']) ^[c](font: 'Comic Sans MS')")
        #expect(warnings == [
            "font 'Comic Sans MS' is not installed; using DejaVu Sans",
            "font 'No Such Font' is not installed; using Liberation Serif",
        ])
        #expect(fonts.contains("LiberationSerif-Regular.ttf"))
    }
}
