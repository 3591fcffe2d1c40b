import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting
import LetterpressTesting

/// Renders tiny documents to PNG at 72 dpi and compares them with the references in
/// `Tests/LetterpressTests/Golden`, through `LetterpressTesting.assertRendering`.
/// `LETTERPRESS_RECORD_GOLDEN=1 swift test` rewrites the references, and fails, so that nobody
/// records by accident; look at each new image before committing it.
@Suite(.fontWork) struct GoldenTests {
    static let page = PageSize(width: 300, height: 220)
    static let margins = Margins(top: 16, right: 16, bottom: 16, left: 16)

    /// Failures are recorded at the test's call of `check`.
    private func check(_ name: String, theme: String = "default", scale: Double = 1, locale: String = "en",
                       page: PageSize = GoldenTests.page, _ markdown: String, fileID: String = #fileID,
                       filePath: String = #filePath, line: Int = #line, column: Int = #column) throws {
        let check = RenderingCheck(theme: theme, pageSize: page, margins: Self.margins, textScale: scale, locale: Locale(identifier: locale))
        try assertRendering(markdown: markdown, matches: TestSupport.golden.appendingPathComponent("\(name).png"),
                            check: check, baseURL: TestSupport.fixtures, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    @Test func paragraphsAndInlineStyles() throws {
        try check("inline-styles", """
            Plain, *emphasis*, **strong**, ***both***, `code span`, ~~struck~~ and a [link](https://example.com).
            A soft break joins lines;  
            a hard break does not. Entities: &copy; &mdash; &frac12;.
            """)
    }

    /// A README's HTML: a centred logo heading, a badge row in one line, text-level tags, a
    /// table with a spanning cell.
    @Test func readmeHTML() throws {
        try check("html-readme", page: PageSize(width: 300, height: 260), """
            <h3 align="center"><img src="icon-32.png" height="16"> Project</h3>
            <p align="center"><a href="https://ci"><img src="two-tone.png" height="12"></a> <img src="drawing.svg" height="12"> <img src="icon-32.png" height="12"></p>

            Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, x<sup>2</sup>, H<sub>2</sub>O, <mark>marked</mark><!-- never shown -->.

            <details><summary>More</summary>

            Inside.

            </details>

            <table><tr><th>A</th><th align="right">B</th></tr><tr><td colspan="2">both</td></tr><tr><td>1</td><td align="right">2</td></tr></table>
            """)
    }

    /// A table of contents after the title: entries indented by level, bold first level, dot
    /// leaders that line up, numbers at the right, a long entry wrapped, one heading unlisted.
    @Test func tableOfContents() throws {
        try check("contents", page: PageSize(width: 300, height: 300), """
            ---
            toc: true
            ---
            # Field notes

            ## Method

            ### Sampling the hedgerows

            ### Counting

            ## A longer heading that wraps onto a second line of the contents

            ## Appendix {.unlisted}

            See page {page:#counting}.
            """)
    }

    @Test func headingLevels() throws {
        try check("headings", "# Heading one\n## Heading two\n### Heading three\n#### Heading four\n##### Heading five\n###### Heading six")
    }

    @Test func listsWithMarkersAndTasks() throws {
        try check("lists", """
            - Bullet one
              - Nested bullet that is long enough to wrap onto a second line
            - Bullet two

            9. Ninth
            10. Tenth

            - [x] Done task
            - [ ] Open task
            """)
    }

    /// An Arabic heading, a list with English names, a quote and a table, set from the right.
    @Test func rightToLeft() throws {
        try check("right-to-left", """
            ## مرحبا بالعالم

            1. العنصر الأول مع Alice
            2. العنصر الثاني مع Bob Smith

            > اقتباس مع شريط على اليمين.

            | الاسم | العمر |
            |---|---|
            | أحمد | 30 |
            """)
    }

    @Test func nestedBlockQuotes() throws {
        try check("quotes", "> A quotation with **strong** words.\n>\n> > A reply inside it, which wraps onto another line.\n\nAfter.")
    }

    @Test func codeBlockWrapsLongLines() throws {
        try check("code", """
            ```swift
            let greeting = "Hello"
            print(greeting + ", a line long enough that it must wrap inside the block")
            ```
            """)
    }

    @Test func highlightedCodeWithNumbersAndMarkedLines() throws {
        try check("code-highlighted", """
            ```swift {linenos hl_lines="3"}
            import Foundation
            /// Greets.
            func greet(_ name: String) -> String {
                "Hello, \\(name) #\\(0x2A)" // a long line that wraps under the numbers
            }
            ```
            """)
    }

    @Test func tableWithAlignments() throws {
        try check("table", """
            | Left | Centre | Right |
            |:-----|:------:|------:|
            | apple | *kiwi* | 1.50 |
            | a longer cell that wraps | b | 12.00 |
            """)
    }

    /// Columns at least as wide as their longest word, a URL and a code name broken after
    /// separators, the text a little smaller: a table on a page too narrow for it.
    @Test func narrowTable() throws {
        try check("table-narrow", """
            The endpoints:

            | Service | Endpoint | Call | Authentication |
            |---|---|---|---|
            | Weather | https://api.example.org/data/2.5/weather?q=London | `weather.current_conditions()` | apiKey |
            | Translations | https://example.com/translate/yoda.json | `translate(text)` | none |
            """)
    }

    @Test func imageAndPlaceholder() throws {
        try check("images", "![Two tones](two-tone.png)\n\n![A missing chart](missing.png)")
    }

    @Test func footnotesAndRule() throws {
        try check("footnotes", "A claim[^1] and another[^2].\n\n---\n\nText after the rule.\n\n[^1]: The first source.\n[^2]: The second.")
    }

    /// `footnotes: page`: the second paragraph's line moves to the next page with its note;
    /// each page ends with a rule and its notes, smaller.
    @Test func footnotesAtTheFootOfTheirPages() throws {
        let theme = TestSupport.fixtures.appendingPathComponent("footnotes-page.yaml").path
        try check("footnotes-page", theme: theme, page: PageSize(width: 300, height: 240), """
            A claim[^1] and another[^2], on the first page with both notes.

            Filler text to move the next claim down the page, a few lines of it, so that the third claim's note does not fit.

            More filler, two lines of it, to bring the third claim close to the notes.

            And a last line of filler.

            The third claim[^3] would fit here alone.

            [^1]: The first source.
            [^2]: The second, a longer note that takes two lines at the foot.
            [^3]: A note too tall for what is left of the first page, so its line moves with it: one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve, thirteen, fourteen, fifteen, sixteen.
            """)
    }

    @Test func githubAlerts() throws {
        try check("alerts", """
            > [!NOTE]
            > Useful information.

            > [!TIP]
            > Helpful advice.

            > [!IMPORTANT]
            > Key information.

            > [!WARNING]
            > Urgent info that needs attention.

            > [!CAUTION]
            > Negative outcomes.
            """)
    }

    /// pandoc's definition list: bold terms on lines of their own, two terms for one
    /// definition, tight definitions close under their term, a loose one with a second
    /// paragraph and a list, all indented; and pandoc's inline constructs beside it.
    @Test func definitionList() throws {
        try check("definition-list", page: PageSize(width: 300, height: 260), """
            ---
            markup: pandoc
            ---
            Apple
            :   A fruit.
            :   A company.

            Orange
            Tangerine
            ~   Citrus fruits.

            Loose term

            :   A definition of two paragraphs.

                The second, with a list:

                - one
                - two

            [Small caps]{.smallcaps}, [marked]{.mark}, a note^[Inline.] and [@doe99, p. 3].
            """)
    }

    /// Obsidian's call-outs: a type of each family with its mark, a title of the note's own, a
    /// fold sign printed open, one inside another, a type no tool defines.
    @Test func obsidianCallouts() throws {
        try check("callouts-obsidian", page: PageSize(width: 300, height: 330), """
            > [!abstract] Summary
            > Short.

            > [!success]
            > Done.

            > [!faq]- Why open?
            > Printed open.

            > [!danger]
            > > [!bug] Inside
            > > Nested.

            > [!example]
            > Example.

            > [!cite]
            > Quoted.

            > [!definition] Own type
            > Plain.
            """)
    }

    /// MkDocs' admonition with a list and a formula in its indented body, a content tab, a
    /// Docusaurus container and a pandoc div.
    @Test func admonitionsAndContainers() throws {
        try check("admonitions", page: PageSize(width: 300, height: 330), """
            !!! tip "Before you start"
                - one
                - two

                $$a^2 + b^2$$

            === "Python"

                ```python
                print(1)
                ```

            :::warning[Careful]
            Docusaurus.
            :::

            ::: {.callout-todo}
            pandoc.
            :::
            """)
    }

    /// The front matter's title, subtitle, author and date at the top of a Jekyll post.
    @Test func titleBlock() throws {
        try check("title-block", """
            ---
            layout: post
            title: Notes on the garden
            subtitle: What grew, and what did not
            author: Ines Alvarez
            date: 2025-03-29 12:00:00 +0200
            ---
            The first paragraph of the post.
            """)
    }

    @Test func menloTheme() throws {
        try check("theme-menlo", theme: "menlo", """
            # Menlo notes
            Monospaced *indigo* text with `code` and a [link](https://example.com).
            - a list item
            > a quote
            """)
    }

    static let themeSample = """
        # ^[Theme](customStyle: 'boldcaps') sample
        Body text with *emphasis*, **strong**, `code` and a [link](https://example.com).
        - a list item
        > a quote with ^[danger](customColor: 'danger') inside

        | Col | Value |
        |-----|------:|
        | a   | 1.5   |
        """

    @Test(arguments: ["times", "important", "report", "night"])
    func shippedThemes(_ theme: String) throws {
        try check("theme-\(theme)", theme: theme, Self.themeSample)
    }

    /// The notepad reads the note as plain text: its title pressed into the paper, the seed's
    /// rules on the markers as written, lines kept.
    @Test func notepadHighlightRules() throws {
        try check("theme-notepad", theme: "notepad", """
            ---
            title: Groceries
            ---
            iOS 7 is *awesome*
            Buy *milk* and _eggs_ or -cake- from ~Anna~ by FRIDAY
            1. a state-of-the-art NO, # not a heading
            """)
    }

    @Test func customStylesAndColours() throws {
        try check("custom-styles", """
            ^[bold caps](customStyle: 'boldcaps') and ^[SMALL ITALICS](customStyle: 'smallitalics').

            A ^[**danger**ous step](customColor: 'danger') and a ^[highlighted note](customColor: 'highlight').
            """)
    }

    @Test func lineDecorationPatterns() throws {
        try check("line-patterns", """
            ^[solid](underline: true) ^[dot](underline: {pattern: 'dot'}) ^[dash](underline: {pattern: 'dash', color: 'red'}) \
            ^[dashDot](underline: {pattern: 'dashDot', color: 'green'}) ^[dashDotDot](underline: {pattern: 'dashDotDot', color: 'blue'})

            ^[struck](strikethrough: {pattern: 'dash', color: 'red'}) and a dashed underline that runs ^[across the end of this line and into the next one](underline: {pattern: 'dash'}).
            """)
    }

    @Test func fontAttributesAndEffects() throws {
        try check("font-attributes", """
            ^[serif](fontDesign: 'serif') ^[mono](monospaced: true) ^[rounded](fontDesign: 'rounded') \
            ^[condensed](fontWidth: 'condensed') ^[light](fontWeight: 'light') ^[black](fontWeight: 'black') \
            ^[t r a c k](tracking: 2) x^[up](baselineOffset: 4) ^[teal on wheat](foregroundColor: 'teal', backgroundColor: 'wheat')

            ^[Pressed into paper](effect: 'letterpress', size: 20, foregroundColor: '#a0a0a0')
            """)
    }

    @Test func largerTextSize() throws {
        try check("text-size-xxxlarge", scale: TextSize.xxxLarge.scale, "## Larger text\nDynamic type scales every size.")
    }

    static let wrapText = String(repeating: "Text flows around the shape on both sides where there is room. ", count: 7)

    @Test(arguments: ["en", "zh-Hans"])
    func dateBadge(_ locale: String) throws {
        try check("badge-\(locale)", locale: locale, "---\ndate: 2024-03-14\n---\n# A dated note\n\n" + Self.wrapText)
    }

    @Test func midColumnCircle() throws {
        try check("exclusion-circle", page: PageSize(width: 300, height: 260), """
            ---
            exclusions:
              - {shape: circle, center: [150, 120], radius: 42, margin: 6, draw: true}
            ---
            \(Self.wrapText)
            """)
    }

    @Test func polygonAndRectangle() throws {
        try check("exclusion-polygon", page: PageSize(width: 300, height: 260), """
            ---
            exclusions:
              - {shape: polygon, points: [[16, 40], [130, 90], [16, 150]], margin: 4, fill: "#ffe0b2"}
              - {shape: rect, rect: [200, 150, 84, 60], margin: 4, stroke: "#1565c0"}
            ---
            \(Self.wrapText)
            """)
    }

    /// Colour emoji (sequences as one glyph each) and scripts beyond Latin, each in its font.
    @Test func emojiAndScripts() throws {
        try check("emoji-scripts", page: PageSize(width: 300, height: 150), """
            ## Emoji 🚀 ✨

            👨‍👩‍👧‍👦 🇯🇵 👍🏽 🏳️‍🌈 **bold 🎉**

            বাংলা · हिन्दी · ภาษาไทย · עברית · ^[直今](lang: 'ja') 直今
            """)
    }

    @Test(arguments: ["left", "right"])
    func floatingImage(_ side: String) throws {
        try check("float-\(side)", page: PageSize(width: 300, height: 260),
                  "![Two tones](two-tone.png \"float: \(side); width: 90\")\n\n" + Self.wrapText)
    }

    /// About thirty formulas in the theme's math font (DejaVu Math TeX Gyre with `default`,
    /// TeX Gyre Termes Math with `times`): scripts, fractions, radicals, big operators with
    /// limits, growing delimiters, accents, braces, matrices, cases, alignments and their
    /// numbers, text and colour, an unknown command in the error colour, inline formulas on the
    /// baseline.
    @Test(arguments: ["default", "times"])
    func formulas(_ theme: String) throws {
        try check("math-\(theme)", theme: theme, page: PageSize(width: 300, height: 330), #"""
            Inline $x^2 + y_i^2 = r^2$, $\frac{a}{b}$, $\sqrt[3]{x}$, $\sum_{k=1}^n k$, $\hat{a} \vec{v} \bar{z}$ and $\mathbb{R}^n$.

            $$\int_0^\infty e^{-x^2}\,dx = \frac{\sqrt{\pi}}{2} \qquad \prod_{p} \frac{1}{1-p^{-s}} = \sum_{n=1}^{\infty} \frac{1}{n^s}$$

            $$\left( \frac{\partial^2 u}{\partial x^2} \right) \Bigg[ \bigg( \Big( \big( x \big) \Big) \bigg) \Bigg] \quad \binom{n}{k} \quad \lim_{x \to 0} \frac{\sin x}{x} = 1$$

            $$\overbrace{a + b}^{\text{two}} \; \underbrace{x_1 + \cdots + x_n}_{n} \quad \widehat{xyz} \; \overline{AB} \; \overrightarrow{PQ} \quad \cancel{x} \; \boxed{E = mc^2}$$

            $$A = \begin{bmatrix} 1 & 0 & \cdots \\ 0 & \ddots & \\ \vdots & & 1 \end{bmatrix} \qquad |x| = \begin{cases} x & \text{if } x \ge 0 \\ -x & \text{otherwise} \end{cases}$$

            \begin{align}
            \nabla \cdot \mathbf{E} &= \frac{\rho}{\varepsilon_0} \label{eq:gauss} \\
            \nabla \times \mathbf{B} &= \mu_0 \mathbf{J} + \mu_0 \varepsilon_0 \frac{\partial \mathbf{E}}{\partial t}
            \end{align}

            By \eqref{eq:gauss}, $\color{teal}{\alpha} \ne \beta \pmod{p}$ and $\fracc{1}{2}$ is unknown.
            """#)
    }
}
