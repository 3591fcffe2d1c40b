import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The `^[text](body)` grammar as in Apple's swift-cmark, dumped as runs.
@Suite struct AttributeSyntaxTests {
    private func dump(_ markdown: String) throws -> String {
        RunDump.blocks(try TestSupport.parse(markdown).blocks).joined(separator: "\n")
    }

    private func warnings(_ markdown: String) throws -> [String] {
        try TestSupport.parse(markdown).warnings.map(\.description)
    }

    @Test func emphasisResolvesInsideTheBrackets() throws {
        #expect(try dump("^[**very** important](customColor: 'danger')") == """
            Paragraph
              [0..<4] "very" strong customColor=danger
              [4..<14] " important" customColor=danger
            """)
    }

    @Test func attributesInsideEmphasis() throws {
        #expect(try dump("*a ^[b](size: 14) c*") == """
            Paragraph
              [0..<2] "a " emphasized
              [2..<3] "b" emphasized size=14
              [3..<5] " c" emphasized
            """)
    }

    @Test func nestedAttributesMergeWithTheInnerWinning() throws {
        #expect(try dump("^[a ^[b](size: 2, italic: false) c](size: 9, italic: true)") == """
            Paragraph
              [0..<2] "a " size=9 italic=true
              [2..<3] "b" size=2 italic=false
              [3..<5] " c" size=9 italic=true
            """)
    }

    @Test func bodiesAreJSON5WithBalancedParenthesesQuotesAndEscapes() throws {
        let markdown = #"^[x](font: ["A (b)", 'C)'], underline: {pattern: "dash", color: '#ff000080',}, size: 1.5e1,)"#
        #expect(try dump(markdown) == """
            Paragraph
              [0..<1] "x" font=A (b),C) size=15 underline=dash #ff000080
            """)
    }

    @Test func noMatchStaysLiteralText() throws {
        for source in ["^[a] (k: 1)", "^[a](k: 1", "\\^[a](k: 1)", "^ [a](size: 1)", "x^2 and 2^[3"] {
            let text = try TestSupport.parse(source).blocks
            guard case let .paragraph(runs)? = text.first else { Issue.record("\(source): no paragraph"); continue }
            #expect(String(runs.characters) == source.replacingOccurrences(of: "\\^", with: "^"), "\(source)")
            #expect(runs.runs.allSatisfy { $0[LetterpressAttributes.InlineAttributesAttribute.self] == nil })
        }
        #expect(try dump("`^[a](size: 1)`") == "Paragraph\n  [0..<13] \"^[a](size: 1)\" code")
    }

    /// A `^[` pairs only with the `]` that closes its own bracket: one whose bracket closed
    /// without a body takes no later `](…)`, and a `]` that closes a bracket within (plain,
    /// escaped or in a code span) is not its end.
    @Test func anOpenerPairsOnlyWithTheBracketThatClosesIt() throws {
        for source in ["x ^[a](k: 1 and \\^[b](size: 2) y", "^[a] b](size: 2)", "^[a](size: 1 c ^[d] e](size: 2"] {
            let text = try TestSupport.parse(source).blocks
            guard case let .paragraph(runs)? = text.first else { Issue.record("\(source): no paragraph"); continue }
            #expect(String(runs.characters) == source.replacingOccurrences(of: "\\^", with: "^"), "\(source)")
            #expect(runs.runs.allSatisfy { $0[LetterpressAttributes.InlineAttributesAttribute.self] == nil }, "\(source)")
        }
        #expect(try dump("^[a ^[b](size: 2 c](size: 5) d") == """
            Paragraph
              [0..<16] "a ^[b](size: 2 c" size=5
              [16..<18] " d"
            """)
        #expect(try dump("^[a [b] \\] `]` ^[c] d](size: 3)") == """
            Paragraph
              [0..<8] "a [b] ] " size=3
              [8..<9] "]" code size=3
              [9..<16] " ^[c] d" size=3
            """)
        #expect(try dump("^[a ^[b](size: 2) ^[c](size: 4) d](size: 5)") == """
            Paragraph
              [0..<2] "a " size=5
              [2..<3] "b" size=2
              [3..<4] " " size=5
              [4..<5] "c" size=4
              [5..<7] " d" size=5
            """)
    }

    @Test func referenceFormWithDefinitionsAnywhere() throws {
        let markdown = """
            ^[Read me][note] and ^[skip *this*][NOTE], not \\^[this][note] or ^[that][nowhere].

