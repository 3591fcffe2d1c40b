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
        #expect(warnings == ["font 'DejaVu Sans' has no compressed width; drew Condensed (condensed)"])
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
            ^[i](font: 'Inter', fontWeight: 'ultraLight') ^[j](font: 'DejaVu Sans', fontWeight: 'light') \
            ^[k](font: 'DejaVu Sans', fontWidth: 'compressed') ^[l](font: 'Liberation Sans', fontWidth: 'compressed') \
            ^[m](font: 'Inter', fontWeight: 'semibold')
            """)
        // Never silent: the nearest face is drawn and named, a near one (bold for semibold,
        // extra-light for light, a synthesized bold, a condensed cut for compressed) included.
        #expect(warnings == [
            "font 'Liberation Sans' has no thin (200) weight; drew Regular (400)",
            "font 'Inter' has no expanded width; drew Regular (standard)",
            "font 'Liberation Serif' has no black (900) weight; drew Bold (700)",
            "font 'DejaVu Sans' has no semibold (600) weight; drew Bold (700)",
            "font 'Z003' has no bold (700) weight; drew Medium Italic, emboldened",
            "font 'DejaVu Sans' has no light (300) weight; drew ExtraLight (200)",
            "font 'DejaVu Sans' has no compressed width; drew Condensed (condensed)",
            "font 'Liberation Sans' has no compressed width; drew Regular (condensed)",
        ])
        #expect(fonts.contains("DejaVuSans-ExtraLight.ttf") && fonts.contains("DejaVuSans-Bold.ttf"))
        // In Apple's order: ultraLight is the lightest face, thin the next; a family with all
        // nine weights draws each without a word.
        #expect(fonts.contains("Inter-Thin.otf") && fonts.contains("Inter-ExtraLight.otf") && fonts.contains("Inter-SemiBold.otf"))
    }

    /// The ink of a line in each weight, counted in the rendered pixels: a heavier weight never
    /// draws lighter, and a family with all nine (Inter) draws each heavier than the one before,
    /// in Apple's order (`ultraLight` the lightest).
    @Test(arguments: [("Inter", true), ("DejaVu Sans", false)])
    func theWeightLadderDarkensStepByStep(family: String, hasEveryWeight: Bool) throws {
        let folder = try TestSupport.temporaryFolder()
        var options = RenderOptions()
        options.pageSize = PageSize(width: 300, height: 60)
        options.margins = Margins(top: 10, right: 10, bottom: 10, left: 10)
        options.dpi = 144
        options.badge = false
        let renderer = Renderer(options: options)
        let ink = try FontWeight.allCases.map { weight in
            let png = try renderer.render(markdown: "^[Hamburgefonstiv](font: '\(family)', fontWeight: '\(weight.rawValue)')", as: .png)
            let file = folder.appendingPathComponent("\(weight.rawValue).png")
            try png.write(to: file)
            // Darkness summed over the page: strokes' width times their length.
            return try RasterImage.png(file).pixels.reduce(0) { sum, pixel in sum + 255 - Int(pixel >> 8 & 0xFF) }
        }
        for (lighter, heavier) in zip(ink, ink.dropFirst()) {
            if hasEveryWeight { #expect(heavier > lighter, "\(family): \(ink)") } else { #expect(heavier >= lighter, "\(family): \(ink)") }
        }
        #expect(ink.last! > ink.first! * 2, "\(family): black is far darker than ultraLight: \(ink)")
    }
}
