import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Git graphs laid out in lanes: the geometry of the drawing, read back from its labels and
/// the SVG's circles and lines, at a font size that makes one of Mermaid's pixels one point and
/// with a measure that makes every character 8 points wide.
@Suite struct GitGraphLayoutTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 16, textColor: Color(parsing: "#223344")!,
                                    lineColor: Color(parsing: "#556677")!)

    private func drawing(_ source: String, style: DiagramStyle = Self.style) throws -> DiagramDrawing {
        try Diagram.drawing(source, language: .mermaid, style: style, measure: Self.width).get()
    }

    private static func width(_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double { Double(line.count) * size / 2 }

    private func shift(_ svg: String) throws -> (x: Double, y: Double) {
        let shift = try #require(svg.firstMatch(of: #/translate\(([-\d.]+) ([-\d.]+)\)/#))
        return (Double(shift.1)!, Double(shift.2)!)
    }

    /// The commits' discs (radius 10, a merge's 9), in drawing order: source order.
    private func commits(_ drawing: DiagramDrawing) throws -> [(x: Double, y: Double, fill: String)] {
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let (dx, dy) = try shift(svg)
        return svg.matches(of: #/<circle cx="([-\d.]+)" cy="([-\d.]+)" r="(10|9)" fill="([^"]*)"/#).map { match in
            (Double(match.1)! + dx, Double(match.2)! + dy, String(match.4))
        }
    }

    /// The thick lines between commits, with their colour.
    private func lines(_ drawing: DiagramDrawing) throws -> [(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String)] {
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let (dx, dy) = try shift(svg)
        let pattern = #/<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" fill="none" stroke="([^"]*)" stroke-width="8"/#
        return svg.matches(of: pattern).map { match in
            (Double(match.1)! + dx, Double(match.2)! + dy, Double(match.3)! + dx, Double(match.4)! + dy, String(match.5))
        }
    }

    private func label(_ text: String, in drawing: DiagramDrawing) throws -> DiagramLabel {
        try #require(drawing.labels.first { $0.text == text }, "\(text) in \(drawing.labels.map(\.text))")
    }

    private let history = """
        gitGraph
            commit id: "one"
            branch develop
            commit id: "two"
            checkout main
            commit id: "three"
            branch feature
            commit id: "four"
            checkout develop
            commit id: "five"
            checkout main
            merge develop id: "six"
        """

    @Test func commitsRunInSourceOrderAlongTheTimeAxis() throws {
        let across = try commits(drawing(history))
        #expect(across.count == 6)
        #expect(zip(across, across.dropFirst()).allSatisfy { $0.x < $1.x }, "\(across.map(\.x))")
        let down = try commits(drawing(history.replacingOccurrences(of: "gitGraph", with: "gitGraph TB:")))
        #expect(zip(down, down.dropFirst()).allSatisfy { $0.y < $1.y }, "\(down.map(\.y))")
        let up = try commits(drawing(history.replacingOccurrences(of: "gitGraph", with: "gitGraph BT:")))
        #expect(zip(up, up.dropFirst()).allSatisfy { $0.y > $1.y }, "\(up.map(\.y))")
    }

    @Test func eachBranchHasItsOwnLaneInItsColourMainFirst() throws {
        let drawn = try commits(drawing(history))
        let (main, develop, feature) = (drawn[0].y, drawn[1].y, drawn[3].y)
        #expect([drawn[2].y, drawn[5].y] == [main, main] && drawn[4].y == develop)
        #expect(main < develop && develop < feature, "lanes in order of creation")
        #expect(Set(drawn.map(\.fill)).count == 3 && drawn[0].fill != drawn[1].fill)
        let vertical = try commits(drawing(history.replacingOccurrences(of: "gitGraph", with: "gitGraph TB:")))
        #expect(vertical[0].x < vertical[1].x && vertical[1].x < vertical[3].x && vertical[2].x == vertical[0].x)
        let ordered = try commits(drawing("gitGraph\ncommit\nbranch late order: 2\ncommit\nbranch early order: 1\ncommit\nbranch plain\ncommit"))
        #expect(ordered[0].y < ordered[3].y && ordered[3].y < ordered[2].y && ordered[2].y < ordered[1].y,
                "main and branches without an order, then by order")
    }

    @Test func mergeLinesLeaveTheMergedLaneAndJoinTheMerge() throws {
        let drawing = try drawing(history)
        let drawn = try commits(drawing)
        let (two, five, six) = (drawn[1], drawn[4], drawn[5])
        let developColour = two.fill
        let drawnLines = try lines(drawing)
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 0.01 }
        // Along develop's lane from "five" towards the merge, then up into it, in develop's colour.
        #expect(drawnLines.contains { $0.stroke == developColour && close($0.y1, five.y) && close($0.y2, five.y) && close($0.x1, five.x)
            && close($0.x2, six.x - 20) })
        #expect(drawnLines.contains { $0.stroke == developColour && close($0.x1, six.x) && close($0.x2, six.x) && close($0.y2, six.y) })
        // Out of "one" down into develop's lane, then along it to "two".
        let one = drawn[0]
        #expect(drawnLines.contains { $0.stroke == developColour && close($0.x1, one.x) && close($0.y1, one.y) && close($0.x2, one.x)
            && close($0.y2, two.y - 20) })
        #expect(drawnLines.contains { $0.stroke == developColour && close($0.y1, two.y) && close($0.y2, two.y) && close($0.x2, two.x) })
    }

    @Test func aCherryPickOverCommitsOfItsLaneIsRoutedBetweenTheLanes() throws {
        let drawing = try drawing("gitGraph\ncommit\nbranch b\ncommit\ncheckout main\ncommit id: \"A\"\ncheckout b\ncommit\ncherry-pick id: \"A\"")
        let drawn = try commits(drawing)
        #expect(drawn.count == 5 && drawn[4].fill == "#556677", "the cherry-pick is a disc in the line colour")
        let (main, lane) = (drawn[0].y, drawn[1].y)
        #expect(try lines(drawing).contains { $0.y1 == $0.y2 && $0.y1 > main && $0.y1 < lane }, "a route between the lanes")
        #expect(try label("cherry-pick:A", in: drawing).y < lane)
    }

    @Test func labelsOnALaneDoNotOverlapAndTagsSitAbove() throws {
        let drawing = try drawing("gitGraph\ncommit id: \"a long commit label\"\ncommit id: \"another long label\" tag: \"v1\"\ncommit id: \"x\"")
        let first = try label("a long commit label", in: drawing), second = try label("another long label", in: drawing)
        #expect(first.x + Self.width(first.text, "", 16, false) < second.x)
        let tag = try label("v1", in: drawing)
        let disc = try commits(drawing)[1]
        #expect(tag.y < disc.y && second.y > disc.y && abs(tag.x - disc.x) < 1)
        #expect(drawing.labels.allSatisfy { $0.x >= 0 && $0.x <= drawing.width && (0...drawing.height).contains($0.y) })
    }

    @Test func autoIdsAndUnnamedMergesHaveNoLabel() throws {
        let drawing = try drawing("gitGraph\ncommit\nbranch b\ncommit\ncheckout main\nmerge b")
        #expect(drawing.labels.map(\.text) == ["main", "b"])
    }

    @Test func settingsHideBranchesAndLabelsAndNameTheMainBranch() throws {
        let hidden = try drawing("%%{init: {'gitGraph': {'showBranches': false, 'showCommitLabel': false}}}%%\ngitGraph\ncommit id: \"a\"\nbranch b\ncommit")
        #expect(hidden.labels.isEmpty)
        let renamed = try drawing("%%{init: {'gitGraph': {'mainBranchName': 'trunk', 'rotateCommitLabel': true}}}%%\ngitGraph\ncommit\ncheckout trunk")
        #expect(renamed.labels.map(\.text) == ["trunk"])
        #expect(renamed.notices == ["gitGraph setting 'rotateCommitLabel' ignored: commit labels are set level"])
    }

    @Test func branchColoursComeFromTheThemeOrTheDirective() throws {
        var style = Self.style
        style.nodeFill = Color(parsing: "#ececff")!
        let drawn = try commits(drawing("gitGraph\ncommit\nbranch b\ncommit", style: style))
        #expect(drawn.map(\.fill) == ["#0000ec", "#ecec00"], "Mermaid's default git0 and (nearly) git1")
        let recoloured = try commits(drawing("%%{init: {'themeVariables': {'git1': '#ff00ff'}}}%%\ngitGraph\ncommit\nbranch b\ncommit", style: style))
        #expect(recoloured.map(\.fill) == ["#0000ec", "#ff00ff"])
    }

    @Test func bigGraphsStayFast() throws {
        var source = "gitGraph\n"
        for index in 0..<(GitGraphParser.maximumBranches - 1) { source += "branch b\(index)\ncommit tag: \"t\"\ncheckout main\ncommit\nmerge b\(index)\n" }
        let start = ContinuousClock.now
        let drawing = try drawing(source)
        #expect(drawing.width > 0 && ContinuousClock.now - start < .seconds(2))
    }
}