            ^[note]: customColor: 'highlight', tracking: 1
            """
        #expect(try dump(markdown) == """
            Paragraph
              [0..<7] "Read me" customColor=highlight tracking=1
              [7..<12] " and "
              [12..<17] "skip " customColor=highlight tracking=1
              [17..<21] "this" emphasized customColor=highlight tracking=1
              [21..<61] ", not ^[this][note] or ^[that][nowhere]."
            """)
    }

    @Test func linksInsideAndAsAttributes() throws {
        #expect(try dump("^[[site](https://a.example) text](link: 'https://b.example')") == """
            Paragraph
              [0..<4] "site" link=https://a.example
              [4..<9] " text" link=https://b.example
            """)
    }

    @Test func invalidBodiesKeepTheTextAndWarnWithLocation() throws {
        let markdown = "Intro line.\n\nSee ^[this](oops: [) and ^[that](effect: letterpress) now."
        #expect(try dump(markdown).hasSuffix("Paragraph\n  [0..<22] \"See this and that now.\""))
        #expect(try warnings(markdown) == [
            "test.md:3:5: warning: attributes 'oops: [' are not valid JSON5; text kept without them",
            "test.md:3:26: warning: attributes 'effect: letterpress' are not valid JSON5 (quote word values: effect: 'letterpress'); text kept without them",
        ])
        let document = try TestSupport.parse(markdown)
        guard case let .paragraph(text) = document.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(String(text.characters) == "See this and that now.")
    }

    /// The hint is found after a word as long as a body may be; it used to be looked for
    /// from each letter of the word, 90 s for this one.
    @Test(.timeLimit(.minutes(1))) func hintAfterTheLongestBody() {
        let body = String(repeating: "x", count: AttributeDecoder.maximumBodyLength - 20) + " effect: letterpress"
        let (decoded, problems) = AttributeDecoder.decode(body)
        #expect(decoded == nil)
        #expect(problems.count == 1 && problems[0].code == .invalidAttributes && problems[0].message.hasSuffix("are not valid JSON5 (quote word values: effect: 'letterpress'); text kept without them"))
    }

    /// cmark gives an autolink no position: its warning is at its paragraph.
    @Test func urlsPastTheLimitAreNotLinks() throws {
        let url = "https://example.com/" + String(repeating: "a", count: CmarkConverter.maximumURLLength)
        let markdown = "Intro.\n\nSee \(url) and [this](\(url)) or ^[that](link: '\(url)'), [fine](https://example.com)."
        let document = try TestSupport.parse(markdown)
        guard case let .paragraph(text) = document.blocks[1] else { Issue.record("no paragraph"); return }
        #expect(text.runs.compactMap(\.link) == ["https://example.com"])
        #expect(String(text.characters) == "See \(url) and this or that, fine.")
        #expect(try warnings(markdown) == [
            "test.md:3:1: warning: a link's URL of 8212 bytes is longer than the 8192 allowed; its text is shown without the link",
            "test.md:3:8222: warning: a link's URL of 8212 bytes is longer than the 8192 allowed; its text is shown without the link",
            "test.md:3:16446: warning: 'link' of 8212 bytes is longer than the 8192 allowed; attribute ignored",
        ])
    }

    @Test func bodiesThatNeverCloseWarnAtTheirOpener() throws {
        // The quote keeps the `)` inside the body, which then runs to the paragraph's end.
        let markdown = "Intro.\n\nHello ^[a](k: 'x) world, ^[b](tracking: 1) fine.\n\nAnd ^[c] (k: 1) is only text."
        #expect(try dump(markdown).contains("\"Hello ^[a](k: 'x) world, \"\n  [25..<26] \"b\" tracking=1"))
        #expect(try warnings(markdown) == [
            "test.md:3:7: warning: the body of this '^[…](' never closes, so it is shown as written (is a quote or a parenthesis left open?)",
        ])
    }

    @Test func referencesToUndefinedLabelsWarnOncePerLabel() throws {
        let markdown = "One ^[a][Missing] and ^[b][missing], ^[c][set], [link][nothing].\n\n^[set]: customColor: 'danger'"
        #expect(try dump(markdown).contains("\"One ^[a][Missing] and ^[b][missing], "))
        #expect(try warnings(markdown) == [
            "test.md:1:8: warning: no '^[missing]: …' line defines the attribute label 'missing', so '^[…][missing]' is shown as written",
        ])
        // Brackets inside the text are the text's own; brackets after an opener that matched
        // nothing are no reference of it.
        let nested = "See ^[outer [x][y] text][set], ^[a] (k: 1) then m[i][j].\n\n^[set]: tracking: 1"
        #expect(try dump(nested).contains("\"outer [x][y] text\" tracking=1"))
        #expect(try warnings(nested).isEmpty)
    }

    /// Twenty-four thousand references in one paragraph, nested ones and one whose label is not
    /// defined among them, are resolved in one pass (each used to shift the text after it: 12 000 took 37 s).
    @Test(.timeLimit(.minutes(1))) func manyReferencesInOneParagraph() throws {
        let markdown = Array(repeating: "^[t][set] ^[a ^[b][set] c][set] ^[d][nowhere]", count: 6_000).joined(separator: " ")
            + "\n\n^[set]: tracking: 1"
        let document = try TestSupport.parse(markdown)
        guard case let .paragraph(text) = document.blocks.first else { Issue.record("no paragraph"); return }
        let tracked = text.runs.filter { $0[LetterpressAttributes.InlineAttributesAttribute.self]?.tracking == 1 }.map { String(text[$0.range].characters) }
        #expect(tracked.count == 6_000 * 2 && tracked.prefix(2) == ["t", "a b c"])
        #expect(String(text.characters).hasPrefix("t a b c ^[d][nowhere] t a b c ^[d][nowhere]"))
        #expect(document.warnings.count == 1)
    }

    /// References nest as deep as other attributes: deeper ones keep the outer style (each
    /// level laid its attributes over all the text inside it: 2 000 levels took 6.4 s).
    @Test func referencesNestedTooDeepKeepTheOuterStyle() throws {
        let depth = CmarkConverter.maximumInlineDepth + 72
        let markdown = String(repeating: "^[a ", count: depth) + "z][deep]" + String(repeating: "][set]", count: depth - 1)
            + "\n\n^[set]: tracking: 1\n^[deep]: italic: true"
        let document = try TestSupport.parse(markdown)
        guard case let .paragraph(text) = document.blocks.first else { Issue.record("no paragraph"); return }
        #expect(String(text.characters) == String(repeating: "a ", count: depth) + "z")
        #expect(text.runs.count == 1 && text.runs.first?[LetterpressAttributes.InlineAttributesAttribute.self]?.tracking == 1)
        #expect(text.runs.first?[LetterpressAttributes.InlineAttributesAttribute.self]?.italic == nil)
        #expect(document.warnings.map(\.description) == [
            "test.md:1:1: warning: emphasis, links and attributes nested deeper than 128 levels keep the outer style",
        ])
    }

    @Test func unknownKeysAndValuesWarnWithHints() throws {
        #expect(try warnings("^[x](fontWieght: 'bold', fontWeight: 'bolder', size: 'big', customStyle: 'boldcaps')") == [
            "test.md:1:1: warning: unknown fontWeight 'bolder' (did you mean 'bold'?)",
            "test.md:1:1: warning: unknown attribute 'fontWieght' (did you mean 'fontWeight'?)",
            "test.md:1:1: warning: 'size' must be a number of points; attribute ignored",
        ])
        #expect(try dump("^[x](fontWieght: 'bold', customStyle: 'boldcaps')") == "Paragraph\n  [0..<1] \"x\" customStyle=boldcaps")
    }

    @Test func grammarAgreementKeysSayWhyTheyDoNothing() throws {
        #expect(try warnings("^[2 apple](inflect: true)") == [
            "test.md:1:1: warning: 'inflect' is Apple's automatic grammar agreement, which needs Apple's morphology engine (not on Linux); the text is kept as written",
        ])
        #expect(try dump("^[2 apple](inflect: true, italic: true)") == "Paragraph\n  [0..<7] \"2 apple\" italic=true")
    }

    @Test func anUnknownDirectionWarnsAndKeepsTheText() throws {
        #expect(try warnings("^[نص](direction: 'rtll')") == ["test.md:1:1: warning: unknown direction 'rtll' (did you mean 'rtl'?)"])
        #expect(try dump("^[نص](direction: 'rtl')") == "Paragraph\n  [0..<2] \"نص\" direction=rtl")
    }

    @Test func attributesWorkInHeadingsTablesAndLists() throws {
        let markdown = "# ^[Title](size: 30)\n\n- ^[item](italic: true)\n\n| ^[h](italic: true) |\n|---|\n| ^[c](size: 8) |"
        let dump = try dump(markdown)
        #expect(dump.contains("[0..<5] \"Title\" anchor=title size=30"))
        #expect(dump.contains("[0..<4] \"item\" italic=true"))
        #expect(dump.contains("Header \"h\""))
        #expect(dump.contains("Row \"c\""))
        let document = try TestSupport.parse(markdown)
        guard case let .table(table) = document.blocks[2] else { Issue.record("no table"); return }
        #expect(table.rows[0][0].runs.first?[LetterpressAttributes.InlineAttributesAttribute.self]?.size == 8)
    }

    /// The decoder, `merged(over:)` and `summary` go by `InlineAttributes.fields`: a key the
    /// table left out would be dropped without a word.
    @Test func everyKeyIsDecodedMergedAndShown() throws {
        let values = VocabularyTests.values
        #expect(Set(values.keys) == Set(InlineAttributes.keys))
        let body = InlineAttributes.keys.map { "\($0): \(values[$0] ?? "")" }.joined(separator: ", ")
        let (decoded, problems) = AttributeDecoder.decode(body)
        #expect(problems.isEmpty)
        let attributes = try #require(decoded)
        func unset(_ value: InlineAttributes) -> [String] {
            Mirror(reflecting: value).children.filter { $0.label != "location" && Mirror(reflecting: $0.value).children.isEmpty }
                .compactMap(\.label)
        }
        #expect(unset(attributes) == [])
        #expect(unset(InlineAttributes().merged(over: attributes)) == [])
        #expect(unset(attributes.merged(over: InlineAttributes())) == [])
        let shown = attributes.summary.compactMap { $0.split(separator: "=").first.map(String.init) }
        #expect(shown == InlineAttributes.keys.filter { $0 != "link" }, "summary shows the link as the run's")
    }

    @Test func archivesRoundTripEveryAttribute() throws {
        let markdown = "# T\n\n^[a *b*](customColor: 'danger', underline: {pattern: 'dot', color: 'red'}) [l](https://x.example)[^1]\n\n[^1]: Note."
        let document = try TestSupport.parse(markdown)
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: "menlo"))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.theme == "menlo")
        #expect(RunDump.blocks(archive.document.blocks) == RunDump.blocks(document.blocks))
        #expect(archive.document.footnotes.count == 1)
        #expect(try DocumentArchive.read(Data("# Not JSON".utf8), file: "x.md") == nil)
    }
}
