import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Custom styles built on others (`customStyle:` in a theme's `customStyles`), and the
/// `minSize`/`maxSize` of elements and custom styles, which sizes set inline keep within.
@Suite struct CustomStyleCompositionTests {
    private func theme(_ yaml: String) throws -> Theme {
        let file = try TestSupport.temporaryFolder().appendingPathComponent("t.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return try ThemeLoader().load(file.path)
    }

    /// The styles of the runs of `markdown`'s first block, over `base` (the body's by default).
    private func runs(_ markdown: String, theme: Theme, base: KeyPath<Theme, TextStyle> = \.body.text) throws -> [(String, TextStyle)] {
        let document = try TestSupport.parse(markdown)
        let text: AttributedString
        switch document.blocks.first {
        case let .paragraph(paragraph)?: text = paragraph
        case let .heading(_, heading)?: text = heading
        default: throw LetterpressError.invalidOption(.internalError, "no paragraph or heading")
        }
        var warnings: [Warning] = []
        let styled = Styler(theme: theme, file: "t.md").style(text, base: theme[keyPath: base], warnings: &warnings)
        #expect(warnings.isEmpty)
        let bytes = Array(styled.string.utf8)
        return styled.runs.map { (String(decoding: bytes[$0.range], as: UTF8.self), $0.style) }
    }

    @Test func aCustomStyleBuildsOnAChainAndItsOwnKeysWin() throws {
        let theme = try theme("""
            customStyles:
              shout: {customStyle: boldcaps, foregroundColor: '#d7263d'}
              whisper: {customStyle: shout, textTransform: lowercase, italic: true}
            """)
        #expect(theme.customStyles["whisper"] == {
            var a = InlineAttributes()
            a.fontWeight = .bold
            a.textTransform = .lowercase
            a.italic = true
            a.foregroundColor = Color(parsing: "#d7263d")
            return a
        }())
        let styled = try runs("^[a](customStyle: 'shout') ^[b](customStyle: 'whisper', foregroundColor: 'blue')", theme: theme)
        let shout = styled[0].1, whisper = styled[2].1
        #expect(shout.weight == .bold && shout.transform == .uppercase && shout.color == Color(parsing: "#d7263d"))
        #expect(whisper.weight == .bold && whisper.transform == .lowercase && whisper.italic && whisper.color == Color(parsing: "blue"))
    }

    @Test func anUnknownBaseOrACycleIsAThemeErrorAtItsLine() throws {
        func failure(_ yaml: String) -> String? {
            do {
                _ = try theme(yaml)
                return nil
            } catch {
                return String(describing: error).components(separatedBy: "t.yaml").last
            }
        }
        #expect(failure("customStyles:\n  shout: {customStyle: boldcap}\n") ==
            ":2:24: customStyles.shout.customStyle: no custom style 'boldcap' (did you mean 'boldcaps'?)")
        #expect(failure("customStyles:\n  a: {customStyle: b}\n  b:\n    italic: true\n    customStyle: a\n  c: {customStyle: a}\n") ==
            ":2:20: customStyles.a.customStyle: makes a cycle: a → b → a")
        #expect(failure("customStyles:\n  me: {customStyle: me}\n") == ":2:21: customStyles.me.customStyle: makes a cycle: me → me")
    }

    @Test func anInlineSizeKeepsWithinTheElementsLimitsBothWays() throws {
        let theme = try theme("heading: {maxSize: 20}\nbody: {minSize: 9, maxSize: 14}\n")
        let heading = try runs("# Big ^[huge](size: 40) ^[title](textStyle: 'largeTitle') ^[small](size: 6)", theme: theme,
                               base: \.headings[0].text)
        #expect(heading.map(\.1.size) == [theme.headings[0].text.size, 20, theme.headings[0].text.size, 20,
                                          theme.headings[0].text.size, 6])
        let body = try runs("Body ^[tiny](size: 4) ^[big](size: 30) ^[caption](textStyle: 'caption2')", theme: theme)
        #expect(body.map(\.1.size) == [10.5, 9, 10.5, 14, 10.5, 9])
        // `heading:` bounds every level unless the level's own style in `headings:` sets limits.
        let levels = try self.theme("extends: default\nheading: {maxSize: 20}\nheadings: [{size: 26}, {size: 21, maxSize: 30}]\n")
        #expect(try runs("# ^[a](size: 40)", theme: levels, base: \.headings[0].text).map(\.1.size) == [20])
        #expect(try runs("## ^[a](size: 40)", theme: levels, base: \.headings[1].text).map(\.1.size) == [30])
    }

    /// A custom style's limits bound the sizes set inside it, the element's too: both hold.
    @Test func aCustomStylesLimitsBoundSizesSetWithIt() throws {
        let theme = try theme("""
            body: {maxSize: 16}
            customStyles:
              fine: {minSize: 8, maxSize: 9, italic: true}
              loud: {customStyle: fine, maxSize: 30, size: 40}
            """)
        let styled = try runs("^[a](customStyle: 'fine', size: 20) ^[b](customStyle: 'fine', size: 2) ^[c](customStyle: 'loud')", theme: theme)
        #expect(styled.map(\.1.size) == [9, 10.5, 8, 10.5, 16])
        // Without a size set, the text keeps the element's own.
        #expect(try runs("^[d](customStyle: 'fine')", theme: theme).map(\.1.size) == [10.5])
    }
}
