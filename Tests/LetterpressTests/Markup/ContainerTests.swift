import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// The block containers of MkDocs (admonitions, content tabs), Docusaurus and VitePress (`:::`
/// containers), pandoc (fenced divs) and MDX's statements, read by the pass before cmark.
@Suite struct ContainerTests {
    private func parse(_ markdown: String, dialect: MarkupDialect = .automatic) -> Document {
        MarkdownParser.parseBody(markdown, file: "n.md", dialect: dialect)
    }

    private func dump(_ markdown: String, dialect: MarkupDialect = .automatic) -> String {
        RunDump.blocks(parse(markdown, dialect: dialect).blocks).joined(separator: "\n")
    }

    private func warnings(_ markdown: String, dialect: MarkupDialect = .automatic) -> [String] {
        parse(markdown, dialect: dialect).warnings.map(\.description)
    }

    @Test func anAdmonitionsIndentedBodyHoldsMarkdown() {
        let note = "!!! note\n    A list:\n\n    - one\n    - two\n\n    $$x^2$$\n\n        code\n\nAfter."
        let blocks = parse(note).blocks
        guard case let .alert(callout, inner) = blocks.first else { Issue.record("\(blocks)"); return }
        #expect(callout == Callout(.note))
        let kinds = inner.map { block -> String in
            switch block {
            case .paragraph: "paragraph"
            case .list: "list"
            case .math: "math"
            case let .code(code): "code \(code.text)"
            default: "other"
            }
        }
        #expect(kinds == ["paragraph", "list", "math", "code code"])
        #expect(blocks.count == 2)
    }

    @Test func admonitionMarkersAndTitles() {
        #expect(dump("!!! tip \"Before you start\"\n    Body") == "Alert tip 'Before you start'\n  Paragraph\n    [0..<4] \"Body\"")
        #expect(dump("??? faq\n    Body").hasPrefix("Alert question 'Faq'"))
        #expect(dump("???+ warning \"Open\"\n    Body").hasPrefix("Alert warning 'Open'"))
        #expect(dump("!!! danger inline end \"Side\"\n    Body").hasPrefix("Alert danger 'Side'"))
        #expect(dump("!!! info \"\"\n    Body").hasPrefix("Alert info ''"))
        // MkDocs Material sets a type it does not know as a note.
        #expect(dump("!!! definition\n    Body").hasPrefix("Alert note 'Definition'"))
        #expect(dump("!!! seealso\n    Body").hasPrefix("Alert note 'Seealso'"))
        // Prose that only looks like a marker stays prose.
        #expect(dump("!!! Important !!!").hasPrefix("Paragraph"))
        #expect(dump("!!!note").hasPrefix("Paragraph"))
    }

