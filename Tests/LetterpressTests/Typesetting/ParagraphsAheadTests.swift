import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Headings and paragraphs laid out ahead with another font map (as the parser's thread does at
/// the end of a long document) must give the collector exactly what it would have laid out.
@Suite(.fontWork) struct ParagraphsAheadTests {
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

        - פריט עם Alice, מימין לשמאל
        - פריט שני

        > اقتباس عربي مع English

        \\pagebreak

        1. loose item

        2. second loose item

        | c |
        |---|
        | 5 |

        Last paragraph with ^[9,012](font: 'Comfortaa', monospacedDigit: true).
        """

    /// Spacings whose sums round, to catch a joined gap that differs from one collector's in
    /// its last bit.
    private static let fractionalTheme: Theme = {
        var theme = TestSupport.defaultTheme
        // 0.7 + (2.9 - 0.7) is not 2.9 in binary floating point.
        theme.body.spaceBefore = 0.7
        theme.body.spaceAfter = 2.9
        theme.headings = theme.headings.map { var style = $0; style.spaceBefore = 1e-3 + 3.3; return style }
        theme.quote.spaceAfter = 0.3
        return theme
    }()

    private static func blocks(_ theme: Theme = TestSupport.defaultTheme) throws -> (Theme, [StyledBlock]) {
        var warnings: [Warning] = []
        let blocks = Styler(theme: theme).style(try TestSupport.parse(markdown).blocks, paragraph: theme.body.text,
                                                warnings: &warnings)
        return (theme, blocks)
    }

    private static func collector(_ theme: Theme) -> Collector {
        Collector(styles: theme.layout, fonts: FontContext(), contentHeight: 700,
                  resources: Resources(file: "test.md", folder: TestSupport.fixtures))
    }

    private static func describe(_ box: Slice.Box) -> String {
        "\(box.height) gap \(box.gapBefore) keep \(box.keepWithNext) in \(box.containers) "
            + "baseline \(String(describing: box.firstBaseline)) \((box.items + box.attachments).map(describe))"
    }

    private static func describe(_ item: PageItem) -> String {
        switch item {
        case let .text(line): "text \(line.string.prefix(16)) \(line.metrics.index) \(line.origin)"
        default: "\(item)"
        }
    }

    /// What pagination and drawing see of the collected slices, as comparable text.
    private static func describe(_ collector: Collector) -> [String] {
        describe(collector.slices, containers: collector.containers, warnings: collector.warnings)
    }

    private static func describe(_ slices: [Slice], containers: [ContainerBand], warnings: [Warning]) -> [String] {
        let slices = slices.map { slice -> String in
            switch slice {
            case let .line(line):
                let paragraph = "\(line.paragraph.text.string.prefix(16)) \(line.paragraph.column.x) \(line.paragraph.column.width)"
                return "line \(describe(line.box)) outline \(line.outline?.title ?? "-") paragraph \(paragraph) from \(line.byteStart)"
            case let .block(block):
                return "block \(describe(block.box)) row \(String(describing: block.row))"
            case let .float(float, gap):
                return "float \(float.width) \(float.height) \(float.side) gap \(gap)"
            case .pageBreak:
                return "break"
            }
        }
        let containers = containers.map { "\($0.x) \($0.width) \($0.color)" }
        return slices + containers + warnings.map(\.message)
    }

    @Test(arguments: [TestSupport.defaultTheme, fractionalTheme])
    func paragraphsLaidOutAheadMatchWhatTheCollectorLaysOut(theme: Theme) throws {
        let (theme, blocks) = try Self.blocks(theme)
        var whole = Self.collector(theme)
        whole.collect(blocks, column: Self.column)
        let expected = Self.describe(whole)
        #expect(whole.warnings.filter { $0.message.contains("tnum") }.count == 1, "\(whole.warnings)")
        #expect(whole.containers.count >= 3 && whole.slices.contains { if case .float = $0 { true } else { false } })
        #expect(Set(whole.slices.compactMap { if case let .block(block) = $0 { block.row?.table } else { nil } }) == [1, 2])

        let aheadFonts = FontContext()
        func laidOut(in column: Column) -> [[Int]: LaidOutParagraph] {
            var laidOut: [[Int]: LaidOutParagraph] = [:]
            for (path, setting) in ParagraphSetting.all(in: blocks, styles: theme.layout, column: column,
                                                        context: Collector.Context(paragraph: theme.body)) {
                let source = setting.source()
                laidOut[path] = LaidOutParagraph(source: source, lines: setting.lines(of: source, fonts: aheadFonts))
            }
            return laidOut
        }
        let ahead = laidOut(in: Self.column)
        // At the top, in the quotes and in the bullet list; not in the ordered lists.
        #expect(ahead.count >= 8 && ahead.keys.contains { $0.count == 2 } && ahead.keys.contains { $0.count == 3 })
        func run(_ blocks: Range<Int>, of laidOut: [[Int]: LaidOutParagraph]) -> [[Int]: LaidOutParagraph] {
            Dictionary(uniqueKeysWithValues: laidOut.filter { blocks.contains($0.key[0]) }
                .map { ([$0.key[0] - blocks.lowerBound] + $0.key.dropFirst(), $0.value) })
        }
        for split in 0..<blocks.count {
            // The front collected alone, then the rest in one or two runs laid out ahead.
            let cuts = [0, split, split + (blocks.count - split) / 2, blocks.count]
            var helped = Self.collector(theme)
            helped.collect(Array(blocks[0..<split]), column: Self.column)
            for (start, end) in zip(cuts.dropFirst(), cuts.dropFirst(2)) where start < end {
                helped.collect(Array(blocks[start..<end]), column: Self.column, ahead: run(start..<end, of: ahead))
            }
            #expect(Self.describe(helped) == expected, "laid out ahead from block \(split)")
        }
        // Lines laid out for another column are not the collector's: it lays those out again.
        var mismatched = Self.collector(theme)
        mismatched.collect(blocks, column: Self.column, ahead: laidOut(in: Column(x: 90, width: 300)))
        #expect(Self.describe(mismatched) == expected)
    }

    /// A document long enough that a second thread, offered the stream's last blocks, lays out
    /// some of them: the pages must be those of one thread, placed alike, with the same fonts
    /// and warnings. The stream is filled before typesetting starts, so the second thread has
    /// all but the first few blocks to take from when it is offered them.
    @Test func aLongDocumentTypesetOnTwoThreadsMatchesOneThread() throws {
        let section = (1...40).map { number in
            "## Section \(number)\n\nParagraph \(number) of text that wraps across the column more than once, "
                + "with *emphasis*, **strong words**, `code` and ^[\(number)](font: 'Comfortaa', monospacedDigit: true) in it.\n\n"
                + "- an item\n- another item\n\n> a quote \(number)\n\n| n | m |\n|---|---|\n| a | b |\n\n"
                + "![Two tones](two-tone.png \"float: left; width: 40\")\n"
        }.joined(separator: "\n")
        let document = try TestSupport.parse(String(repeating: section, count: 3))
        let theme = TestSupport.defaultTheme
        var typesetter = PageTypesetter(geometry: PageGeometry(size: .a4, margins: Margins(top: 72, right: 72, bottom: 72, left: 72)),
                                    fonts: FontContext())
        let expected = try typesetter.typeset(TestSupport.styled(document, theme: theme, file: "long.md"), baseURL: TestSupport.fixtures, file: "long.md")
        typesetter.waitsForHelper = true

        var warnings: [Warning] = []
        let styler = Styler(theme: theme, file: "long.md")
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        stream.send(styler.style(document.blocks, paragraph: theme.body.text, warnings: &warnings))
        stream.finish(.init(footnotes: [], warnings: warnings))
        let helper = Thread { stream.help() }
        helper.start()
        var pages: [Page] = []
        var deliveredWithoutTheGate = 0
        let gate = HelperGate()
        let outcome = try typesetter.typeset(stream, frontMatter: document.frontMatter,
                                             resources: Resources(file: "long.md", folder: TestSupport.fixtures),
                                             gate: gate) { page in
            // Held by this thread while it delivers, so the second thread lays nothing out meanwhile.
            if gate.ifIdle({}) { deliveredWithoutTheGate += 1 }
            pages.append(page)
        }
        #expect(deliveredWithoutTheGate == 0)
        let helped = TypesetDocument(pages: pages, warnings: outcome.warnings, timings: outcome.timings)

        #expect(stream.runsTakenFromBack > 0 && helped.timings.typesetBeside > 0, "the second thread laid out nothing")
        #expect(helped.pages.count == expected.pages.count && helped.pages.count > 20)
        for (page, other) in zip(helped.pages, expected.pages) {
            #expect(page.items.map(Self.describe) == other.items.map(Self.describe))
        }
        #expect(helped.usedFonts == expected.usedFonts)
        #expect(helped.warnings.map(\.message) == expected.warnings.map(\.message))
        #expect(helped.warnings.filter { $0.message.contains("tnum") }.count == 1)
    }

    /// The second thread's runs wait in memory until the front reaches them, so it stops once it
    /// has laid out its budget of lines; the slices handed on are the same either way.
    @Test(arguments: [1, 40])
    func theSecondThreadStopsAtItsBudget(budget: Int) throws {
        let (theme, blocks) = try Self.blocks()
        let many = Array(repeating: blocks, count: 12).flatMap { $0 }
        var whole = Self.collector(theme)
        whole.collect(many, column: Self.column)

        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        stream.send(many)
        stream.finish(.init(footnotes: [], warnings: []))
        let helper = Thread { stream.help() }
        helper.start()
        var helped = Self.collector(theme)
        var collection = HelpedCollection()
        collection.lineBudget = budget
        collection.waitsForHelper = true
        var slices: [Slice] = []
        var containers: [ContainerBand] = []
        collection.collect(stream, with: &helped, column: Self.column) { slices += $0; containers += $1 }
        stream.close()
        #expect(Self.describe(slices, containers: containers, warnings: helped.warnings) == Self.describe(whole))
        // Each run of 16 blocks here has some six lines of headings and paragraphs.
        #expect((1...(budget == 1 ? 1 : 8)).contains(stream.runsTakenFromBack), "\(stream.runsTakenFromBack) runs")
    }

    @Test func theGateKeepsDrawingAndLayingOutApart() {
        let gate = HelperGate()
        let entered = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let helper = Thread {
            gate.whenIdle {
                entered.signal()
                leave.wait()
            }
        }
        helper.start()
        entered.wait()
        var ran = false
        #expect(!gate.ifIdle { ran = true } && !ran, "nothing runs while the other thread holds the gate")
        leave.signal()
        #expect(gate.whenIdle { true })
        #expect(gate.ifIdle { ran = true } && ran)
    }

    @Test func theFrontAndTheBackTakeEachBlockOnce() throws {
        let (_, blocks) = try Self.blocks()
        let stream = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        stream.send(blocks)
        #expect(stream.takeFromBack(atMost: 4, ifAtLeast: 1) == nil, "nothing from the back before the end")
        stream.finish(.init(footnotes: [], warnings: []))
        let front = stream.take()
        #expect(front.count == StyledBlockStream.frontBatch)
        #expect(stream.takeFromBack(atMost: 4, ifAtLeast: blocks.count) == nil, "too few left")
        var back: [[StyledBlock]] = []
        while let run = stream.takeFromBack(atMost: 4, ifAtLeast: 1) { back.append(run) }
        #expect(stream.take().isEmpty && stream.runsTakenFromBack == back.count)
        #expect(back.allSatisfy { $0.count <= 4 && !$0.isEmpty })
        let order = front + back.reversed().flatMap { $0 }
        #expect(order.map { "\($0)" } == blocks.map { "\($0)" })
    }

    @Test func helpWaitsForAnOfferOrADecline() {
        let offered = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        let returned = DispatchSemaphore(value: 0)
        let helper = Thread {
            offered.help()
            returned.signal()
        }
        helper.start()
        #expect(returned.wait(timeout: .now() + 0.05) == .timedOut, "help returned before an offer or a decline")
        var work = 0
        offered.offerHelp { _ in work += 1 }
        returned.wait()
        #expect(work == 1)
        offered.close()
        offered.offerHelp { _ in work += 1 }
        offered.help()
        #expect(work == 1, "an offer is done once")

        let declined = StyledBlockStream(layout: TestSupport.defaultTheme.layout)
        declined.close()
        declined.offerHelp { _ in work += 1 }
        declined.help()
        #expect(work == 1, "an offer after a decline is not done")

        let alone = StyledBlockStream(blocks: [], ending: .init(footnotes: [], warnings: []), layout: TestSupport.defaultTheme.layout)
        alone.help()
    }
}
