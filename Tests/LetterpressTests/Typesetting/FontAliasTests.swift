import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

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

    @Test func widthsPickTheFamilysNarrowCuts() throws {
        let (fonts, warnings) = try files("""
            ^[a](font: 'Liberation Sans', fontWidth: 'condensed') ^[b](font: 'Helvetica', fontWidth: 'condensed') \
            ^[c](font: 'DejaVu Sans', fontWidth: 'compressed') ^[d](font: 'Liberation Serif', fontWidth: 'standard')
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(fonts.filter { !$0.hasPrefix("DejaVuSans.") } == [
            "LiberationSansNarrow-Regular.ttf", "NimbusSansNarrow-Regular.otf", "DejaVuSansCondensed.ttf",
            "LiberationSerif-Regular.ttf",
        ])
        #expect(FontAliases.expanded(["Helvetica", "serif"], width: .condensed) == [
            "Helvetica Condensed", "Helvetica Narrow", "Helvetica", "Nimbus Sans Condensed", "Nimbus Sans Narrow", "Nimbus Sans",
            "Liberation Sans Condensed", "Liberation Sans Narrow", "Liberation Sans", "serif",
        ])
        #expect(FontAliases.expanded(["Inter"], width: .standard) == ["Inter"])
    }

    @Test func aWeightOrWidthTheFontLacksWarnsOnceWithWhatWasDrawn() throws {
        let (fonts, warnings) = try files("""
            ^[a](font: 'Liberation Sans', fontWeight: 'thin') ^[b](font: 'Liberation Sans', fontWeight: 'thin') \
            ^[c](font: 'Inter', fontWidth: 'expanded') ^[d](font: 'Liberation Serif', fontWeight: 'black') \
            ^[e](font: 'DejaVu Sans', fontWeight: 'thin') ^[f](font: 'DejaVu Sans', fontWeight: 'semibold') \
            ^[g](font: 'Inter', fontWeight: 'thin') ^[h](font: 'Z003', fontWeight: 'bold') \
            ^[i](font: 'Inter', fontWeight: 'ultraLight')
            """)
        #expect(warnings == [
            "font 'Liberation Sans' has no thin (200) weight; drew Regular (400)",
            "font 'Inter' has no expanded width; drew Regular at the standard width",
            "font 'Liberation Serif' has no black (900) weight; drew Bold (700)",
        ])
        // Close faces pass without a word: extra-light for thin, bold for semibold, and a
        // bold fontconfig synthesizes for a font with one weight.
        #expect(fonts.contains("DejaVuSans-ExtraLight.ttf") && fonts.contains("DejaVuSans-Bold.ttf"))
        // In Apple's order: ultraLight is the lightest face, thin the next.
        #expect(fonts.contains("Inter-Thin.otf") && fonts.contains("Inter-ExtraLight.otf"))
    }
}
