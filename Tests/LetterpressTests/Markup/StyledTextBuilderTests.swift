import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Styled text built in code: the same document as the Markdown of the same content, through
/// run dumps and, with the parsed attributes' locations left out, as values.
@Suite struct StyledTextBuilderTests {
    private let theme = TestSupport.defaultTheme
    private static let bold = InlineAttributes(fontWeight: .bold)

    private func dump(_ document: Document) -> String {
        RunDump.blocks(document.blocks).joined(separator: "\n")
    }

    /// The document `markdown` parses into, its attributes without their source locations,
    /// which the builder has none of.
    private func parsed(_ markdown: String) throws -> Document {
        var document = try TestSupport.parse(markdown)
        document.blocks = document.blocks.map { block in
            switch block {
            case let .paragraph(text): .paragraph(withoutLocations(text))
            case let .heading(level, text): .heading(level: level, text: withoutLocations(text))
            default: block
            }
        }
        return document
    }

    private func withoutLocations(_ text: AttributedString) -> AttributedString {
        var text = text
        for (attributes, range) in text.runs[LetterpressAttributes.InlineAttributesAttribute.self] {
            guard var attributes else { continue }
            attributes.location = nil
            text[range][LetterpressAttributes.InlineAttributesAttribute.self] = attributes
        }
        return text
    }

    /// Whether the builder's document is the Markdown's: dumps, blocks and archive alike.
    private func expectSame(_ built: StyledTextBuilder, as markdown: String,
                            sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let expected = try parsed(markdown)
        let document = built.document
        #expect(dump(document) == dump(expected), sourceLocation: sourceLocation)
        #expect(try archive(document) == archive(expected), sourceLocation: sourceLocation)
    }

