import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Blocks are one tree, parsed and styled, passed over by visitors and archived by its own
/// coding: every kind must come through each of them.
@Suite struct BlockTreeTests {
    /// Fixtures/every-kind.md has a block of every kind, some inside lists, quotes and the
    /// footnote; every-kind.json is what `render inspect --json` wrote for it before blocks were
    /// one tree. Kinds added since are in `newerKinds`, which the tests add to the file.
    static let markdown = TestSupport.fixtures.appendingPathComponent("every-kind.md")
    static let oldArchive = TestSupport.fixtures.appendingPathComponent("every-kind.json")
    static let newerKinds = """

        > [!WARNING]
        > An alert, with a list:
        >
        > - in it

        [TOC]

        $$
        x + y
        $$

        Term
        :   A definition.
        """

    static let kinds = ["heading", "paragraph", "list", "blockQuote", "alert", "code", "thematicBreak", "table", "image",
                        "pageBreak", "contents", "math", "definitionList"]

    /// The kinds of blocks and of the blocks inside them, in document order.
    struct KindNames<Text: BlockText>: BlockVisitor {
        mutating func visitHeading(level: Int, text: Text) -> [String] { ["heading"] }
        mutating func visitParagraph(_ text: Text) -> [String] { ["paragraph"] }
        mutating func visitList(_ list: BlockTree<Text>.List) -> [String] {
            ["list"] + list.items.flatMap { $0.blocks.flatMap { visit($0) } }
        }
        mutating func visitBlockQuote(_ blocks: [BlockTree<Text>]) -> [String] { ["blockQuote"] + blocks.flatMap { visit($0) } }
        mutating func visitAlert(_ callout: Callout, _ blocks: [BlockTree<Text>]) -> [String] { ["alert"] + blocks.flatMap { visit($0) } }
        mutating func visitCode(_ code: Text.Code) -> [String] { ["code"] }
        mutating func visitThematicBreak() -> [String] { ["thematicBreak"] }
        mutating func visitTable(_ table: BlockTree<Text>.Table) -> [String] { ["table"] }
        mutating func visitImage(_ image: ImageReference) -> [String] { ["image"] }
        mutating func visitPageBreak() -> [String] { ["pageBreak"] }
        mutating func visitDivision(_ division: BlockTree<Text>.Division) -> [String] { ["division"] + division.blocks.flatMap { visit($0) } }
        mutating func visitContents(_ contents: BlockTree<Text>.Contents) -> [String] { ["contents"] }
        mutating func visitMath(_ math: MathSpan) -> [String] { ["math"] }
        mutating func visitDefinitionList(_ list: BlockTree<Text>.DefinitionList) -> [String] {
            ["definitionList"] + list.items.flatMap { $0.definitions.joined().flatMap { visit($0) } }
        }
    }

    static func names<Text: BlockText>(_ blocks: [BlockTree<Text>]) -> [String] {
        var names = KindNames<Text>()
        return blocks.flatMap { names.visit($0) }
    }

    static func document() throws -> Document {
        try MarkdownParser.parse(String(contentsOf: markdown, encoding: .utf8) + newerKinds, file: "every-kind.md")
    }

    /// The file as the first archives knew it: without the newer kinds, and without anchors
    /// and links inside the document, which came later.
    static func firstArchivedDocument() throws -> Document {
        var document = try MarkdownParser.parse(String(contentsOf: markdown, encoding: .utf8), file: "every-kind.md")
        func plain(_ text: AttributedString) -> AttributedString {
            var text = text
            text[text.startIndex..<text.endIndex][LetterpressAttributes.AnchorAttribute.self] = nil
            for run in text.runs where run[LetterpressAttributes.LinkAttribute.self]?.hasPrefix("#") == true {
                text[run.range][LetterpressAttributes.LinkAttribute.self] = nil
            }
            return text
        }
        func plain(_ block: Block) -> Block {
            switch block {
            case let .heading(level, text): return .heading(level: level, text: plain(text))
            case let .paragraph(text): return .paragraph(plain(text))
            case let .list(list):
                var list = list
                list.items = list.items.map { Block.List.Item(task: $0.task, blocks: $0.blocks.map(plain)) }
                return .list(list)
            case let .blockQuote(blocks): return .blockQuote(blocks.map(plain))
            case let .alert(callout, blocks): return .alert(callout, blocks.map(plain))
            case let .table(table):
                return .table(Block.Table(alignments: table.alignments, header: table.header.map(plain), rows: table.rows.map { $0.map(plain) }))
            case let .division(division):
                return .division(Block.Division(alignment: division.alignment, indented: division.indented, blocks: division.blocks.map(plain)))
            case .code, .thematicBreak, .image, .pageBreak, .contents, .math, .definitionList: return block
            }
        }
        document.blocks = document.blocks.map(plain)
        document.footnotes = document.footnotes.map { Block.Footnote(number: $0.number, label: $0.label, blocks: $0.blocks.map(plain)) }
        return document
    }

    @Test func aVisitorVisitsEveryKindNestedOrNot() throws {
        let document = try Self.document()
        let names = Self.names(document.blocks)
        #expect(Set(names) == Set(Self.kinds))
        #expect(names.filter { $0 == "paragraph" }.count == 9, "in list items, quotes, alerts and definitions too")
        #expect(Self.names(document.footnotes.flatMap(\.blocks)) == ["paragraph"], "the image is in the line")
        #expect(document.imageSources == ["pic.png", "inner.png"])
    }

