import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// The table of contents' page numbers: layouts without drawing until two agree, numbers that
/// match where each heading landed, entries that link to their headings, a cap on layouts.
@Suite(.fontWork) struct ContentsPagesTests {
    private func typeset(_ markdown: String, page: PageSize = PageSize(width: 300, height: 400)) throws -> TypesetNote {
        var options = RenderOptions()
        options.pageSize = page
        options.margins = Margins(top: 30, right: 30, bottom: 30, left: 30)
        return try Renderer(options: options).typeset(source: markdown, file: "test.md")
    }

    /// The page each anchor's destination is on.
    private func landed(_ pages: [Page]) -> PageNumbers {
        var numbers = PageNumbers()
        for (index, page) in pages.enumerated() { numbers.record(destinationsOf: page, page: index + 1) }
        return numbers
    }

    /// Each contents entry's anchor and the number printed at the end of its line: the digits
    /// inside the area of a line-wide link to an anchor.
    private func printed(_ pages: [Page]) -> [(anchor: String, page: Int)] {
        pages.flatMap { page -> [(anchor: String, page: Int)] in
            let numbers = page.items.compactMap { item -> TextLine? in
                guard case let .text(line) = item, !line.string.isEmpty, line.string.allSatisfy(\.isNumber) else { return nil }
                return line
            }
            return page.items.compactMap { item in
                guard case let .link(.anchor(name), rects) = item, let rect = rects.first, rect.width > page.size.width / 2,
                      let number = numbers.first(where: { rect.y <= $0.origin.y && $0.origin.y <= rect.y + rect.height }) else { return nil }
                return (name, Int(number.string)!)
            }
        }
    }

    /// Sixty sections: the contents take two pages, which push every section further.
    static let longContents = "---\ntoc: true\n---\n# Title\n\n"
        + (1...60).map { "## Section \($0)\n\nA paragraph of section \($0), long enough to take a line or two of the page." }
            .joined(separator: "\n\n")

    @Test func theNumbersAreWhereEachHeadingLandedWithTheContentsPagesCounted() throws {
        let note = try typeset(Self.longContents)
        let pages = note.document.pages
        let entries = printed(pages)
        #expect(entries.count == 60)
        let landed = landed(pages)
        for entry in entries { #expect(landed[entry.anchor] == entry.page, "\(entry.anchor)") }
        #expect(landed["section-1"]! >= 2, "the contents pushed the first section past the first page")
        #expect(note.document.timings.measureLayouts == 2, "the second layout confirms the first")
        #expect(note.document.warnings.isEmpty)
    }

    /// Forty `{page:#target}` set first as the placeholder `00` make their paragraph three lines,
    /// which push the heading to page 2; set as `2`, they take two, and the heading is back on
    /// page 1: a third layout finds it there, and agrees.
    @Test func referencesThatMoveTheirHeadingTakeAThirdLayout() throws {
        let filler = (1...11).map { "Filler paragraph \($0) of the first page." }.joined(separator: "\n\n")
        let references = "Pages " + String(repeating: "{page:#target} ", count: 40) + "end."
        let note = try typeset("# Title\n\n\(filler)\n\n\(references)\n\n## Target\n\nThe end.\n")
        #expect(note.document.timings.measureLayouts == 3)
        #expect(landed(note.document.pages)["target"] == 1)
        let shown = note.document.pages.flatMap(\.items).compactMap { item -> String? in
            guard case let .text(line) = item, line.string.hasPrefix("Pages") else { return nil }
            return line.string
        }
        #expect(shown.first?.hasPrefix("Pages 1 1 1") == true, "\(shown)")
        #expect(note.document.warnings.isEmpty)
    }

    /// Contents whose first entry reads right to left are mirrored: numbers on the left, text
    /// from the right; left to right, the other way round.
    @Test(arguments: [("مرحبا", true), ("Hello", false)])
    func rightToLeftContentsAreMirrored(_ heading: String, rightToLeft: Bool) throws {
        let page = try #require(try typeset("---\ntoc: true\n---\n## \(heading)\n\nText.\n").document.pages.first)
        let lines = page.items.compactMap { item -> TextLine? in
            guard case let .text(line) = item else { return nil }
            return line
        }
        let number = try #require(lines.first { $0.string == "1" })
        let entry = try #require(lines.first { $0.string == heading })
        #expect((number.origin.x < entry.origin.x) == rightToLeft)
    }

    @Test func layoutsThatNeverAgreeStopAtTheCapWithAWarning() throws {
        var layouts = 0
        let settlement = PageNumbers.settle { _ in
            layouts += 1
            return PageNumbers(["a": layouts % 2 + 1])
        }
        #expect(layouts == PageNumbers.maximumLayouts)
        #expect(!settlement.settled && settlement.layouts == PageNumbers.maximumLayouts)
        let note = try typeset("---\ntoc: true\n---\n## A\n")
        #expect(note.document.timings.measureLayouts == 2)
    }

    @Test func settlingStopsWhenALayoutFindsWhatItWasGiven() {
        var given: [PageNumbers?] = []
        let results = [PageNumbers(["a": 1]), PageNumbers(["a": 2]), PageNumbers(["a": 2])]
        let settlement = PageNumbers.settle { numbers in
            given.append(numbers)
            return results[given.count - 1]
        }
        #expect(given == [nil, PageNumbers(["a": 1]), PageNumbers(["a": 2])])
        #expect(settlement == PageNumbers.Settlement(numbers: PageNumbers(["a": 2]), layouts: 3, settled: true))
    }

    @Test func aNoteWithoutContentsIsLaidOutOnce() throws {
        let note = try typeset("# Title\n\n## A\n\nText [TOC] in a line is no contents line.\n")
        #expect(note.document.timings.measureLayouts == 2, "the marker's text is enough to measure")
        #expect(try typeset("# Title\n\n## A\n").document.timings.measureLayouts == 0)
    }

    @Test func tenThousandHeadingsAreListedInLinearTime() throws {
        let markdown = "---\ntoc: {depth: 1}\n---\n" + (1...10_000).map { "# H\($0)" }.joined(separator: "\n")
        let start = Date()
        let note = try typeset(markdown, page: .a4)
        #expect(printed(note.document.pages).count == 10_000)
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