    /// The document as `render inspect --json` writes it.
    private func archive(_ document: Document) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(DocumentArchive(document, theme: nil))
    }

    @Test func theChainingExampleIsItsMarkdown() throws {
        let built = StyledTextBuilder(theme: theme).add(text: "Total: ").save()
            .add(attributes: .init(fontWeight: .bold, customColor: .danger)).add(text: "€120").restore().add(text: " due")
        try expectSame(built, as: "Total: ^[€120](fontWeight: 'bold', customColor: 'danger') due")
        #expect(dump(built.document) == """
            Paragraph
              [0..<7] "Total: "
              [7..<11] "€120" customColor=danger fontWeight=bold
              [11..<15] " due"
            """)
    }

    @Test func savedStylesNestAndRestoreInOrder() throws {
        let built = StyledTextBuilder(theme: theme)
            .save().add(attributes: .init(size: 9, italic: true)).add(text: "a ")
            .save().add(attributes: .init(size: 2, italic: false)).add(text: "b").restore()
            .add(text: " c").restore().add(text: " d")
        try expectSame(built, as: "^[a ^[b](size: 2, italic: false) c](size: 9, italic: true) d")
    }

    /// An unmatched `restore()` keeps the style as it is, as StyledTextKit's does.
    @Test func restoringWithNothingSavedKeepsTheStyle() throws {
        let built = StyledTextBuilder(theme: theme).add(attributes: Self.bold).restore().add(text: "x").restore().restore()
        try expectSame(built, as: "^[x](fontWeight: 'bold')")
    }

    @Test func clearingDropsTheStyleButNotTheSavedOnes() throws {
        let built = StyledTextBuilder(theme: theme).add(attributes: Self.bold).add(text: "a").save()
            .clearStyle().add(text: " b ").restore().add(text: "c")
        try expectSame(built, as: "^[a](fontWeight: 'bold') b ^[c](fontWeight: 'bold')")
    }

    @Test func sizeLimitsClampTheSizesSetAfterThem() throws {
        let built = StyledTextBuilder(theme: theme).limitSize(minimum: 8, maximum: 20)
            .save().add(attributes: .init(size: 40)).add(text: "big").restore()
            .add(attributes: .init(size: 3)).add(text: "small")
        try expectSame(built, as: "^[^[big](size: 40)^[small](size: 3)](minSize: 8, maxSize: 20)")
        guard case let .paragraph(text)? = built.document.blocks.first else { Issue.record("no paragraph"); return }
        var warnings: [Warning] = []
        let styled = Styler(theme: theme).style(text, base: theme.body.text, warnings: &warnings)
        #expect(styled.runs.map(\.style.size) == [20, 8])
        #expect(warnings.isEmpty)
    }

    @Test func imagesSitInTheLineOrFloatBetweenTheParagraphsParts() throws {
        let inLine = ImageReference(source: "pic.png", alt: "pic", title: "", location: SourceLocation(line: 1, column: 3))
        try expectSame(StyledTextBuilder(theme: theme).add(text: "a ").add(image: inLine).add(text: " b"), as: "a ![pic](pic.png) b")
        try expectSame(StyledTextBuilder(theme: theme).add(image: inLine), as: "  ![pic](pic.png)")

        let floating = ImageReference(source: "pic.png", alt: "pic", title: "", location: SourceLocation(line: 1, column: 10))
        let built = StyledTextBuilder(theme: theme).add(text: "before ")
            .save().add(attributes: .init(float: .right, width: .points(120))).add(image: floating).restore()
            .add(text: " after")
        try expectSame(built, as: "before ^[![pic](pic.png)](float: 'right', width: 120) after")
        #expect(dump(built.document) == """
            Paragraph
              [0..<6] "before"
            Image pic.png alt="pic" @1:10
            Paragraph
              [0..<5] "after"
            """)
        guard case let .image(image)? = built.document.blocks.dropFirst().first else { Issue.record("no image block"); return }
        #expect(image.float == .right && image.width == .points(120))
    }

    @Test func linksAsMarkdownLinksAndAsAttributes() throws {
        try expectSame(StyledTextBuilder(theme: theme).add(text: "see ").add(text: "site", link: "https://a.example").add(text: "."),
                       as: "see [site](https://a.example).")
        let built = StyledTextBuilder(theme: theme).save().add(attributes: .init(link: "https://b.example"))
            .add(text: "site", link: "https://a.example").add(text: " text").restore()
        try expectSame(built, as: "^[[site](https://a.example) text](link: 'https://b.example')")
    }

    @Test func paragraphBreaksLineBreaksAndHeadings() throws {
        let built = StyledTextBuilder(theme: theme).add(heading: "Basics").add(text: "one\ntwo ").addParagraphBreak()
            .addParagraphBreak().add(text: " three").add(heading: " Basics ", level: 2).add(text: "to ").add(text: "top", link: "#basics")
        try expectSame(built, as: "# Basics\n\none  \ntwo\n\nthree\n\n## Basics\n\nto [top](#basics)")
    }

    /// Every key of the vocabulary, set through the initializer, is the key a body sets.
    @Test func everyAttributeFamilyIsTheBodys() throws {
        let body = """
            customStyle: 'boldcaps', customColor: 'highlight', font: ['DejaVu Serif'], size: 14, minSize: 8, maxSize: 30, \
            textStyle: 'title', fontWeight: 'semibold', fontDesign: 'serif', fontWidth: 'condensed', italic: true, \
            monospaced: false, monospacedDigit: true, smallCaps: false, lowercaseSmallCaps: true, foregroundColor: '#112233', \
            backgroundColor: '#fafafa', underline: {pattern: 'dash', color: '#ff0000'}, strikethrough: true, kerning: 1, \
            tracking: 2, baselineOffset: 3, effect: 'letterpress', textTransform: 'capitalize', lineLimit: 2, \
            truncation: 'middle', minimumScaleFactor: 0.5, allowsTightening: true, lang: 'pt-BR', localized: 'greeting', \
            locale: 'de', link: 'https://example.com', float: 'left', width: '40%', direction: 'rtl'
            """
        let attributes = InlineAttributes(
            font: ["DejaVu Serif"], size: 14, minSize: 8, maxSize: 30,
            textStyle: .title, fontWeight: .semibold, fontDesign: .serif, fontWidth: .condensed, italic: true,
            monospaced: false, monospacedDigit: true, smallCaps: false, lowercaseSmallCaps: true,
            foregroundColor: Color(parsing: "#112233"), backgroundColor: Color(parsing: "#fafafa"),
            underline: LineDecoration(pattern: .dash, color: Color(parsing: "#ff0000")), strikethrough: LineDecoration(),
            kerning: 1, tracking: 2, baselineOffset: 3, effect: .letterpress, textTransform: .capitalize, lineLimit: 2,
            truncation: .middle, minimumScaleFactor: 0.5, allowsTightening: true, lang: LanguageTag(parsing: "pt-BR"), localized: "greeting",
            locale: "de", link: "https://example.com",
            float: .left, width: .fraction(0.4), direction: .rtl, customStyle: .boldcaps, customColor: .highlight)
        let (decoded, problems) = AttributeDecoder.decode(body)
        #expect(problems.isEmpty)
        #expect(attributes == decoded)
        #expect(attributes.summary.count == InlineAttributes.fields.count - 1, "every key but link, which dumps show as the run's")
        try expectSame(StyledTextBuilder(theme: theme).add(attributes: attributes).add(text: "hi"), as: "^[hi](\(body))")
    }

    @Test func theResultBuilderFormIsTheChainedCalls() throws {
        let items = ["tea", "cake"]
        let overdue = true
        let built = StyledTextBuilder(theme: theme) {
            StyledTextPart.heading("Bill")
            "Total: "
            StyledTextPart.styled(.init(fontWeight: .bold)) {
                StyledTextPart.styled(.init(customColor: .danger)) { "€120" }
                if overdue { " overdue" } else { " due" }
            }
            StyledTextPart.paragraphBreak
            for item in items { StyledTextPart.text(item + " ", link: "#bill") }
        }
        let chained = StyledTextBuilder(theme: theme).add(heading: "Bill").add(text: "Total: ")
            .save().add(attributes: .init(fontWeight: .bold))
            .save().add(attributes: .init(customColor: .danger)).add(text: "€120").restore()
            .add(text: " overdue").restore().addParagraphBreak()
            .add(text: "tea ", link: "#bill").add(text: "cake ", link: "#bill")
        #expect(dump(built.document) == dump(chained.document))
        #expect(try archive(built.document) == archive(chained.document))
        try expectSame(built, as: "# Bill\n\nTotal: ^[^[€120](customColor: 'danger') overdue](fontWeight: 'bold')\n\n[tea ](#bill)[cake](#bill)")
    }

    @Test func theNamedStylesAndColoursAreTheBuiltInOnes() {
        #expect(Set([CustomStyleName.boldcaps, .smallitalics, .mark].map(\.rawValue)) == Set(ThemeResolver.builtinStyles.keys))
        #expect(Set([CustomColorName.danger, .highlight].map(\.rawValue)) == Set(ThemeResolver.builtinColors.keys))
        let named: CustomColorName = "brand"
        #expect(InlineAttributes(customColor: named).customColor == "brand")
    }

    @Test func theDefaultThemeIsTheShippedOne() throws {
        #expect(StyledTextBuilder().theme.name == "default")
        #expect(Theme.default.customColors["danger"] == ThemeResolver.builtinColors["danger"])
    }
}

/// A built document typeset and drawn as a note is.
@Suite(.fontWork) struct StyledTextBuilderRenderingTests {
    @Test func theChainingExampleDrawsItsTextInTheDangerRed() throws {
        let builder = StyledTextBuilder().add(text: "Total: ").save()
            .add(attributes: .init(fontWeight: .bold, customColor: .danger)).add(text: "€120").restore().add(text: " due")
        var options = RenderOptions()
        options.pageSize = .a5
        let styled = Styler(theme: builder.theme, file: "built").style(builder.document)
        let typeset = try Typesetter(options: options).typeset(styled)
        #expect(typeset.warnings.isEmpty)
        let page = try #require(typeset.pages.first)
        let red = try #require(Color(parsing: "#d7263d"))
        #expect(page.items.contains { if case let .fill(_, color) = $0 { color == red } else { false } }, "the danger background")
        let runs = page.items.flatMap { item -> [GlyphRun] in if case let .text(line) = item { line.runs } else { [] } }
        #expect(runs.contains { $0.color == Color.white }, "the danger text")

        let pdf = try #require(try OutputWriter(format: .pdf).data(for: typeset).first)
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("built.pdf")
        try pdf.write(to: file)
        #expect(try pdfText(file).contains("Total: €120 due"))
    }
}