    @Test func stylingKeepsEveryBlockAndItsKind() throws {
        let document = try Self.document()
        let theme = TestSupport.defaultTheme
        var warnings: [Warning] = []
        let styler = Styler(theme: theme)
        let styled = styler.style(document.blocks, paragraph: theme.body.text, warnings: &warnings)
        #expect(Self.names(styled) == Self.names(document.blocks))
        let footnotes = styler.style(document.footnotes, warnings: &warnings)
        #expect(footnotes.map(\.number) == [1])
        #expect(Self.names(footnotes.flatMap(\.blocks)) == ["paragraph"])
        #expect(warnings.isEmpty)
        guard case let .table(table) = styled[7] else { Issue.record("no table"); return }
        #expect(table.rows.map(\.count) == [3, 3], "short rows get empty cells")
        guard case let .blockQuote(quote) = styled[3], case let .paragraph(quoted) = quote[0] else { Issue.record("no quote"); return }
        #expect(quoted.runs.first?.style == styler.style(AttributedString("quoted"), base: theme.quote.text, warnings: &warnings).runs.first?.style)
    }

    @Test func everyKindRoundTripsThroughTheArchive() throws {
        let document = try Self.document()
        for block in document.blocks + document.footnotes.flatMap(\.blocks) {
            let read = try JSONDecoder().decode(Block.self, from: try JSONEncoder().encode(block))
            #expect(read == block, "\(Self.names([block]))")
        }
        let data = try JSONEncoder().encode(DocumentArchive(document, theme: "menlo"))
        let archive = try #require(try DocumentArchive.read(data, file: "x.json"))
        #expect(archive.document.blocks == document.blocks)
        #expect(archive.document.footnotes == document.footnotes)
    }

    /// A code block's `language` is its language, as archives always wrote it; fence options
    /// beside it go in `info`, and an archive written with the whole info string in `language`
    /// reads as the same block.
    @Test func codeBlocksArchiveTheirLanguageAndTheirOptionsApart() throws {
        let block = Block.code(CodeBlock(info: #"swift {linenos hl_lines="2"}"#, text: "let a = 1\n"))
        let json = try #require(String(data: try JSONEncoder().encode(block), encoding: .utf8))
        #expect(json.contains(#""language":"swift""#))
        #expect(try JSONDecoder().decode(Block.self, from: Data(json.utf8)) == block)
        let plain = Block.code(CodeBlock(info: "swift", text: "x\n"))
        #expect(!(try #require(String(data: try JSONEncoder().encode(plain), encoding: .utf8))).contains("info"))
        let written = Data(#"{"type":"code","language":"swift {linenos}","text":"x\n"}"#.utf8)
        #expect(try JSONDecoder().decode(Block.self, from: written) == .code(CodeBlock(info: "swift {linenos}", text: "x\n")))
    }

    /// A fence's title, as MkDocs and pandoc write it after the language.
    @Test func codeBlocksTakeTheirTitleFromTheInfoString() {
        #expect(CodeBlock(info: #"mermaid title="Deploy flow""#, text: "").title == "Deploy flow")
        #expect(CodeBlock(info: "dot caption='Graph: one'  {.wide}", text: "").title == "Graph: one")
        #expect(CodeBlock(info: #"python title="""#, text: "").title == nil)
        #expect(CodeBlock(info: #"title="alone""#, text: "").title == nil, "the first word is the language")
        #expect(CodeBlock(info: "mermaid subtitle=\"x\"", text: "").title == nil)
    }

    /// The archive is a contract: what the first archives wrote is read as the same document,
    /// and written again byte for byte as `render inspect --json` writes it, but for its
    /// version. One meaning has changed since: an image among text (the footnote's) is now set
    /// in the line, where it was a block after the text.
    @Test func archivesWrittenBeforeReadAndWriteTheSame() throws {
        let document = try Self.firstArchivedDocument()
        let old = try Data(contentsOf: Self.oldArchive)
        let archive = try #require(try DocumentArchive.read(old, file: "every-kind.json"))
        #expect(archive.document.blocks == document.blocks)
        #expect(RunDump.blocks(archive.document.footnotes[0].blocks) == [
            "Paragraph", "  [0..<14] \"The note, with\"", "Image inner.png alt=\"inner\" @34:22",
        ])
        #expect(RunDump.blocks(document.footnotes[0].blocks) == [
            "Paragraph", "  [0..<15] \"The note, with \"", "  [15..<16] \"\\u{FFFC}\" image=inner.png",
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let written = try encoder.encode(DocumentArchive(archive.document, theme: nil)) + Data("\n".utf8)
        // Written again in the current version, which adds nothing a first archive's note had.
        #expect(String(decoding: written, as: UTF8.self)
            == String(decoding: old, as: UTF8.self).replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : \(DocumentArchive.currentVersion)"))
        #expect(archive.characters == DocumentArchive(archive.document, theme: nil).characters)
    }

    @Test func anUnknownKindIsAnUnreadableArchive() throws {
        let json = #"{"format": "letterpress-runs", "version": 1, "characters": 0, "runCount": 0, "footnotes": [], "blocks": [{"type": "details"}]}"#
        #expect(throws: LetterpressError.self) { try DocumentArchive.read(Data(json.utf8), file: "x.json") }
    }
}
