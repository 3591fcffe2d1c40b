import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Pagination of hand-made slices on pages whose content runs from y 100 to y 300: each block
/// carries a mark (a line at x = its tag) that shows where it was placed, in y from the
/// content's top; shapes are in page y.
@Suite(.fontWork) struct PaginatorTests {
    private static let column = Column(x: 72, width: 450)
    private static let black = Color(parsing: "#000000")!

    private static func block(_ tag: Int, _ height: Double, gap: Double = 0, keep: Bool = false,
                              containers: [Int] = [], row: Slice.TableRow? = nil) -> Slice {
        let mark = PageItem.line(from: Point(x: Double(tag), y: 0), to: Point(x: Double(tag), y: height), black, width: 1)
        return .block(Slice.Block(box: Slice.Box(height: height, gapBefore: gap, items: [mark], keepWithNext: keep,
                                                 containers: containers), row: row))
    }

    private static func heading(_ title: String, _ height: Double, gap: Double = 0) -> Slice {
        let source = ParagraphSource(text: StyledText(title, style: TestSupport.defaultTheme.body.text), align: .left,
                                     lineHeight: 1, column: column, keepTogether: true)
        return .line(Slice.Line(box: Slice.Box(height: height, gapBefore: gap, keepWithNext: true), paragraph: source,
                                byteStart: 0, outline: OutlineEntry(level: 1, title: title, y: 0)))
    }

    private static func float(height: Double) throws -> Slice {
        let image = try ImageLoader.load(TestSupport.fixtures.appendingPathComponent("two-tone.png").path).get()
        return .float(FloatingImage(image: image, width: 100, height: height, side: .left, margin: 10, column: column,
                                    outline: nil), gapBefore: 0)
    }

    private static func paginate(_ slices: [Slice], shapes: [Exclusion] = [],
                                 containers: [ContainerBand] = []) -> [Paginator.PageContent] {
        var paginator = Paginator(contentHeight: 200, column: column, contentTop: 100,
                                  exclusions: ExclusionMap(shapes), fonts: FontContext())
        paginator.containers = containers
        return paginator.add(slices) + paginator.add([], ending: true)
    }

    /// Each page's marks, as "tag@y".
    private static func marks(_ pages: [Paginator.PageContent]) -> [[String]] {
        pages.map { page in
            page.items.compactMap { item in
                guard case let .line(from, _, _, _) = item else { return nil }
                return "\(Int(from.x))@\(from.y)"
            }
        }
    }

    @Test func keepWithNextGroupsMoveTogether() {
        let kept = Self.paginate([Self.block(1, 150), Self.block(2, 30, keep: true), Self.block(3, 30)])
        #expect(Self.marks(kept) == [["1@0.0"], ["2@0.0", "3@30.0"]])
        let apart = Self.paginate([Self.block(1, 150), Self.block(2, 30), Self.block(3, 30)])
        #expect(Self.marks(apart) == [["1@0.0", "2@150.0"], ["3@0.0"]])
    }

