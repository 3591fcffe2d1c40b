import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Gantt charts drawn as Mermaid draws them: the geometry read back from the labels and the
/// SVG's rectangles, with a measure that makes every character 5 points wide.
@Suite struct GanttLayoutTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: Color(parsing: "#222222")!,
                                     lineColor: Color(parsing: "#333333")!)

    private static func width(_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double { Double(line.count) * size / 2 }

    private func drawing(_ body: String, style: DiagramStyle = style) throws -> DiagramDrawing {
        try Diagram.drawing("gantt\n" + body, language: .mermaid, style: style, measure: Self.width).get()
    }

    private func label(_ text: String, in drawing: DiagramDrawing) throws -> DiagramLabel {
        try #require(drawing.labels.first { $0.text == text }, "\(text) in \(drawing.labels.map(\.text))")
    }

    /// The task bars: the SVG's rectangles outlined with a stroke, in the drawing's coordinates.
    private func bars(_ drawing: DiagramDrawing) throws -> [(x: Double, y: Double, width: Double, height: Double, fill: String)] {
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let shift = try #require(svg.firstMatch(of: #/translate\(([-\d.]+) ([-\d.]+)\)/#))
        let (dx, dy) = (Double(shift.1)!, Double(shift.2)!)
        let pattern = #/<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="[\d.]+" fill="([^"]*)"[^>]* stroke=/#
        return svg.matches(of: pattern).map { match in
            (Double(match.1)! + dx, Double(match.2)! + dy, Double(match.3)!, Double(match.4)!, String(match.5))
        }
    }

    @Test func barsRunTopToBottomInSourceOrderWithoutOverlapping() throws {
        let drawing = try drawing("""
            section Plan
            A : a, 2024-01-01, 3d
            B : b, after a, 2d
            section Build
            C : 2024-01-02, 4d
            D : after b, 1d
            """)
        let bars = try bars(drawing)
        #expect(bars.count == 4)
        for (upper, lower) in zip(bars, bars.dropFirst()) {
            #expect(upper.y + upper.height < lower.y, "a row each, in source order")
        }
        #expect(abs((bars[1].x) - (bars[0].x + bars[0].width)) < 0.02, "a task after another starts where it ends")
        #expect(abs(bars[3].x - (bars[1].x + bars[1].width)) < 0.02)
        #expect(abs(bars[0].width / 3 - bars[1].width / 2) < 0.02, "widths proportional to durations")
        let plan = try label("Plan", in: drawing), build = try label("Build", in: drawing)
        #expect(plan.y < build.y && plan.x < bars.map(\.x).min()!, "section names left of the bars, in order")
        #expect((bars[0].y...(bars[1].y + bars[1].height)).contains(plan.y), "centred on their rows")
    }

    @Test func namesSitInsideBarsThatFitThemAndBesideOthers() throws {
        let drawing = try drawing("Long enough task : 2024-01-01, 20d\nX : 2d\nA rather long name for a short task : 1d")
        let bars = try bars(drawing)
        let inside = try label("Long enough task", in: drawing)
        #expect(inside.anchor == .middle && abs(inside.x - (bars[0].x + bars[0].width / 2)) < 0.02)
        #expect(inside.color == .white, "white on Mermaid's lavender bar, as in Mermaid")
        let short = try label("X", in: drawing)
        #expect(short.anchor == .middle)
        let beside = try label("A rather long name for a short task", in: drawing)
        #expect(beside.anchor != .middle)
        #expect(beside.color == Self.style.textColor)
        if beside.anchor == .start { #expect(beside.x > bars[2].x + bars[2].width) } else { #expect(beside.x < bars[2].x) }
    }

    @Test func statesHaveTheirColoursAndMilestonesAreDiamonds() throws {
        let drawing = try drawing("""
            Normal : 2024-01-01, 2d
            Active : active, 2d
            Done : done, 2d
            Critical : crit, 2d
            Release : milestone, 2024-01-09, 0d
            """)
        let metrics = GanttMetrics(style: Self.style)
        let fills = try bars(drawing).map(\.fill)
        #expect(fills == [metrics.taskFill, metrics.activeFill, metrics.doneFill, metrics.criticalFill].map(SVGCanvas.hex))
        #expect(SVGCanvas.hex(metrics.taskFill) == "#8888dd" && SVGCanvas.hex(metrics.criticalFill) == "#ff0000",
                "Mermaid's #8a90dd and red, from the default theme's #ececff")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.components(separatedBy: "<polygon").count == 2, "one diamond")
        let release = try label("Release", in: drawing)
        #expect(release.italic && release.anchor != .middle)
    }

    @Test func theAxisHasDatesBelowTheRowsAndGridLinesAtThem() throws {
        let drawing = try drawing("axisFormat %d %b\nA : 2024-01-01, 14d\nB : 7d")
        let bars = try bars(drawing)
        let bottom = bars.map { $0.y + $0.height }.max()!
        let dates = drawing.labels.filter { $0.text.hasSuffix(" Jan") }
        #expect(dates.count >= 3, "\(drawing.labels.map(\.text))")
        #expect(dates.allSatisfy { $0.y > bottom && $0.anchor == .middle })
        #expect(zip(dates, dates.dropFirst()).allSatisfy { $0.x < $1.x })
        let first = bars[0].x, last = bars[1].x + bars[1].width
        #expect(dates.allSatisfy { (first - 0.01...last + 0.01).contains($0.x) }, "ticks within the chart's span")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.components(separatedBy: "<line").count - 1 >= dates.count)
    }

    @Test func excludedDaysAreShadedAndMarkersDrawLines() throws {
        let drawing = try drawing("excludes weekends\nA : 2024-01-01, 10d\nShip : vert, 2024-01-10, 0d")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let shade = SVGCanvas.hex(GanttMetrics(style: Self.style).excluded)
        #expect(svg.components(separatedBy: "fill=\"\(shade)\"").count - 1 == 2, "two weekends")
        #expect(try bars(drawing).count == 1, "a marker takes no row")
        #expect(try label("Ship", in: drawing).anchor == .middle)
    }

    @Test func aTickIntervalThatGivesTooManyTicksIsANotice() throws {
        let drawing = try drawing("tickInterval 1millisecond\nA : 2024-01-01, 30d")
        #expect(drawing.notices.count == 1 && drawing.notices[0].contains("tickInterval"))
    }

    @Test func themesDeriveTheColoursAndInitVariablesWin() throws {
        let night = DiagramStyle(fontFamily: "serif", fontSize: 10, textColor: Color(parsing: "#d6dbe4")!, lineColor: Color(parsing: "#d6dbe4")!,
                                 nodeFill: Color(parsing: "#2b3140")!, clusterFill: Color(parsing: "#232833")!)
        let metrics = GanttMetrics(style: night)
        #expect(metrics.text(on: metrics.activeFill) == night.textColor, "light text on the dark active fill")
        #expect(metrics.text(on: metrics.taskFill) == night.textColor)
        let source = "%%{init: {'themeVariables': {'taskBkgColor': '#00aa00', 'critBkgColor': '#0000ff'}}}%%\ngantt\nA : 2024-01-01, 2d\nB : crit, 1d"
        let drawing = try Diagram.drawing(source, language: .mermaid, style: Self.style, measure: Self.width).get()
        #expect(try bars(drawing).map(\.fill) == ["#00aa00", "#0000ff"])
    }
}
