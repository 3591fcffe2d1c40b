import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressMarkup
@testable import LetterpressStyling

/// Themes a program makes without a file: from a YAML string (`Theme(yaml:)`), by changing a
/// theme's settings in Swift (`Theme.with`), or from settings alone (`Theme(spec:)`). Each must
/// resolve as the same YAML in a file does.
@Suite struct ThemeBuildingTests {
    /// A theme as `render themes` prints it, every value resolved.
    private func encoded(_ theme: Theme) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(theme), as: UTF8.self)
    }

    private func invalidTheme(_ body: () throws -> Theme) -> (file: String, location: LetterpressCore.SourceLocation?, message: String)? {
        do {
            _ = try body()
        } catch let LetterpressError.invalidTheme(file, location, message) {
            return (file, location, message)
        } catch {
            Issue.record("not an invalid theme: \(error)")
        }
        return nil
    }

    @Test func aThemesYAMLAsTextIsTheThemeItsFileIs() throws {
        for name in ShippedThemes.yaml.keys.sorted() {
            let yaml = String(decoding: ShippedThemes.yaml[name]!, as: UTF8.self)
            let fromText = try Theme(yaml: yaml, name: name)
            let loaded = try ThemeLoader(searchPaths: []).load(name)
            #expect(fromText.name == name)
            #expect(try encoded(fromText) == encoded(loaded), "\(name)")
            #expect(fromText.warnings.isEmpty, "\(name): \(fromText.warnings)")
        }
    }

    @Test func errorsAndWarningsNameTheGivenNameWithLineAndColumn() throws {
        let error = invalidTheme { try Theme(yaml: "description: Brand\nbody:\n  size: huge\n", name: "brand") }
        #expect(error?.file == "brand")
        #expect(error?.location == LetterpressCore.SourceLocation(line: 3, column: 9))
        #expect(error?.message.hasPrefix("body.size") == true)

        let range = invalidTheme { try Theme(yaml: "body: {size: 1000}\n") }
        #expect(range?.file == "<theme>")
        #expect(range?.location == LetterpressCore.SourceLocation(line: 1, column: 14))
        #expect(range?.message == "body.size: 1000 is outside 1 to 400 pt")

        let theme = try Theme(yaml: "body:\n  colour: red\n", name: "brand")
        #expect(theme.warnings.count == 1)
        #expect(theme.warnings.first?.file == "brand")
        #expect(theme.warnings.first?.location == LetterpressCore.SourceLocation(line: 2, column: 3))
        #expect(theme.warnings.first?.message.contains("foregroundColor") == true)
        #expect(try Theme(yaml: "body: {size: 12}").warnings.isEmpty)
    }

    /// The warnings of `Theme(contentsOf:)` were dropped; now they come with the theme.
    @Test func aThemeFilesWarningsComeWithIt() throws {
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("mine.yaml")
        try "extends: default\nquote: {colour: red}\n".write(to: file, atomically: true, encoding: .utf8)
        let warnings = try Theme(contentsOf: file).warnings
        #expect(warnings.map(\.file) == [file.path])
        #expect(warnings.first?.location == LetterpressCore.SourceLocation(line: 2, column: 9))
    }

    @Test func textExtendsANameOrAPathFromItsBaseURL() throws {
        let night = try Theme.named("night")
        let theme = try Theme(yaml: "extends: night\nbody: {size: 12}\n")
        #expect(theme.page.background == night.page.background)
        #expect(theme.body.text.size == 12)
        #expect(theme.body.text.color == night.body.text.color)

        let folder = try TestSupport.temporaryFolder()
        try "extends: night\nquote: {italic: true}\n".write(to: folder.appendingPathComponent("parent.yaml"), atomically: true, encoding: .utf8)
        let child = try Theme(yaml: "extends: parent.yaml\nbody: {size: 12}\n", name: "child", baseURL: folder)
        #expect(child.quote.text.italic)
        #expect(child.page.background == night.page.background)
        #expect(child.body.text.size == 12)

        #expect(throws: LetterpressError.self) { try Theme(yaml: "extends: parent.yaml\n") }
        let absolute = try Theme(yaml: "extends: \(folder.appendingPathComponent("parent.yaml").path)\n")
        #expect(absolute.quote.text.italic)
    }

    /// A change in code is the same change in YAML: what follows the body (heading, code and
    /// table sizes, in a theme that gives them none) follows it either way.
    @Test func aChangeInCodeResolvesAsTheSameChangeInYAML() throws {
        let base = try Theme(yaml: "body: {size: 10, foregroundColor: '#333333'}\nheading: {fontWeight: bold}\n", name: "base")
        let changed = try base.with { spec in
            spec.body?.size = 14
            spec.body?.foregroundColor = Color(parsing: "#224466")
            spec.headings?[1].italic = true
        }
        let written = try Theme(yaml: """
            body: {size: 14, foregroundColor: '#224466'}
            heading: {fontWeight: bold}
            headings: [{}, {italic: true}]
            """, name: "base")
        #expect(try encoded(changed) == encoded(written))
        #expect(changed.heading(1).text.size == 28)
        #expect(base.heading(1).text.size == 20)
        #expect(changed.code.text.size > base.code.text.size)
        #expect(changed.list.markerColor == Color(parsing: "#224466"))
        #expect(changed.heading(2).text.italic && !changed.heading(1).text.italic)
        #expect(changed.name == "base")

        // Over a theme that extends another, and one loaded at another scale.
        let notepad = try Theme.named("notepad").with { $0.table?.header?.backgroundColor = Color(parsing: "#eeeeee") }
        var notepadYAML = try Theme(yaml: "extends: notepad\ntable: {header: {backgroundColor: '#eeeeee'}}\n", name: "notepad")
        // A theme's description is its own YAML's, which this one does not give.
        notepadYAML.description = notepad.description
        #expect(try encoded(notepad) == encoded(notepadYAML))
        let scaled = try ThemeLoader(searchPaths: []).load("times", scale: 1.5)
        #expect(try scaled.with { $0.body?.size = 12 }.body.text.size == 18)
    }

    @Test func anEmptyChangeLeavesEveryShippedThemeAsItWas() throws {
        for name in ShippedThemes.yaml.keys.sorted() {
            let theme = try ThemeLoader(searchPaths: []).load(name, scale: 1.25)
            let same = try theme.with { _ in }
            #expect(try encoded(same) == encoded(theme), "\(name)")
            #expect(same.highlights.map(\.location) == theme.highlights.map(\.location))
            #expect(same.page.footer?.file == theme.page.footer?.file)
        }
    }

    @Test func aValueOutOfRangeThrowsNamingTheKey() throws {
        let size = invalidTheme { try Theme.default.with { $0.body?.size = 1000 } }
        #expect(size?.file == "theme 'default'")
        #expect(size?.location == nil)
        #expect(size?.message == "body.size: 1000 is outside 1 to 400 pt")
        let level = invalidTheme { try Theme.default.with { $0.headings?[2].lineHeight = .nan } }
        #expect(level?.message == "headings[2].lineHeight: NaN is outside 0.5 to 5")
        let page = invalidTheme { try Theme.default.with { $0.page?.size = "huge" } }
        #expect(page?.message.hasPrefix("page.size: 'huge' is not a page size") == true)
        let pattern = invalidTheme { try Theme.default.with { $0.highlights = [HighlightSpec(pattern: "(", style: InlineAttributes())] } }
        #expect(pattern?.message.hasPrefix("highlights[0].pattern") == true)
        let extends = invalidTheme { try Theme.default.with { $0.extends = "night" } }
        #expect(extends?.message.hasPrefix("extends:") == true)
        var spec = ThemeSpec()
        spec.extends = "night"
        #expect(invalidTheme { try Theme(spec: spec) }?.message.hasPrefix("extends:") == true)
    }

    @Test func aSpecFromScratchIsAThemeFileThatExtendsNone() throws {
        var spec = ThemeSpec()
        spec.description = "Large and quiet."
        spec.body = StyleSpec()
        spec.body?.size = 13
        spec.customColors = ["stamp": InlineAttributes(foregroundColor: .white, backgroundColor: Color(parsing: "#b42318"))]
        let theme = try Theme(spec: spec, name: "large")
        let written = try Theme(yaml: "description: Large and quiet.\nbody: {size: 13}\ncustomColors: {stamp: {foregroundColor: white, backgroundColor: '#b42318'}}\n",
                                name: "large")
        #expect(try encoded(theme) == encoded(written))
        #expect(theme.description == "Large and quiet.")
        #expect(try Theme.default.with { $0.description = "Mine." }.description == "Mine.")
        #expect(try Theme.default.with { _ in }.description == Theme.default.description)
    }

    /// `Theme.default` is the compiled default theme, and what `with` starts from is its spec.
    @Test func theDefaultThemesSpecIsTheCompiledOne() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Theme.default.spec) == encoder.encode(ThemeSpec.compiledDefault))
        #expect(Theme.default.spec.body?.size == 10.5)
    }
}

