import Foundation
import Testing
@testable import Letterpress

/// Blocks laid out in runs by separate collectors (as the parser's thread does from the end of
/// a long document) and joined must give exactly what one collector gives.
@Suite struct SplitCollectTests {
    private static let column = Column(x: 72, width: 450)

    /// Every kind of block, with spacing that differs on each side of every boundary, nested
    /// containers, tables, a float, a missing image and a font warning that repeats.
    private static let markdown = """
        # Title

        First paragraph with ^[1,234](font: 'Comfortaa', monospacedDigit: true) digits.

        ## A heading after a paragraph

        - tight item
        - second item with ^[5,678](font: 'Comfortaa', monospacedDigit: true)
          - nested item

        > A quote
        >
        > > nested quote with `code`

        ```
        let x = 1
        let y = 2
        ```

        ***

        | a | b |
        |---|---|
        | 1 | 2 |
        | 3 | 4 |

        ![Two tones](two-tone.png "float: right; width: 60")

        Text beside the float, long enough to wrap onto a second line in a column of this width, or so one hopes.

        ![A missing chart](missing.png)

        \\pagebreak

        1. loose item

        2. second loose item

        | c |
        |---|
        | 5 |

        Last paragraph with ^[9,012](font: 'Comfortaa', monospacedDigit: true).
        """

    private static func blocks() throws -> (Theme, [StyledBlock]) {
        let theme = TestSupport.defaultTheme
        var warnings: [Warning] = []
        let blocks = Styler(theme: theme).style(try TestSupport.parse(markdown).blocks, paragraph: theme.body.text,
                                                warnings: &warnings)
        return (theme, blocks)
    }

    private static func collector(_ theme: Theme, midDocument: Bool = false) -> Collector {
        Collector(theme: theme, fonts: FontContext(), contentHeight: 700, baseURL: TestSupport.fixtures,
                  file: "test.md", midDocument: midDocument)
    }

    private static func describe(_ item: PageItem) -> String {
        switch item {
        case let .text(layout, line, origin): "text \(layout.text.string.prefix(16)) \(line) \(origin)"
        default: "\(item)"
        }
    }

    /// What pagination and drawing see of the collected slices, as comparable text.
    private static func describe(_ collector: Collector) -> [String] {
        let slices = collector.slices.map { slice in
            let items = (slice.items + slice.attachments).map(describe)
            return "\(slice.height) gap \(slice.gapBefore) keep \(slice.keepWithNext) in \(slice.containers) "
                + "break \(slice.breakBefore) table \(String(describing: slice.table)) \(slice.isTableHeader) "
                + "float \(slice.float != nil) outline \(slice.outline?.title ?? "-") \(items)"
        }
        let containers = collector.containers.map { "\($0.x) \($0.width) \($0.color)" }
        return slices + containers + collector.warnings.map(\.message)
    }

    @Test func runsCollectedApartAndJoinedMatchOneCollector() throws {
        let (theme, blocks) = try Self.blocks()
        var whole = Self.collector(theme)
        whole.collect(blocks, column: Self.column, context: .init(paragraph: theme.body))
        let expected = Self.describe(whole)
        #expect(whole.warnings.filter { $0.message.contains("tnum") }.count == 1, "\(whole.warnings)")
        #expect(whole.containers.count >= 3 && whole.slices.contains { $0.float != nil })
        #expect(Set(whole.slices.compactMap(\.table)) == [1, 2])

        for split in 1..<blocks.count {
            // The second part in two runs, as the helper takes them, where there are two.
            let cuts = [0, split, split + (blocks.count - split) / 2, blocks.count]
            var joined = Self.collector(theme)
            joined.collect(Array(blocks[0..<split]), column: Self.column, context: .init(paragraph: theme.body))
            for (start, end) in zip(cuts.dropFirst(), cuts.dropFirst(2)) where start < end {
                var run = Self.collector(theme, midDocument: true)
                run.collect(Array(blocks[start..<end]), column: Self.column, context: .init(paragraph: theme.body))
                joined.absorb(run)
            }
            #expect(Self.describe(joined) == expected, "split before block \(split)")
        }
        // Every block a run of its own, including runs that leave the gap they inherited owing
        // (a float takes the gap without settling it).
        var joined = Self.collector(theme)
        joined.collect([blocks[0]], column: Self.column, context: .init(paragraph: theme.body))
        for block in blocks.dropFirst() {
            var run = Self.collector(theme, midDocument: true)
            run.collect([block], column: Self.column, context: .init(paragraph: theme.body))
            joined.absorb(run)
        }
        #expect(Self.describe(joined) == expected, "one run per block")
    }

    @Test func aGapCarriedIntoARunHonoursSpacesOfEitherSign() {
        var gap = PendingGap.inherited
        #expect(gap.value(inheriting: 7) == 7 && gap.value(inheriting: -3) == -3)
        gap.ask(4)
        #expect(gap.value(inheriting: 7) == 7 && gap.value(inheriting: 2) == 4 && gap.value(inheriting: -3) == 4)
        gap.set(-2)
        #expect(!gap.inherits && gap.value(inheriting: 7) == -2)
        gap.ask(1)
        #expect(gap.value(inheriting: 7) == 1)
    }

    /// A document long enough that the parser's thread, once done, lays out its last blocks:
    /// the pages must be those of one thread, placed alike, with the same fonts.
    @Test func aLongDocumentTypesetOnTwoThreadsMatchesOneThread() throws {
        let section = (1...40).map { number in
            "## Section \(number)\n\nParagraph \(number) of text that wraps across the column more than once, "
                + "with *emphasis*, **strong words** and `code` in it, so that each one takes some shaping.\n\n"
                + "- an item\n- another item\n\n> a quote \(number)\n"
        }.joined(separator: "\n")
        let source = String(repeating: section, count: 4)
        let folder = try TestSupport.temporaryFolder()
        let file = folder.appendingPathComponent("long.md").path

        let alone = Renderer(options: RenderOptions())
        alone.usesSpareCores = false
        let (expected, _) = try alone.typeset(try MarkdownParser.parse(source, file: file), file: file)
        let helped = Renderer(options: RenderOptions())
        let (document, _) = try helped.typesetConcurrently(source: source, file: file)

        #expect(document.timings.typesetBeside > 0, "the parser's thread laid out no blocks")
        #expect(document.pages.count == expected.pages.count && document.pages.count > 20)
        for (page, other) in zip(document.pages, expected.pages) {
            #expect(page.items.map(Self.describe) == other.items.map(Self.describe))
        }
        #expect(document.usedFonts == expected.usedFonts)
    }
}