    @Test func aKeptRunTallerThanAPageIsSplit() {
        let run = (1...8).map { Self.block($0, 30, keep: $0 < 8) }
        let pages = Self.paginate([Self.block(0, 50)] + run)
        // Kept from the third on, the rest of the run fits a page: it moves there together.
        #expect(Self.marks(pages) == [["0@0.0", "1@50.0", "2@80.0"],
                                      ["3@0.0", "4@30.0", "5@60.0", "6@90.0", "7@120.0", "8@150.0"]])
    }

    @Test func tableHeaderRowsRepeatAboveRowsThatStartAPage() {
        let header = Self.block(9, 20, keep: true, row: Slice.TableRow(table: 1, isHeader: true))
        let rows = (1...5).map { Self.block($0, 50, row: Slice.TableRow(table: 1, isHeader: false)) }
        let pages = Self.paginate([header] + rows)
        #expect(Self.marks(pages) == [["9@0.0", "1@20.0", "2@70.0", "3@120.0"],
                                      ["9@0.0", "4@20.0", "5@70.0"]])
    }

    @Test func breakSlicesStartPages() {
        let pages = Self.paginate([.pageBreak, Self.block(1, 20), .pageBreak, .pageBreak, Self.block(2, 20, gap: 10),
                                   Self.block(3, 20, gap: 10)])
        // A break on an empty page changes nothing, and a page's first block drops its gap.
        #expect(Self.marks(pages) == [["1@0.0"], ["2@0.0", "3@30.0"]])
    }

    @Test func floatsArePlacedOrDeferredToTheNextPage() throws {
        let pages = Self.paginate([Self.block(1, 150), try Self.float(height: 50), try Self.float(height: 100)])
        let images = pages.map { page in
            page.items.compactMap { item -> Double? in
                guard case let .image(_, rect) = item else { return nil }
                return rect.y
            }
        }
        #expect(images == [[150], [0]], "the second float does not fit below the first")
    }

    @Test func aFloatIsAShapeOfItsPage() throws {
        // The block meets the float's rectangle (with its margin): it moves below them.
        let pages = Self.paginate([try Self.float(height: 60), Self.block(1, 20)])
        #expect(Self.marks(pages) == [["1@70.0"]])
    }

    @Test func blocksThatCannotWrapMoveBelowAShape() {
        let shape = Exclusion(page: 1, shape: .rect(Rect(x: 200, y: 150, width: 100, height: 50)), margin: 5)
        let pages = Self.paginate([Self.block(1, 40), Self.block(2, 20), Self.block(3, 90)], shapes: [shape])
        // Below the shape there is room for the second block, not for the third.
        #expect(Self.marks(pages) == [["1@0.0", "2@105.0"], ["3@0.0"]])
    }

    @Test func linesThatMeetAShapeAreLaidOutAgainBesideIt() {
        let words = (1...60).map { "word\($0)" }
        let source = ParagraphSource(text: StyledText(words.joined(separator: " "), style: TestSupport.defaultTheme.body.text),
                                     align: .left, lineHeight: 1.2, column: Self.column, keepTogether: false)
        let lines = LineItems(fonts: FontContext()).lines(of: source)
        let shape = Exclusion(page: 1, shape: .rect(Rect(x: 300, y: 100, width: 222, height: 50)))
        let pages = Self.paginate(lines.map(Slice.line), shapes: [shape])
        let placed = pages.flatMap(\.items).compactMap { item -> TextLine? in
            guard case let .text(line) = item else { return nil }
            return line
        }
        let beside = placed.filter { $0.origin.y - $0.metrics.baseline + $0.metrics.top < 50 }
        #expect(beside.count >= 2 && beside.allSatisfy { $0.origin.x + $0.metrics.width <= 300.5 })
        #expect(placed.contains { $0.metrics.width > 228 }, "below the shape, lines take the column's width")
        #expect(placed.flatMap { $0.string.split(separator: " ").map(String.init) } == words, "no word lost or repeated")
    }

    @Test func containerBandsSpanTheirSlicesPerPage() {
        let band = ContainerBand(x: 60, width: 3, color: Self.black)
        let shape = Exclusion(page: 2, shape: .rect(Rect(x: 200, y: 150, width: 100, height: 50)))
        let pages = Self.paginate([Self.block(1, 100, containers: [0]), Self.block(2, 80, containers: [0]),
                                   Self.block(3, 50, containers: [0]), Self.block(4, 20, containers: [0])],
                                  shapes: [shape], containers: [band])
        let bands = pages.map { page in
            page.items.compactMap { item -> String? in
                guard case let .fill(rect, _) = item else { return nil }
                return "\(rect.y)…\(rect.maxY)"
            }
        }
        // On the second page the last block moved below the shape: its band starts again there.
        #expect(bands == [["0.0…180.0"], ["0.0…50.0", "100.0…120.0"]])
    }

    @Test func outlineEntriesGetTheYOfTheirLine() {
        let pages = Self.paginate([Self.heading("One", 30), Self.heading("Two", 30, gap: 10), Self.block(1, 120),
                                   Self.heading("Three", 30, gap: 10), Self.block(2, 60)])
        #expect(pages.map { $0.outline.map { "\($0.title)@\($0.y)" } } == [["One@0.0", "Two@40.0"], ["Three@0.0"]])
    }
}
