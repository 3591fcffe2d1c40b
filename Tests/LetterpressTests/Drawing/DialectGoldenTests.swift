import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
import LetterpressTesting

/// Notes written for Obsidian and for static site generators, drawn with their tools' meaning
/// (see `GoldenTests` for recording).
@Suite(.fontWork) struct DialectGoldenTests {
    private func check(_ name: String, page: PageSize = PageSize(width: 300, height: 220), _ markdown: String,
                       fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) throws {
        let check = RenderingCheck(theme: "default", pageSize: page, margins: GoldenTests.margins)
        try assertRendering(markdown: markdown, matches: TestSupport.golden.appendingPathComponent("\(name).png"),
                            check: check, baseURL: TestSupport.fixtures, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Wikilinks in a link's look, one jumping to a heading; a highlight; an embedded image at
    /// its width; a comment and a block id hidden.
    @Test func obsidianNote() throws {
        try check("dialect-obsidian", """
            ---
            markup: obsidian
            ---
            See [[Other note|the other note]] and [[#Tasks]]; this is ==worth remembering==.%%not shown%% ^block-1

            ![[two-tone.png|120]]

            ## Tasks
            """)
    }

    /// Octopress' code block in colour, a Hugo figure with its caption, a link to the site
    /// that keeps its text, a kramdown attribute list and Liquid left out.
    @Test func siteGeneratorPost() throws {
        try check("dialect-site", page: PageSize(width: 300, height: 260), """
            Read [the guide]({{ site.baseurl }}/guide/).{: .lead}
            {% include note.html %}

            {%codeblock lang:objc%}
            [self.view setNeedsLayout];
            {%endcodeblock%}

            {{< figure src="two-tone.png" caption="A figure" width="80" >}}
            """)
    }
}
