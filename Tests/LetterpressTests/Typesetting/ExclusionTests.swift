import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

@Suite struct ExclusionMapTests {
    @Test func circlesBlockTheirChordPlusMargin() {
        let map = ExclusionMap([Exclusion(page: 1, shape: .circle(center: Point(x: 300, y: 400), radius: 50), margin: 10)])
        let spans = map.freeSpans(page: 1, top: 395, bottom: 405, left: 72, right: 523)
        #expect(spans == [72...240, 360...523])
        // 40 points from the centre the grown circle (R = 60) is √(60² − 40²) ≈ 44.7 wide each side.
        let upper = map.freeSpans(page: 1, top: 340, bottom: 360, left: 72, right: 523)
        #expect(abs(upper[0].upperBound - (300 - (3600.0 - 1600).squareRoot())) < 0.001)
        #expect(map.freeSpans(page: 1, top: 470, bottom: 480, left: 72, right: 523) == [72...523])
        #expect(map.freeSpans(page: 2, top: 395, bottom: 405, left: 72, right: 523) == [72...523])
    }

    @Test func narrowSpansAreSkipped() {
        let map = ExclusionMap([Exclusion(page: 1, shape: .rect(Rect(x: 100, y: 0, width: 400, height: 50)))])
        #expect(map.freeSpans(page: 1, top: 10, bottom: 20, left: 72, right: 523).isEmpty, "spans of 28 and 23 points are too narrow")
        #expect(map.clearance(page: 1, top: 10, bottom: 20, left: 72, right: 523) == 50)
    }

    @Test func polygonsBlockTheirExtentWithinTheBand() {
        let triangle = ExclusionShape.polygon([Point(x: 100, y: 100), Point(x: 300, y: 200), Point(x: 100, y: 300)])
        let interval = triangle.blockedInterval(top: 140, bottom: 160, margin: 0)
        #expect(interval.map { abs($0.lowerBound - 100) < 0.001 && abs($0.upperBound - 220) < 0.001 } == true)
        #expect(triangle.blockedInterval(top: 310, bottom: 320, margin: 0) == nil)
    }
}

