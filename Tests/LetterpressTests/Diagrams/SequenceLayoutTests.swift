import Foundation
import Testing
@testable import LetterpressCore
@testable import LetterpressDiagrams

/// Sequence diagrams laid out in columns and rows: the geometry of the drawing, read back from
/// its labels and the SVG's rectangles, with a measure that makes every character 5 points wide.
@Suite struct SequenceLayoutTests {
    static let style = DiagramStyle(fontFamily: "DejaVu Sans", fontSize: 10, textColor: Color(parsing: "#223344")!,
                                    lineColor: Color(parsing: "#556677")!)

    private func drawing(_ body: String) throws -> DiagramDrawing {
        try Diagram.drawing("sequenceDiagram\n" + body, language: .mermaid, style: Self.style, measure: Self.width).get()
    }

    private static func width(_ line: String, _ family: String, _ size: Double, _ bold: Bool) -> Double { Double(line.count) * size / 2 }

    /// The horizontal extent of `label` as the page sets it.
    private func extent(_ label: DiagramLabel) -> ClosedRange<Double> {
        let width = Self.width(label.text, label.fontFamily, label.fontSize, label.bold)
        switch label.anchor {
        case .start: return label.x...(label.x + width)
        case .middle: return (label.x - width / 2)...(label.x + width / 2)
        case .end: return (label.x - width)...label.x
        }
    }

    /// The SVG's rectangles filled with `fill` (nil: not filled), as (x, y, width, height) in
    /// the drawing's coordinates (its shapes are moved by the group's translation).
    private func rectangles(_ drawing: DiagramDrawing, fill: Color?) throws -> [(x: Double, y: Double, width: Double, height: Double)] {
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let shift = try #require(svg.firstMatch(of: #/translate\(([-\d.]+) ([-\d.]+)\)/#))
        let (dx, dy) = (Double(shift.1)!, Double(shift.2)!)
        let pattern = #/<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]* fill="([^"]*)"/#
        let wanted = fill.map(SVGCanvas.hex) ?? "none"
        return svg.matches(of: pattern).filter { $0.5 == wanted }.map { match in
            (Double(match.1)! + dx, Double(match.2)! + dy, Double(match.3)!, Double(match.4)!)
        }
    }

    private func label(_ text: String, in drawing: DiagramDrawing) throws -> DiagramLabel {
        try #require(drawing.labels.first { $0.text == text }, "\(text) in \(drawing.labels.map(\.text))")
    }

