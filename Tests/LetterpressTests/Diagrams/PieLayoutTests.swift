import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Pie charts drawn as Mermaid draws them: the geometry read back from the labels and the SVG,
/// with a measure that makes every character 5 points wide.
@Suite struct PieLayoutTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: Color(parsing: "#222222")!,
                                     lineColor: Color(parsing: "#333333")!)

    private static func width(_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double { Double(line.count) * size / 2 }

    private func drawing(_ source: String, style: DiagramStyle = style) throws -> DiagramDrawing {
        try Diagram.drawing(source, language: .mermaid, style: style, measure: Self.width).get()
    }

    private func label(_ text: String, in drawing: DiagramDrawing) throws -> DiagramLabel {
        try #require(drawing.labels.first { $0.text == text }, "\(text) in \(drawing.labels.map(\.text))")
    }

    @Test func slicesFollowEachOtherClockwiseFromTwelveOClockAndMakeAFullTurn() throws {
        let chart = try PieParser.parse("pie\n\"a\" : 386\n\"b\" : 85\n\"c\" : 0\n\"d\" : 15").get()
        let angles = PieLayout.angles(of: chart)
        #expect(angles.first?.start == 0)
        for (left, right) in zip(angles, angles.dropFirst()) { #expect(left.end == right.start) }
        #expect(abs(angles.last!.end - 2 * .pi) < 1e-9, "the angles add up to 360°")
        #expect(abs((angles[0].end - angles[0].start) - 386.0 / 486 * 2 * .pi) < 1e-9)
        #expect(angles[2].start == angles[2].end, "a zero slice has no angle")
    }

    @Test func percentagesSitInTheirSlicesInSourceOrder() throws {
        // 25 % first: its middle is at 45°, right of and above the centre; 75 % then, below and left.
        let drawing = try drawing("pie\n\"small\" : 1\n\"large\" : 3")
        let small = try label("25%", in: drawing), large = try label("75%", in: drawing)
        let disc = try #require(String(decoding: drawing.svg, as: UTF8.self).firstMatch(of: #/<circle cx="([-\d.]+)" cy="([-\d.]+)"/#))
        let shift = try #require(String(decoding: drawing.svg, as: UTF8.self).firstMatch(of: #/translate\(([-\d.]+) ([-\d.]+)\)/#))
        let (cx, cy) = (Double(disc.1)! + Double(shift.1)!, Double(disc.2)! + Double(shift.2)!)
        #expect(small.x > cx && small.y < cy, "the first slice starts at 12 o'clock and turns clockwise")
        #expect(large.x < cx && large.y > cy)
        #expect(small.anchor == .middle && large.anchor == .middle)
    }

    @Test func theLegendListsEverySliceTopToBottomBesideTheDisc() throws {
        let drawing = try drawing("pie showData title Pets\n\"Dogs\" : 386\n\"Cats\" : 85.5\n\"None\" : 0")
        let rows = try ["Dogs [386]", "Cats [85.5]", "None [0]"].map { try label($0, in: drawing) }
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.y < $1.y && $0.x == $1.x })
        let percentages = drawing.labels.filter { $0.text.hasSuffix("%") }
        #expect(percentages.map(\.text) == ["82%", "18%"], "a slice that rounds to 0 % has no percentage")
        #expect(rows.allSatisfy { row in percentages.allSatisfy { $0.x < row.x } }, "the legend is right of the disc")
        let title = try label("Pets", in: drawing)
        #expect(title.y < percentages.map(\.y).min()! && title.fontSize > rows[0].fontSize)
        #expect(drawing.labels.allSatisfy { $0.x >= 0 && $0.x <= drawing.width && $0.y >= 0 && $0.y <= drawing.height })
    }

    @Test func theDefaultThemeGetsMermaidsOwnPalette() {
        let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: .black, lineColor: .black)
        let palette = PieMetrics.palette(style).map { SVGCanvas.hex($0) }
        // theme-default.js: pie1 = primaryColor, pie2 = secondaryColor, pie3 = tertiary (the
        // primary turned -160°) 40 points darker…
        #expect(palette.count == 12)
        #expect(palette[0] == "#ececff" && palette[1] == "#ffffde")
        #expect(palette[2] == "#b5ff20" && palette[3] == "#b9b9ff" && palette[7] == "#20ffff")
        #expect(Set(palette).count == 12, "twelve different colours")
    }

    @Test func themesGetTwelveDifferentColoursOfTheirOwn() {
        for (node, group) in [("#eceaf8", "#f6f4fc"), ("#2b3140", "#232833"), ("#f1f1ee", "#f8f8f5")] {
            let style = DiagramStyle(fontFamily: "serif", fontSize: 10, textColor: .black, lineColor: .black,
                                     nodeFill: Color(parsing: node)!, clusterFill: Color(parsing: group)!)
            let palette = PieMetrics.palette(style).map { SVGCanvas.hex($0) }
            #expect(Set(palette).count == 12, "\(node): \(palette)")
        }
    }

    @Test func initVariablesNameSlicesColours() throws {
        let drawing = try drawing("%%{init: {'themeVariables': {'pie2': '#123456', 'pieStrokeColor': 'red'}}}%%\npie\n\"a\" : 1\n\"b\" : 1")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.contains("fill=\"#123456\""))
        #expect(svg.contains("stroke=\"#ff0000\""))
        #expect(drawing.notices.isEmpty)
    }

    @Test func aSingleSliceIsTheWholeDisc() throws {
        let drawing = try drawing("pie\n\"all\" : 5")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.components(separatedBy: "<circle").count == 3, "the outline and the slice")
        #expect(try label("100%", in: drawing).text == "100%")
    }
}