    @Test func nestedAdmonitionsAndOnesInLists() {
        #expect(dump("!!! note \"Outer\"\n    Text\n\n    !!! bug \"Inner\"\n        Deep\n\n    Back out") == """
            Alert note 'Outer'
              Paragraph
                [0..<4] "Text"
              Alert bug 'Inner'
                Paragraph
                  [0..<4] "Deep"
              Paragraph
                [0..<8] "Back out"
            """)
        #expect(dump("1. Step\n\n    !!! warning\n        Careful\n").contains("    Alert warning\n"))
    }

    @Test func contentTabsFollowOneAnother() {
        let tabs = "=== \"Python\"\n\n    ```python\n    print(1)\n    ```\n\n=== \"Swift\"\n\n    ```swift\n    print(1)\n    ```\n"
        let blocks = parse(tabs).blocks
        #expect(blocks.count == 2)
        for (block, label) in zip(blocks, ["Python", "Swift"]) {
            guard case let .alert(callout, inner) = block, case let .code(code)? = inner.first else { Issue.record("\(block)"); continue }
            #expect(callout == Callout(.plain, title: label) && code.text == "print(1)" && code.info == label.lowercased())
        }
    }

    @Test func docusaurusContainers() {
        #expect(dump(":::tip Title here\nSome **text**.\n:::").hasPrefix("Alert tip 'Title here'\n  Paragraph"))
        #expect(dump(":::danger[Bracketed]\nx\n:::").hasPrefix("Alert danger 'Bracketed'"))
        #expect(dump("::: details Click me\nx\n:::").hasPrefix("Alert plain 'Click me'"))
        #expect(dump("::: details\nx\n:::").hasPrefix("Alert plain 'Details'"))
        #expect(dump("::::info Outer\n:::caution[Inner]\nDeep.\n:::\n::::\n\nAfter") == """
            Alert info 'Outer'
              Alert caution 'Inner'
                Paragraph
                  [0..<5] "Deep."
            Paragraph
              [0..<5] "After"
            """)
        // A `:::` inside a code block is code.
        #expect(dump(":::note\n```\n:::\n```\n:::") == "Alert note\n  Code \":::\"")
    }

    @Test func pandocDivs() {
        #expect(dump("::: warning\nCareful\n:::").hasPrefix("Alert warning\n"))
        #expect(dump("::: {.callout-tip title=\"Quarto\"}\nx\n:::").hasPrefix("Alert tip 'Quarto'"))
        #expect(dump("::: {#intro .columns}\nJust text\n:::") == "Paragraph\n  [0..<9] \"Just text\"")
        #expect(dump("::: sidebar\nJust text\n:::") == "Paragraph\n  [0..<9] \"Just text\"")
        #expect(dump("::: sidebar\nJust text\n:::", dialect: .docusaurus).hasPrefix("Alert plain 'Sidebar'"))
    }

    @Test func anUnclosedContainerKeepsItsTextWithOneWarning() {
        let note = "Before\n\n:::note Title\nNever closed"
        #expect(dump(note).contains(":::note Title"))
        #expect(warnings(note) == ["n.md:3:1: warning: this ':::' container is never closed (a line of ':::' ends it), so it is shown as written"])
    }

    @Test func aBrokenMarkerIsTextWithAWarning() {
        let note = "Intro\n\n!!! tip \"Unclosed\n    Body\n\n=== Unquoted \"x\n\n!!! Important !!!"
        #expect(warnings(note) == [
            "n.md:3:1: warning: '!!!' starts no admonition or tab here (write !!! type \"Title\" or === \"Label\", the title in double quotes), so the line is shown as written",
            "n.md:6:1: warning: '===' starts no admonition or tab here (write !!! type \"Title\" or === \"Label\", the title in double quotes), so the line is shown as written",
        ])
        #expect(dump(note).contains("!!! tip \\\"Unclosed"))
    }

    @Test func mdxComponentsAreCountedOnce() {
        let note = "<BrowserWindow>\n\nText\n\n</BrowserWindow>\n\n<DocCardList />\n\n<Tabs>\n<TabItem label=\"A\">x</TabItem>\n</Tabs>"
        #expect(warnings(note) == ["n.md:1:1: warning: 2 MDX components (<Name …>) not drawn: only the Markdown and text inside are shown"])
        #expect(warnings(note, dialect: .gfm).isEmpty)
    }

    @Test func warningsInsideKeepTheirColumns() {
        let note = "!!! note\n    See [x](#nowhere).\n\n:::tip\nSee [y](#nowhere).\n:::\n\n- item\n  :::tip\n  See [z](#nowhere).\n  :::"
        #expect(warnings(note).map { $0.prefix(9) } == ["n.md:2:9:", "n.md:5:5:", "n.md:10:7"])
    }

    @Test func mdxStatementsAreDroppedWithOneWarning() {
        let note = "import Tabs from '@theme/Tabs';\nimport {\n  A,\n} from 'b';\nexport const x = {\n  a: 1,\n};\n\n# Title\n\n```js\nimport x from 'y';\n```\n\nexport is a word."
        #expect(dump(note).hasPrefix("Heading 1"))
        #expect(dump(note).contains("Code js \"import x from") && dump(note).contains("export is a word."))
        #expect(warnings(note) == ["n.md:1:1: warning: 7 lines of MDX import and export statements dropped"])
    }

    @Test func docusaurusComponentsAreCallouts() {
        #expect(dump("<Admonition type=\"tip\" title=\"Did you know\">\n  <p>Text</p>\n</Admonition>") == """
            Alert tip 'Did you know'
              Paragraph
                [0..<4] "Text"
            """)
        let tabs = dump("<Tabs>\n  <TabItem value=\"a\" label=\"Apple\">An apple</TabItem>\n  <TabItem value=\"o\">An orange</TabItem>\n</Tabs>")
        #expect(tabs.hasPrefix("Alert plain 'Apple'\n  Paragraph\n    [0..<8] \"An apple\"\nAlert plain 'o'"), "\(tabs)")
    }

    @Test func mdxCodeBlocksAreMarkdown() {
        #expect(dump("```mdx-code-block\n:::tip\nx\n:::\n```") == "Alert tip\n  Paragraph\n    [0..<1] \"x\"")
        #expect(dump("```mdx-code-block\n:::tip\nx\n:::\n```", dialect: .gfm).hasPrefix("Code mdx-code-block"))
    }

    @Test func eachDialectReadsItsOwn() {
        let note = "!!! note\n    Body\n\n:::tip\nx\n:::\n\nimport A from 'a';"
        func kinds(_ dialect: MarkupDialect) -> [String] {
            dump(note, dialect: dialect).split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        }
        #expect(kinds(.gfm) == ["Paragraph", "Paragraph", "Paragraph"])
        #expect(kinds(.mkdocs) == ["Alert note", "Paragraph", "Paragraph"])
        #expect(kinds(.docusaurus) == ["Paragraph", "Alert tip"])
        #expect(kinds(.automatic) == ["Alert note", "Alert tip"])
    }

    @Test func nestingIsBoundedWithOneWarning() {
        let depth = 40
        let note = (0..<depth).map { ":::tip Level \($0)" }.joined(separator: "\n") + "\nDeep\n" + String(repeating: ":::\n", count: depth)
        let document = parse(note)
        var levels = 0
        var blocks = document.blocks
        while case let .alert(_, inner)? = blocks.first {
            levels += 1
            blocks = inner
        }
        #expect(levels == ContainerSource.maximumDepth)
        #expect(document.warnings.map(\.description).first == "n.md:17:1: warning: containers nested deeper than 16 levels: this marker and those like it are shown as written")
    }

    @Test func aNoteWithoutContainersIsHandedOverUnchanged() {
        let note = "# Title\n\nText with ::: and !!! in it.\n\n    !!! note\n"
        let (body, found) = ContainerSource.prepared(note, file: "n.md", dialect: .automatic)
        #expect(body == note && found.calloutLines.isEmpty)
    }
}