    @Test func messagesRunTopToBottomInSourceOrder() throws {
        let drawing = try drawing("Alice->>Bob: first\nBob-->>Alice: second\nAlice->>Alice: third\nNote over Bob: fourth\nBob-xCarol: fifth")
        let ys = try ["first", "second", "third", "fourth", "fifth"].map { try label($0, in: drawing).y }
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 }, "\(ys)")
    }

    @Test func participantsRunLeftToRightInOrderOfFirstMention() throws {
        let drawing = try drawing("participant Zed\nAlice->>Bob: hi\nBob->>Zed: hi")
        let heads = drawing.labels.filter { ["Zed", "Alice", "Bob"].contains($0.text) }
        let top = heads.map(\.y).min()!
        let xs = heads.filter { $0.y == top }.map { ($0.text, $0.x) }.sorted { $0.1 < $1.1 }.map(\.0)
        #expect(xs == ["Zed", "Alice", "Bob"])
        #expect(heads.count == 6, "boxes at the top and at the bottom")
    }

    @Test func columnsAreWideEnoughForTheTextBetweenThem() throws {
        let long = String(repeating: "wide ", count: 20)
        let drawing = try drawing("participant A as A very long participant name\nparticipant B\nparticipant C\nA->>B: \(long)\nC->>C: \(long)\nNote right of B: \(long)")
        let boxes = try rectangles(drawing, fill: Self.style.nodeFill).filter { $0.y < 30 }.sorted { $0.x < $1.x }
        #expect(boxes.count == 3)
        for (left, right) in zip(boxes, boxes.dropFirst()) { #expect(left.x + left.width < right.x, "boxes do not overlap") }
        let a = try label("A very long participant name", in: drawing).x
        let (b, c) = try (label("B", in: drawing).x, label("C", in: drawing).x)
        let message = extent(try #require(drawing.labels.first { $0.text == long.trimmingCharacters(in: .whitespaces) && $0.anchor == .middle }))
        #expect(a < message.lowerBound && message.upperBound < b, "the message's text lies between its lifelines")
        let note = try #require(try rectangles(drawing, fill: Self.style.clusterFill).first)
        #expect(b < note.x && note.x + note.width < c, "a note right of B stays left of C's lifeline")
        #expect(drawing.labels.allSatisfy { extent($0).lowerBound >= 0 && extent($0).upperBound <= drawing.width && (0...drawing.height).contains($0.y) })
    }

    @Test func framesHoldTheirMessagesAndNestInsideEachOther() throws {
        let drawing = try drawing("A->>B: before\nloop outer\nalt inner\nA->>B: inside\nelse otherwise\nB->>A: also\nend\nend\nA->>B: after")
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        let frames = try rectangles(drawing, fill: nil)
        #expect(frames.count == 2)
        let (inner, outer) = (frames[0], frames[1])
        #expect(outer.x < inner.x && outer.y < inner.y && inner.y + inner.height < outer.y + outer.height)
        let inside = try label("inside", in: drawing).y
        #expect(inner.y < inside && inside < inner.y + inner.height)
        #expect(try label("before", in: drawing).y < outer.y && outer.y + outer.height < label("after", in: drawing).y)
        for text in ["loop", "alt", "[outer]", "[inner]", "[otherwise]"] { _ = try label(text, in: drawing) }
        #expect(svg.contains("stroke-dasharray"), "else's separator is dashed")
    }

    @Test func activationsAreBarsAndMessagesMeetThem() throws {
        let drawing = try drawing("A->>+B: open\nB->>+B: nested\nB-->>-A: close\nB-->>-A: close again")
        let bars = try rectangles(drawing, fill: Self.style.nodeFill.mixed(with: Self.style.lineColor, 0.06))
        #expect(bars.count == 2)
        #expect(bars[0].x > bars[1].x, "the nested bar is drawn first and moved right")
    }

    @Test func createdParticipantsStartLowerAndDestroyedOnesEndWithACross() throws {
        let drawing = try drawing("A->>B: hi\ncreate participant C\nA->>C: make\ndestroy C\nA-xC: gone")
        let heads = drawing.labels.filter { $0.text == "C" }
        #expect(heads.count == 1, "a destroyed participant has no box at the bottom")
        #expect(try heads[0].y > label("hi", in: drawing).y)
    }

    @Test func numbersTitlesGroupsAndActorsAreLabels() throws {
        let drawing = try drawing("title Ordering\nautonumber\nbox Aqua Shop\nactor U as User\nparticipant S as Store\nend\nU->>S: buy\nS-->>U: receipt")
        for text in ["Ordering", "1", "2", "Shop", "User", "Store"] { _ = try label(text, in: drawing) }
        #expect(try label("Ordering", in: drawing).bold)
        let svg = String(decoding: drawing.svg, as: UTF8.self)
        #expect(svg.contains("<circle"), "the actor's head and the numbers' discs")
        #expect(!svg.contains("<text"), "the page sets the text")
    }

    @Test func anInitDirectiveRecoloursTheParticipants() throws {
        let source = "%%{init: {'theme': 'forest', 'themeVariables': {'lineColor': '#ff0000'}}}%%\nsequenceDiagram\nA->>B: hi"
        let drawing = try Diagram.drawing(source, language: .mermaid, style: Self.style, measure: Self.width).get()
        #expect(try rectangles(drawing, fill: Color(parsing: "#cde498")).count == 4, "Mermaid's forest nodes, at the top and the bottom")
        #expect(String(decoding: drawing.svg, as: UTF8.self).contains("stroke=\"#ff0000\""))
        #expect(drawing.notices.isEmpty)
    }
}
