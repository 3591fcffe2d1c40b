import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Seed 002's fitting of text: `minimumScaleFactor`, `allowsTightening` and `frame(width:)`
/// (`width:`) on headings and paragraphs.
@Suite(.fontWork) struct FittingTests {
    /// An A4 page with 72 pt margins: a column 451.28 pt wide from x = 72.
    private let column = (x: 72.0, width: PageSize.a4.width - 144)

    private func lines(_ markdown: String) throws -> (lines: [TextLine], warnings: [String]) {
        let document = try TestSupport.typeset(markdown)
        let lines = document.pages[0].items.compactMap { item -> TextLine? in
            if case let .text(line) = item { return line } else { return nil }
        }
        return (lines, document.warnings.map(\.message))
    }

    static let heading = "To be, or not to be, that is the question whether tis nobler"

    @Test func aHeadingShrinksToOneLineAsLittleAsItMust() throws {
        let natural = try lines("# \(Self.heading)").lines
        #expect(natural.count == 2)
        let fitted = try lines("# ^[\(Self.heading)](minimumScaleFactor: 0.5)").lines
        #expect(fitted.count == 1)
        let line = try #require(fitted.first)
        #expect(line.metrics.width <= column.width)
        // As large as fits: the line nearly fills the column, and is smaller than before.
        #expect(line.metrics.width > column.width * 0.97, "\(line.metrics.width)")
        #expect(line.metrics.height < natural[0].metrics.height)
    }

    @Test func aFactorTooLargeToFitStopsThereAndBreaks() throws {
        let natural = try lines("# \(Self.heading)").lines
        let fitted = try lines("# ^[\(Self.heading)](minimumScaleFactor: 0.9)").lines
        #expect(fitted.count == 2)
        #expect(abs(fitted[0].metrics.height - natural[0].metrics.height * 0.9) < 1.5, "\(fitted[0].metrics.height)")
    }

    @Test func aLineLimitGivesTheLinesToFitIn() throws {
        let text = Self.heading + " in the mind to suffer the slings and arrows"
        #expect(try lines("# \(text)").lines.count == 3)
        #expect(try lines("# ^[\(text)](minimumScaleFactor: 0.3, lineLimit: 2)").lines.count == 2)
    }

    @Test func tighteningDrawsLettersCloserBeforeBreaking() throws {
        let title = "Tightening a heading"
        let natural = try #require(try lines("# \(title)").lines.first).metrics.width
        let width = (natural * 0.98).rounded(.down)
        #expect(try lines("# ^[\(title)](width: \(width))").lines.count == 2)
        let tightened = try lines("# ^[\(title)](width: \(width), allowsTightening: true)").lines
        #expect(tightened.count == 1)
        #expect(try #require(tightened.first).metrics.width <= width + 0.5, "\(tightened.map(\.metrics))")
    }

    @Test func aWidthSetsTheLinesInANarrowerColumnAtItsStart() throws {
        let (left, _) = try lines("^[To be, or not to be, that is the question:](width: 100)")
        #expect(left.count > 1)
        // A line's origin is its left edge.
        #expect(left.allSatisfy { $0.origin.x >= column.x && $0.origin.x + $0.metrics.width <= column.x + 100.5 })
        let (right, _) = try lines("^[مرحبا بالعالم، هذه جملة طويلة بعض الشيء](width: 100)")
        let end = column.x + column.width
        #expect(right.count > 1)
        #expect(right.allSatisfy { $0.origin.x >= end - 100.5 && $0.origin.x + $0.metrics.width <= end + 0.5 },
                "\(right.map { ($0.origin, $0.metrics) })")
        // Seed 002: a fixed width and one line truncate.
        #expect(try lines("Brevity is the soul of wit.").lines[0].metrics.width > 100)
        let (cut, _) = try lines("^[Brevity is the soul of wit.](width: 100, lineLimit: 1)")
        #expect(cut.count == 1 && cut[0].metrics.width <= 100.5, "\(cut.map(\.metrics))")
    }

    @Test func aFactorOutsideItsRangeWarns() throws {
        let (_, warnings) = try lines("^[Short](minimumScaleFactor: 0)")
        #expect(warnings == ["minimumScaleFactor 0.0 is not between 0.01 and 1; attribute ignored"])
    }
}
