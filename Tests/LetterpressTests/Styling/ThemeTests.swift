import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite struct ThemeTests {
    /// The schema that warns about unknown keys is built from the sections' `CodingKeys` and the
    /// style and attribute tables: it must name exactly the fields the theme and attribute types
    /// decode.
    @Test func theSchemaNamesEveryFieldTheThemeTypesDecode() throws {
        func keys(_ shape: ThemeSchema.Shape?) -> Set<String> {
            switch shape {
            case let .keys(fields)?: return Set(fields.keys)
            case let .named(inner)?, let .list(inner)?: return keys(inner)
            case let .style(applied, own)?: return Set(applied).union(own.keys)
            default: return []
            }
        }
        func fields(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        guard case let .keys(theme) = ThemeSchema.theme else { throw LetterpressError.invalidOption(.internalError, "schema") }
        #expect(keys(ThemeSchema.theme) == fields(ThemeSpec()))
        #expect(Set(StyleSection.allCases.flatMap(\.keys)) == fields(StyleSpec()), "every key is applied somewhere")
        #expect(keys(theme["link"]) == fields(InlineStyleSpec()))
        #expect(keys(theme["inlineCode"]) == fields(InlineStyleSpec()))
        #expect(keys(theme["page"]) == fields(PageSpec()))
        #expect(keys(ThemeSchema.headerFooter) == fields(HeaderFooterSpec()))
        #expect(keys(theme["list"]) == fields(ListSpec()))
        #expect(keys(theme["table"]) == fields(TableSpec()))
        #expect(keys(theme["rule"]) == fields(RuleSpec()))
        #expect(keys(theme["badge"]) == fields(BadgeSpec()))
        #expect(keys(theme["shapes"]) == fields(ShapeSpec()))
        #expect(keys(theme["highlights"]) == ["pattern", "style", "group"])
        #expect(Set(InlineAttributes.keys) == fields(InlineAttributes()).subtracting(["location"]))
        #expect(InlineAttributes.keys.count == Set(InlineAttributes.keys).count)
        #expect(keys(theme["footnotes"]) == Set(StyleSection.footnotes.keys).union(FootnotesSpec.CodingKeys.allCases.map(\.stringValue)))
    }

    private func write(_ files: [String: String]) throws -> URL {
        let folder = try TestSupport.temporaryFolder()
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func everyShippedThemeLoadsCleanly() throws {
        let loader = ThemeLoader()
        let names = loader.availableThemes()
        #expect(Set(["default", "menlo", "times", "important", "report", "night", "notepad"]).isSubset(of: Set(names)))
        for name in names {
            let (theme, warnings) = try loader.loadReportingWarnings(name)
            #expect(warnings.isEmpty, "\(name): \(warnings)")
            #expect(!theme.description.isEmpty, "\(name) has a description")
            #expect(theme.headings.count == 6)
            // A README's second `#` section must not sit closer to the text above than a `##` one.
            #expect(theme.heading(1).spaceBefore >= theme.heading(2).spaceBefore, "\(name)")
            #expect(theme.badge.date == (name == "notepad" ? .modified : nil), "\(name)")
        }
    }

    /// Every YAML file in the source's Themes folder is compiled in under its name, with the
    /// file's bytes, so that a theme added there cannot be left out of `render`.
    @Test func everyThemeFileIsShippedInTheBinary() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/LetterpressStyling/Themes").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(ShippedThemes.yaml.keys))
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(ShippedThemes.yaml[String(file.dropLast(5))] == bytes, "\(file)")
        }
    }

    /// The default theme loaded ahead on another thread (`PreparedDefaultTheme`) stands in for
    /// loading it only where loading would give the same: the shipped theme, which extends none,
    /// at scale 1, with no search path holding a `default.yaml` of its own.
    @Test func thePreparedDefaultThemeIsWhatLoadingItGives() throws {
        let text = String(decoding: ShippedThemes.yaml["default"] ?? [], as: UTF8.self)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("extends:") },
                "a theme it extended could be replaced in a search path")
        PreparedDefaultTheme.start()
        let prepared = try #require(PreparedDefaultTheme.result())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let loaded = try ThemeLoader(searchPaths: []).load(PreparedDefaultTheme.source, scale: 1)
        #expect(try encoder.encode(prepared.theme) == encoder.encode(loaded.theme))
        #expect(prepared.warnings == loaded.warnings)

        let folder = try write(["default.yaml": "body: {size: 15}\n"])
        #expect(try ThemeLoader(searchPaths: [folder]).load("default").body.text.size == 15)
        #expect(try ThemeLoader(searchPaths: []).load("default", scale: 2).body.text.size == 2 * loaded.theme.body.text.size)
    }

    /// A shipped theme extends another by name, found first among the user's themes; only a
    /// theme file has a file to watch.
    @Test func shippedThemesExtendByNameAndUserThemesComeFirst() throws {
        let folder = try write(["menlo.yaml": "description: my menlo\nbody:\n  size: 15\n"])
        let notepad = try ThemeLoader(searchPaths: []).load("notepad")
        #expect(notepad.body.text.fontFamilies.first == "DejaVu Sans Mono", "notepad extends the shipped menlo")
        let mine = try ThemeLoader(searchPaths: [folder]).load("notepad")
        #expect(mine.body.text.size == 15, "notepad extends the user's menlo, found first")
        #expect(try ThemeLoader(searchPaths: []).file(for: "default") == nil)
        #expect(try ThemeLoader(searchPaths: [folder]).file(for: "menlo")?.lastPathComponent == "menlo.yaml")
    }

    /// `--watch` watches a theme's file, those it extends (a user's theme that a shipped one
    /// extends by name too), and a path with no file yet; a cycle ends the list.
    @Test func watchedFilesFollowExtends() throws {
        let folder = try write(["menlo.yaml": "body: {size: 15}\n", "a.yaml": "extends: sub/b.yaml\n",
                                "c.yaml": "extends: d.yaml\n", "d.yaml": "extends: c.yaml\n", "e.yaml": "extends: missing.yaml\n"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try "extends: notepad\n".write(to: folder.appendingPathComponent("sub/b.yaml"), atomically: true, encoding: .utf8)
        let loader = ThemeLoader(searchPaths: [folder])
        func names(_ theme: String) -> [String] {
            loader.files(for: folder.appendingPathComponent(theme).path).map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") }
        }
        #expect(names("a.yaml") == ["a.yaml", "sub/b.yaml", "menlo.yaml"])
        #expect(names("c.yaml") == ["c.yaml", "d.yaml"])
        #expect(names("e.yaml") == ["e.yaml", "missing.yaml"])
        #expect(names("none.yaml") == ["none.yaml"])
        #expect(ThemeLoader(searchPaths: []).files(for: "notepad").isEmpty)
    }

    /// A theme that extends none takes what it leaves out from the shipped default theme, but
    /// for the sizes, colours and families that follow its own body.
    @Test func aThemeThatExtendsNoneTakesTheDefaultThemesValues() throws {
        let folder = try write(["scratch.yaml": "body: {size: 14, foregroundColor: navy}\n", "empty.yaml": "description: nothing\n"])
        let theme = try ThemeLoader().load(folder.appendingPathComponent("scratch.yaml").path)
        let empty = try ThemeLoader().load(folder.appendingPathComponent("empty.yaml").path)
        let shipped = Theme.default
        #expect(empty.body.text == shipped.body.text && empty.body.lineHeight == shipped.body.lineHeight)
        #expect(empty.link.color == shipped.link.color && empty.inlineCode.background == shipped.inlineCode.background)
        #expect(empty.quote.text.color == shipped.quote.text.color && empty.quote.barColor == shipped.quote.barColor)
        #expect(empty.rule.thickness == shipped.rule.thickness && empty.table.padding == shipped.table.padding)
        #expect(empty.page.margins == shipped.page.margins && empty.alerts.note == shipped.alerts.note)
        #expect(empty.headings.map(\.spaceBefore) == shipped.headings.map(\.spaceBefore))
        #expect(empty.code.lineHeight == shipped.code.lineHeight && empty.code.background == shipped.code.background)
        #expect(empty.codeSyntax.palette.isEmpty, "a palette is the theme's own")
        #expect(theme.code.text.size == 12 && theme.code.text.color == Color(parsing: "navy"), "0.85 of its body, in its colour")
        #expect(theme.headings.map(\.text.size) == [28, 22.5, 18, 15.5, 14, 13], "in proportion to its body")
        #expect(theme.headings.allSatisfy { $0.text.color == Color(parsing: "navy") && $0.text.fontFamilies == shipped.body.text.fontFamilies })
        #expect(theme.list.markerColor == Color(parsing: "navy") && theme.footnotes.text.color == Color(parsing: "navy"))
    }

    @Test func seedThemesUseTheirStandInFonts() throws {
        let loader = ThemeLoader()
        #expect(try loader.load("menlo").body.text.fontFamilies.first == "DejaVu Sans Mono")
        #expect(try loader.load("times").body.text.fontFamilies.first == "Liberation Serif")
        #expect(try loader.load("important").body.text.fontFamilies.first == "Liberation Mono")
        #expect(try loader.load("important").page.background == Color(parsing: "#fff3a8"))
        let indigo = try loader.load("menlo").body.text.color
        #expect(indigo.blue > indigo.green && indigo.red > indigo.green, "menlo is indigo")
    }

    @Test func extendsMergesKeyByKeyAndAddsCustomStyles() throws {
        let folder = try write([
            "base.yaml": "body: {size: 12, color: navy}\ncustomStyles:\n  loud: {fontWeight: heavy}\n",
            "child.yaml": "extends: base.yaml\nbody: {size: 14}\ncustomStyles:\n  quiet: {foregroundColor: gray}\n",
        ])
        let theme = try ThemeLoader().load(folder.appendingPathComponent("child.yaml").path)
        #expect(theme.body.text.size == 14)
        #expect(theme.body.text.color == Color(parsing: "navy"))
        #expect(theme.customStyles["loud"]?.fontWeight == .heavy)
        #expect(theme.customStyles["quiet"]?.foregroundColor == Color(parsing: "gray"))
        #expect(theme.customStyles["boldcaps"] != nil, "built-in styles stay")
    }

    /// `effect: letterpress` on an element's style: the notepad's title uses it; a value that
    /// is no effect is an error at its place.
    @Test func elementStylesTakeTheLetterpressEffect() throws {
        let folder = try write([
            "pressed.yaml": "heading: {effect: letterpress}\n",
            "wrong.yaml": "body:\n  effect: emboss\n",
        ])
        let (theme, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("pressed.yaml").path)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(theme.headings.allSatisfy { $0.text.effect == .letterpress })
        #expect(theme.body.text.effect == nil)
        let notepad = try ThemeLoader().load("notepad")
        #expect(notepad.headings.map { $0.text.effect } == [.letterpress, nil, nil, nil, nil, nil])
        #expect(notepad.headings.map(\.text.size) == (try ThemeLoader().load("menlo")).headings.map(\.text.size))
        let error = #expect(throws: LetterpressError.self) { try ThemeLoader().load(folder.appendingPathComponent("wrong.yaml").path) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("wrong.yaml:2:11: body.effect"), "\(String(describing: error))")
    }

    @Test func themeThatExpandsPastTheLimitIsRefused() throws {
        let folder = try write(["bomb.yaml": MarkdownParserTests.mergeBomb(levels: 5, under: "body")])
        let path = folder.appendingPathComponent("bomb.yaml").path
        #expect(throws: LetterpressError.invalidTheme(file: path, location: nil, message:
            "expands to more than 100000 YAML nodes through aliases and merge keys, the most allowed")) {
            try ThemeLoader().load(path)
        }
    }

    @Test func errorsNameTheFileLineAndColumn() throws {
        let folder = try write([
            "type.yaml": "body:\n  size: big\n",
            "syntax.yaml": "body: [\n",
            "cycle-a.yaml": "extends: cycle-b.yaml\n",
            "cycle-b.yaml": "extends: cycle-a.yaml\n",
            "regex.yaml": "highlights:\n  - {pattern: '(unclosed', style: {italic: true}}\n",
            "colour.yaml": "body: {color: reddish}\n",
        ])
        func message(_ name: String) -> String {
            do {
                _ = try ThemeLoader().load(folder.appendingPathComponent(name).path)
                return "loaded"
            } catch {
                return "\(error)".replacingOccurrences(of: folder.path + "/", with: "")
            }
        }
        #expect(message("type.yaml") == "type.yaml:2:9: body.size: expected a number")
        #expect(message("syntax.yaml").hasPrefix("syntax.yaml:2:1: "))
        #expect(message("cycle-a.yaml").contains("'extends' makes a cycle: cycle-a.yaml → cycle-b.yaml → cycle-a.yaml"))
        #expect(message("regex.yaml").hasPrefix("regex.yaml:2:15: highlights[0].pattern '(unclosed' is not a regular expression"))
        #expect(message("colour.yaml").contains("'reddish' is not a colour"))
        #expect(throws: LetterpressError.unknownTheme(name: "nope", known: ThemeLoader().availableThemes())) {
            try ThemeLoader().load("nope")
        }
    }

    @Test func scalarsKeepTheirTypesAndMergeKeysMerge() throws {
        let folder = try write(["t.yaml": """
            body: {size: 12.5, foregroundColor: "#333333"}
            headings:
              - &big {size: 30, foregroundColor: "#c00000", italic: yes}
              - <<: *big
                size: 20
              - {size: 16, italic: false, fontWeigth: bold}
            page: {footer: {center: "true", firstPage: off}}
            customStyles:
              base: &base {fontWeight: bold}
              loud: {<<: *base, foregroundColor: red}
              <<: {quiet: {foregroundColor: gray}}
            """])
        let (theme, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("t.yaml").path)
        #expect(theme.body.text.size == 12.5)
        #expect(theme.headings[1].text.size == 20)
        #expect(theme.headings[1].text.color == Color(parsing: "#c00000"), "merged from the anchor")
        #expect(theme.headings[1].text.italic == true)
        #expect(theme.headings[2].text.italic != true)
        #expect(theme.page.footer?.center == "true", "a quoted scalar stays a string")
        #expect(theme.page.footer?.firstPage == false)
        #expect(theme.customStyles["loud"]?.fontWeight == .bold)
        #expect(theme.customStyles["quiet"]?.foregroundColor == Color(parsing: "gray"))
        #expect(warnings.map(\.message) == ["unknown key 'headings[2].fontWeigth' ignored (did you mean 'fontWeight'?)"],
                "the merge key itself is not unknown")
    }

    @Test func unknownKeysWarnWithHints() throws {
        let folder = try write(["t.yaml": "body:\n  colour: red\nheadngs: []\ncustomStyles:\n  x: {fontWieght: bold}\n  y: {color: red}\n"])
        let (_, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("t.yaml").path)
        #expect(warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }.sorted() == [
            "t.yaml:2:3: warning: unknown key 'body.colour' ignored (did you mean 'foregroundColor'?)",
            "t.yaml:3:1: warning: unknown key 'headngs' ignored (did you mean 'headings'?)",
            "t.yaml:5:7: warning: unknown key 'customStyles.x.fontWieght' ignored (did you mean 'fontWeight'?)",
            "t.yaml:6:7: warning: unknown key 'customStyles.y.color' ignored (did you mean 'foregroundColor'?)",
        ])
    }

    /// A style key's former name (`color`, `weight`, `background`) is read as the name `^[…](…)`
    /// gives it, in every style, a code token's too, with a warning naming the new one: over a
    /// theme that writes the new name, and under the new name beside it.
    @Test func formerNamesAreReadWithAWarning() throws {
        let folder = try write(["old.yaml": """
            extends: default
            body: {color: navy, weight: bold}
            link:
              color: teal
              background: '#eeeeee'
            code:
              syntax: {comment: {color: gray, weight: bold, background: '#f0f0f0'}}
            quote: {color: red, foregroundColor: blue}
            """])
        let (theme, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("old.yaml").path)
        #expect(theme.body.text.color == Color(parsing: "navy"))
        #expect(theme.body.text.weight == .bold)
        #expect(theme.link.color == Color(parsing: "teal"))
        #expect(theme.link.background == Color(parsing: "#eeeeee"))
        #expect(theme.codeSyntax.style(of: .comment) == TokenStyle(color: Color(parsing: "gray"), background: Color(parsing: "#f0f0f0"),
                                                                   weight: .bold, italic: true), "over default's comment")
        #expect(theme.quote.text.color == Color(parsing: "blue"))
        #expect(warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
            "old.yaml:2:8: warning: key 'body.color' is now written 'foregroundColor', as in ^[…](…); read as that",
            "old.yaml:2:21: warning: key 'body.weight' is now written 'fontWeight', as in ^[…](…); read as that",
            "old.yaml:4:3: warning: key 'link.color' is now written 'foregroundColor', as in ^[…](…); read as that",
            "old.yaml:5:3: warning: key 'link.background' is now written 'backgroundColor', as in ^[…](…); read as that",
            "old.yaml:7:22: warning: key 'code.syntax.comment.color' is now written 'foregroundColor', as in ^[…](…); read as that",
            "old.yaml:7:35: warning: key 'code.syntax.comment.weight' is now written 'fontWeight', as in ^[…](…); read as that",
            "old.yaml:7:49: warning: key 'code.syntax.comment.background' is now written 'backgroundColor', as in ^[…](…); read as that",
            "old.yaml:8:9: warning: key 'quote.color' ignored: it is the former name of 'foregroundColor', which is set too",
        ])
    }

    /// A style key a style does not apply is left out with a warning naming those it does: a
    /// link has no line height, a body no band behind it, an alert's title the alert's colour.
    @Test func keysAStyleDoesNotApplyAreLeftOutWithAWarning() throws {
        let folder = try write(["t.yaml": """
            extends: default
            link: {lineHeight: 2, underline: true}
            body: {backgroundColor: red, barColor: blue}
            alerts:
              title: {color: red, italic: true}
            toc: {levels: [{}, {align: right}]}
            page: {footer: {style: {maxSize: 9}}}
            """])
        let (theme, warnings) = try ThemeLoader().loadReportingWarnings(folder.appendingPathComponent("t.yaml").path)
        #expect(theme.link.underline == true && theme.alerts.title.text.italic)
        #expect(theme.body.background == nil)
        let body = "font, size, fontWeight, italic, foregroundColor, underline, tracking, effect, lineHeight, spaceBefore, spaceAfter, "
            + "align, minSize, maxSize"
        #expect(warnings.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
            "t.yaml:2:8: warning: key 'link.lineHeight' ignored: link applies only font, size, fontWeight, italic, foregroundColor, "
                + "backgroundColor, underline",
            "t.yaml:3:8: warning: key 'body.backgroundColor' ignored: body applies only \(body)",
            "t.yaml:3:30: warning: key 'body.barColor' ignored: body applies only \(body)",
            "t.yaml:5:11: warning: key 'alerts.title.color' ignored: alerts.title applies only font, size, fontWeight, italic, "
                + "underline, tracking, effect, lineHeight, spaceBefore, spaceAfter, minSize, maxSize",
            "t.yaml:6:21: warning: key 'toc.levels[1].align' ignored: toc.levels[1] applies only font, size, fontWeight, italic, "
                + "foregroundColor, underline, tracking, effect, lineHeight, spaceBefore, spaceAfter, minSize, maxSize",
            "t.yaml:7:25: warning: key 'page.footer.style.maxSize' ignored: page.footer.style applies only font, size, fontWeight, "
                + "italic, foregroundColor, underline, tracking, effect",
        ])
    }

    @Test func textSizeScalesWithinMinAndMax() throws {
        let folder = try write(["t.yaml": "body: {size: 10, maxSize: 14}\nheadings:\n  - {size: 20, minSize: 22}\n"])
        let path = folder.appendingPathComponent("t.yaml").path
        let small = try ThemeLoader().load(path, scale: TextSize.xSmall.scale)
        let huge = try ThemeLoader().load(path, scale: TextSize.accessibility5.scale)
        #expect(abs(small.body.text.size - 10 * 14 / 17) < 0.001)
        #expect(huge.body.text.size == 14)
        #expect(small.headings[0].text.size == 22)
        #expect(abs(huge.headings[0].text.size - 20 * 53 / 17) < 0.001)
        #expect(TextSize.large.scale == 1)
    }

    @Test func colorsAndLengthsParse() throws {
        #expect(Color(parsing: "#abc") == Color(parsing: "#aabbcc"))
        #expect(Color(parsing: "rebeccapurple")?.description == "#663399")
        #expect(Color(parsing: "#00000080")?.alpha == 128.0 / 255)
        #expect(Color(parsing: "#12345") == nil)
        #expect(Margins(parsing: "20mm")?.top == 20 * 72 / 25.4)
        #expect(Margins(parsing: "1in,0.5in") == Margins(top: 72, right: 36, bottom: 72, left: 36))
        // What `encode(to:)` writes reads back; a list with a length that cannot be read is no margin.
        let margins = Margins(top: 10, right: 20, bottom: 30, left: 40)
        #expect(try JSONDecoder().decode(Margins.self, from: JSONEncoder().encode(margins)) == margins)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Margins.self, from: Data(#"["10", "x"]"#.utf8)) }
        #expect(PageSize(parsing: "210mmx297mm").map { abs($0.width - PageSize.a4.width) < 0.01 } == true)
        #expect(PageSize(parsing: "5x5") == nil, "smaller than half an inch")
    }
}
