import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup

/// Jekyll's Liquid, Octopress' code blocks, Hugo's shortcodes and kramdown's attribute lists:
/// read for their meaning, never printed.
@Suite struct SiteDialectTests {
    private func parse(_ markdown: String, dialect: MarkupDialect = .automatic) -> Document {
        MarkdownParser.parseBody(markdown, file: "post.md", dialect: dialect)
    }

    private func dump(_ markdown: String, dialect: MarkupDialect = .automatic) -> String {
        RunDump.blocks(parse(markdown, dialect: dialect).blocks).joined(separator: "\n")
    }

    @Test func codeTagsAreCodeBlocks() {
        #expect(dump("{% highlight ruby linenos %}\ndef foo\n  1\nend\n{% endhighlight %}") == "Code ruby linenos \"def foo\\n  1\\nend\"")
        // Octopress, as seed 003 writes it: no spaces inside the braces.
        #expect(dump("{%codeblock lang:objc%}\n[self foo];\n{%endcodeblock%}\n{% codeblock  lang:swift %}\nfoo()\n{% endcodeblock %}")
            == "Code objc \"[self foo];\"\nCode swift \"foo()\"")
        #expect(dump("{% codeblock Time to be Awesome - awesome.rb %}\nputs 1\n{% endcodeblock %}") == "Code rb \"puts 1\"")
        #expect(dump("{{< highlight go \"linenos=table,hl_lines=2 3\" >}}\npackage main\n{{< / highlight >}}")
            == "Code go linenos hl_lines=\"2 3\" \"package main\"")
        // Code holding a fence of its own gets a longer fence; a block in a list stays in it.
        #expect(dump("{% highlight md %}\n```\nx\n```\n{% endhighlight %}") == "Code md \"```\\nx\\n```\"")
        #expect(dump("- item\n\n  {% highlight c %}\n  int x;\n  {% endhighlight %}").contains("    Code c \"int x;\""))
    }

    @Test func anUnendedCodeTagIsKeptWithAWarning() {
        let document = parse("Text.\n\n  {% highlight python %}\nprint(1)")
        #expect(document.warnings.map(\.description) == ["post.md:3:3: warning: '{% highlight python %}' is never ended by its end tag, so it is shown as written"])
        #expect(RunDump.blocks(document.blocks).joined().contains("{% highlight python %}"))
    }

    @Test func rawMarksAreTakenOutAndTheirContentIsNotRead() {
        #expect(dump("```liquid\n{% raw %}{{ page.title }}{% endraw %}\n```") == "Code liquid \"{{ page.title }}\"")
        #expect(dump("{% raw %}{% include x.html %}{% endraw %} and {{ site.baseurl }}.") == "Paragraph\n  [0..<26] \"{% include x.html %} and .\"")
    }

    @Test func otherTagsAndShortcodesAreLeftOutWithOneWarningEach() {
        let document = parse("{% include a.html %}\n\nText {% assign x = 1 %}and {{ page.title }}.\n\n{{< youtube abc >}}\n\n{{% notice %}}Inside{{% /notice %}}")
        #expect(document.warnings.map(\.description) == [
            "post.md:1:1: warning: '{% include a.html %}': 3 Liquid tags are left out (only Jekyll can run them), the first here",
            "post.md:5:1: warning: '{{< youtube abc >}}': 3 Hugo shortcodes are left out (only Hugo can run them), the first here",
        ])
        #expect(RunDump.blocks(document.blocks) == ["Paragraph", "  [0..<10] \"Text and .\"", "Paragraph", "  [0..<6] \"Inside\""])
    }

    @Test func codeIsNotRead() {
        #expect(dump("`{% include x %}` and `{{< y >}}`") == "Paragraph\n  [0..<15] \"{% include x %}\" code\n  [15..<20] \" and \"\n  [20..<29] \"{{< y >}}\" code")
        #expect(dump("```\n{% include x %}\n{: .class}\n```") == "Code \"{% include x %}\\n{: .class}\"")
        // Hugo's own documentation shows a shortcode as `{{</* name */>}}`.
        #expect(dump("Write {{</* figure src=\"x\" */>}}.") == "Paragraph\n  [0..<29] \"Write {{< figure src=\\\"x\\\" >}}.\"")
    }

    @Test func linksToTheSiteKeepTheirTextImagesTheirPath() {
        let document = parse("[About]({{ site.baseurl }}/about/), [docs]({{ \"/docs/\" | relative_url }}), [post]({% post_url 2010-07-21-name %}).\n\n![logo]({{ site.baseurl }}/img/logo.png)")
        #expect(document.warnings.isEmpty)
        #expect(RunDump.blocks(document.blocks) == [
            "Paragraph",
            "  [0..<5] \"About\" noteReference",
            "  [5..<7] \", \"",
            "  [7..<11] \"docs\" noteReference",
            "  [11..<13] \", \"",
            "  [13..<17] \"post\" noteReference",
            "  [17..<18] \".\"",
            "Image /img/logo.png alt=\"logo\" @3:1",
        ])
    }

    @Test func hugoFiguresAreImagesWithTheirCaption() {
        let document = parse("{{< figure src=\"/img/pic.png\" caption=\"A picture\" >}}\n\n<div align=\"center\">\n{{< figure\n  src=x.png alt='Alt text' >}}\n</div>")
        let images = document.blocks.compactMap { block -> ImageReference? in if case let .image(image) = block { image } else { nil } }
        #expect(images.map(\.source) == ["/img/pic.png"])
        #expect(images.map(\.title) == ["A picture"] && images.map(\.alt) == ["A picture"])
        // Over two lines, inside an HTML block: its image is the division's.
        #expect(RunDump.blocks(document.blocks).contains { $0.hasPrefix("  Image x.png alt=\"Alt text\"") })
        #expect(dump("Inline {{< figure src=\"y.png\" caption=\"Y\" >}} here.").contains("image=y.png"))
    }

    @Test func kramdownAttributeListsAreTakenOutAndTocMakesTheContents() {
        #expect(dump("## Intro\n{: .lead}\n\nText{: .red} and *this*{:#id}.\n{: .para}") == """
            Heading 2
              [0..<5] "Intro" anchor=intro
            Paragraph
              [0..<9] "Text and "
              [9..<13] "this" emphasized
              [13..<14] "."
            """)
        let contents = dump("* TOC\n{:toc}\n\n## One\n\n## Two")
        #expect(contents.hasPrefix("Contents \"Contents\"\n  Entry \"One\" #one page ?\n  Entry \"Two\" #two page ?"), "\(contents)")
        #expect(!dump("1. Table of Contents\n{:toc}\n\n## One").contains("Table of Contents"))
    }

    @Test func octopressQuotesPullquotesAndImages() {
        let document = parse("""
            {% blockquote Seth Godin http://sethgodin.typepad.com/x Island Marketing %}
            Every interaction is precious.
            {% endblockquote %}

            {% pullquote %}
            Words, {" pulled out "} and more.
            {% endpullquote %}

            {% img right /images/pic.png 60 40 'A title' 'An alt' %} Beside it.
            """)
        #expect(document.warnings.isEmpty)
        #expect(Array(RunDump.blocks(document.blocks).prefix(6)) == [
            "BlockQuote", "  Paragraph", "    [0..<61] \"Every interaction is precious.\\n— Seth Godin, Island Marketing\"",
            "Paragraph", "  [0..<29] \"Words,  pulled out  and more.\"",
            "Image /images/pic.png alt=\"An alt\" @9:1",
        ])
    }

    @Test func aJekyllNoteHasNoVariablesOfItsOwn() {
        let markdown = "{% for x in page.list %}\n{{ x.a }} and {{name}}\n{% endfor %}"
        #expect(dump(markdown, dialect: .jekyll) == "Paragraph\n  [0..<3] \"and\"")
        #expect(dump(markdown).contains("{{ x.a }}"), "elsewhere `{{name}}` is Letterpress's own")
    }

    @Test func gfmReadsNoneOfIt() {
        #expect(dump("{% include a.html %}", dialect: .gfm) == "Paragraph\n  [0..<20] \"{% include a.html %}\"")
        #expect(dump("{% highlight c %}\nx\n{% endhighlight %}", dialect: .obsidian).hasPrefix("Paragraph"))
    }
}