/// A theme made in code, rendered: the change is on the page, and its warnings come with the
/// first document.
@Suite(.fontWork) struct ThemeBuildingRenderingTests {
    @Test func aRendererDrawsABuiltTheme() throws {
        let theme = try Theme.default.with { spec in
            spec.page?.background = Color(parsing: "#336699")
            spec.page?.footer?.center = "Folio {page}"
            spec.page?.footer?.firstPage = true
        }
        let folder = try TestSupport.temporaryFolder()
        let renderer = Renderer(theme: .theme(theme))
        let png = try renderer.renderDocument(markdown: "# Title\n\nText.", as: .png)
        let file = folder.appendingPathComponent("page.png")
        try #require(png.files.first).write(to: file)
        #expect(try RasterImage.png(file).pixels.first == 0x336699)
        let pdf = folder.appendingPathComponent("page.pdf")
        try renderer.render(markdown: "# Title\n\nText.", as: .pdf).write(to: pdf)
        #expect(try pdfText(pdf).contains("Folio 1"))
        #expect(png.warnings.isEmpty)
    }

    @Test func aBuiltThemesWarningsComeWithTheFirstDocument() throws {
        let theme = try Theme(yaml: "extends: default\nbody: {colour: red}\n", name: "brand")
        let renderer = Renderer(theme: .theme(theme))
        let first = try renderer.renderDocument(markdown: "One.", as: .svg)
        #expect(first.warnings.map(\.file) == ["brand"])
        #expect(try renderer.renderDocument(markdown: "Two.", as: .svg).warnings.isEmpty)
    }
}