/// Property test: whatever the shapes and the text, no line of text overlaps a shape (with its
/// margin) and no text is lost or repeated.
@Suite(.fontWork) struct WrappingPropertyTests {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    private func shapes(_ random: inout Generator) -> [(ExclusionShape, Double)] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let x = Double.random(in: 60...540, using: &random)
            let y = Double.random(in: 80...700, using: &random)
            let size = Double.random(in: 20...160, using: &random)
            let margin = Double.random(in: 0...12, using: &random)
            switch Int.random(in: 0...2, using: &random) {
            case 0: return (.circle(center: Point(x: x, y: y), radius: size / 2), margin)
            case 1: return (.rect(Rect(x: x - size / 2, y: y - size / 3, width: size, height: size * 0.66)), margin)
            default:
                return (.polygon([Point(x: x, y: y - size / 2), Point(x: x + size / 2, y: y + size / 2),
                                  Point(x: x - size / 2, y: y + size / 2)]), margin)
            }
        }
    }

    /// Pango justifies a wrapped line with no space in it by spacing its letters out to the
    /// width; beside a shape, where a span often holds one word, such a line is set flush left.
    @Test func aJustifiedLineOfOneWordBesideAShapeIsNotLetterSpaced() throws {
        let words = "Incomprehensibilities characteristically notwithstanding, the internationalization "
            + "departments' uncharacteristically counterrevolutionary telecommunications infrastructure "
            + "reorganization necessitated straightforward administrative reconsideration of "
            + "electroencephalographic instrumentation"
        let markdown = "---\nexclusions:\n  - {shape: circle, center: [250, 300], radius: 150}\n---\n\(words) \(words) \(words)"
        var theme = TestSupport.defaultTheme
        theme.body.align = .justify
        let document = try TestSupport.typeset(markdown, theme: theme)
        let page = try #require(document.pages.first)
        let fonts = FontContext()
        var single = 0
        var stretched = 0
        for item in page.items {
            guard case let .text(placed) = item, !TestSupport.isFooter(item, on: page) else { continue }
            let line = placed.metrics
            let text = placed.string.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            let natural = TextLayout(StyledText(text, style: theme.body.text), width: nil, align: .left, lineHeight: 1,
                                     context: fonts).naturalWidth
            if text.contains(" ") {
                if line.width > natural + 1 { stretched += 1 }
                continue
            }
            single += 1
            // Its own width, and at most the space after it.
            #expect(line.width < natural + 0.5 * theme.body.text.size, "'\(text)' is \(line.width) wide, \(natural) alone")
        }
        #expect(single >= 3, "the circle leaves spans of one word")
        #expect(stretched >= 3, "lines of several words are still justified")
    }

    /// Each line after a hard break follows the one before, wrapped around the shape like any
    /// line; the rest of the paragraph used to jump below the shape.
    @Test func hardBreaksBesideAShapeFollowOneAnother() throws {
        let lines = ["Roses are red,", "violets are blue,", "sugar is sweet,", "and so are you."]
        let markdown = "---\nexclusions:\n  - {shape: circle, center: [480, 110], radius: 50}\n---\n"
            + lines.joined(separator: "  \n") + "\\\n" + "last line."
        let page = try #require(try TestSupport.typeset(markdown).pages.first)
        let placed: [TextLine] = page.items.compactMap {
            guard case let .text(line) = $0, !TestSupport.isFooter($0, on: page) else { return nil }
            return line
        }
        #expect(placed.map { $0.string.trimmingCharacters(in: .whitespaces) } == lines + ["last line."])
        for (above, below) in zip(placed, placed.dropFirst()) {
            #expect(abs(below.origin.y - above.origin.y - above.metrics.height) < 0.5,
                    "'\(below.string)' at \(below.origin.y), '\(above.string)' at \(above.origin.y)")
        }
    }

    @Test(arguments: 0..<40)
    func noLineOverlapsAShapeAndNoTextIsLost(seed: Int) throws {
        var random = Generator(state: UInt64(seed) &* 7919 &+ 17)
        let words = ["paper", "ink", "garden", "a", "of", "letters", "quietly", "bend", "around", "shapes",
                     "Zusammengesetztes", "wide", "narrow", "x"]
        let count = Int.random(in: 40...400, using: &random)
        let text = (0..<count).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        let align: TextAlignment = [.left, .justify, .center, .right].randomElement(using: &random)!
        let size = Double.random(in: 8...16, using: &random)
        let placed = shapes(&random)
        let yaml = placed.map { shape, margin -> String in
            switch shape {
            case let .circle(center, radius):
                return "  - {shape: circle, center: [\(center.x), \(center.y)], radius: \(radius), margin: \(margin)}"
            case let .rect(rect):
                return "  - {shape: rect, rect: [\(rect.x), \(rect.y), \(rect.width), \(rect.height)], margin: \(margin)}"
            case let .polygon(points):
                return "  - {shape: polygon, points: [\(points.map { "[\($0.x), \($0.y)]" }.joined(separator: ", "))], margin: \(margin)}"
            case .outline: return ""
            }
        }.joined(separator: "\n")
        let markdown = "---\nexclusions:\n\(yaml)\n---\n^[\(text)](size: \(size))"
        var theme = TestSupport.defaultTheme
        theme.body.align = align
        let document = try TestSupport.typeset(markdown, theme: theme)
        var lines: [String] = []
        for (number, page) in document.pages.enumerated() {
            for item in page.items {
                guard case let .text(textLine) = item, !TestSupport.isFooter(item, on: page) else { continue }
                let (line, origin) = (textLine.metrics, textLine.origin)
                lines.append(textLine.string)
                guard number == 0 else { continue }
                let top = origin.y - (line.baseline - line.top)
                for (shape, margin) in placed {
                    guard let blocked = shape.blockedInterval(top: top + 0.05, bottom: top + line.height - 0.05, margin: margin - 0.05) else { continue }
                    let left = origin.x
                    let right = origin.x + line.width
                    #expect(!(left < blocked.upperBound && right > blocked.lowerBound) || line.width == 0,
                            "seed \(seed): line '\(lines.last!)' at \(left)…\(right), y \(top) overlaps a shape at \(blocked)")
                }
            }
        }
        let joined = lines.joined().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(joined == text, "seed \(seed): text lost or repeated")
    }
}
