import CCmarkGFM
import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// What the converter's first pass gathers before any block is built, and what the table of
/// contents makes of it.
@Suite struct CmarkIndexTests {
    /// `check` given the index of `markdown` and the top-level nodes of its tree.
    private func index(of markdown: String, contents: ContentsSetting? = nil, _ check: (CmarkIndex, [OpaquePointer]) -> Void) throws {
        let session = ParseSession(body: markdown, file: "test.md", variables: [:])
        let root = try #require(MarkdownParser.parseTree(markdown, session: session))
        defer { cmark_node_free(root) }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        check(CmarkIndex(root, source: markdown, lines: lines, contents: contents), CmarkNode.children(of: root))
    }

    @Test func anchorsFurtherDownAreKnownBeforeTheFirstBlock() throws {
        try index(of: "See [later](#later).[^n]\n\n# Later\n\n<a name=\"place\"></a>\n\n# Later\n\n[^n]: A note.\n") { index, nodes in
            #expect(index.anchors.link(to: "#later") == "#later")
            #expect(index.anchors.link(to: "#place") == "#place")
            #expect(index.anchors.link(to: "#fn-n") == "#fn-n")
            #expect(index.headingAnchors[nodes[1]] == "later")
            #expect(index.headingAnchors[nodes[3]] == "later-1")
            #expect(index.anchors.footnoteLabel(1) == "n")
        }
    }

    @Test func theFirstDefinitionOfALabelWinsAndItsParagraphShowsNothing() throws {
        try index(of: "^[a][big] text\n\n^[big]: size: 20\n^[BIG]: size: 30\n\n> ^[small]: italic: true\n") { index, nodes in
            #expect(index.attributeDefinitions["big"]?.body == "size: 20")
            #expect(index.attributeDefinitions["big"]?.location == SourceLocation(line: 3, column: 1))
            #expect(index.attributeDefinitions["small"]?.body == "italic: true")
            #expect(index.definitionParagraphs.contains(nodes[1]))
            #expect(!index.definitionParagraphs.contains(nodes[0]))
            #expect(index.definitionParagraphs.count == 2)
        }
    }

    @Test func contentsListTopLevelHeadingsButTheTitleAndTheUnlisted() throws {
        let markdown = "# Title\n\n[TOC]\n\n## One {.unlisted}\n\n## Two *em*\n\n> ## Quoted\n\n> [TOC]\n"
        try index(of: markdown) { index, nodes in
            #expect(index.titleHeading == nodes[0])
            #expect(index.contentsLines == [nodes[1]])
            #expect(index.listedHeadings.map(\.text) == ["Two em"])
            #expect(index.listedHeadings.map(\.anchor) == ["two-em"])
            #expect(index.headingAnchors[nodes[2]] == "one")
        }
        try index(of: "# A\n\n# B\n", contents: ContentsSetting()) { index, _ in
            #expect(index.titleHeading == nil, "two first-level headings: neither is the title")
            #expect(index.listedHeadings.map(\.level) == [1, 1])
        }
        try index(of: "# Title\n\n## One\n") { index, _ in
            #expect(index.titleHeading == nil && index.listedHeadings.isEmpty, "no toc: and no [TOC] line: nothing gathered")
        }
    }

    @Test func pageNumbersArePlaceholdersUntilALayoutFindsThem() {
        let before = TableOfContents(headings: [], setting: nil, pageNumbers: nil)
        #expect(before.pageNumber(at: "#intro") == "00")
        #expect(before.pageNumber(at: nil) == "??")
        let after = TableOfContents(headings: [], setting: nil, pageNumbers: PageNumbers(["intro": 4]))
        #expect(after.pageNumber(at: "#intro") == "4")
        #expect(after.pageNumber(at: "#") == "1")
        #expect(after.pageNumber(at: "#gone") == "??")
    }

    @Test func theContentsIndentFromTheShallowestLevelListed() {
        let headings = [(level: 2, text: "Two", anchor: "two"), (level: 3, text: "Three", anchor: "three"), (level: 4, text: "Four", anchor: "four")]
        let contents = TableOfContents(headings: headings, setting: ContentsSetting(depth: 3, title: ""), pageNumbers: PageNumbers(["two": 2]))
        guard case let .contents(block) = contents.block() else { Issue.record("not a contents block"); return }
        #expect(block.title == nil)
        #expect(block.entries.map(\.indent) == [0, 1])
        #expect(block.entries.map(\.page) == [2, nil])
    }
}
