import Foundation
import LetterpressCore

/// Shapes and lines for librsvg, in points, written as SVG elements in layers painted back to
/// front, with the box they cover, so that a drawing laid out around any origin becomes a
/// document whose top left corner is its content's (less a margin).
struct SVGCanvas {
    /// What is painted over what: frames' fills first, then lifelines, activation bars, and
    /// everything else on top.
    enum Layer: Int, CaseIterable { case back, lifelines, bars, front }

    struct Stroke {
        var color: Color
        var width: Double
        var dashed = false
    }

    private var layers = Array(repeating: "", count: Layer.allCases.count)
    private(set) var minX = Double.infinity
    private(set) var minY = Double.infinity
    private(set) var maxX = -Double.infinity
    private(set) var maxY = -Double.infinity

    /// Counts the box from (`x0`, `y0`) to (`x1`, `y1`) as covered, as a label's is.
    mutating func cover(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        minX = min(minX, x0, x1)
        maxX = max(maxX, x0, x1)
        minY = min(minY, y0, y1)
        maxY = max(maxY, y0, y1)
    }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: Color?, stroke: Stroke?,
                       radius: Double = 0, layer: Layer = .front) {
        let corner = radius > 0 ? " rx=\"\(Self.number(radius))\"" : ""
        add("<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"\(corner)"
            + paint(fill: fill, stroke: stroke) + "/>", layer: layer)
        cover(x, y, x + width, y + height)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: Stroke, layer: Layer = .front) {
        add("<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\""
            + paint(fill: nil, stroke: stroke) + "/>", layer: layer)
        cover(x1, y1, x2, y2)
    }

    /// Straight segments through `points`, closed into a polygon when it is filled.
    mutating func polyline(_ points: [(x: Double, y: Double)], fill: Color?, stroke: Stroke?, layer: Layer = .front) {
        let list = points.map { "\(Self.number($0.x)),\(Self.number($0.y))" }.joined(separator: " ")
        add("<\(fill == nil ? "polyline" : "polygon") points=\"\(list)\"" + paint(fill: fill, stroke: stroke) + "/>", layer: layer)
        for point in points { cover(point.x, point.y, point.x, point.y) }
    }

    /// A cubic Bézier curve from `start` to `end`; it lies within its four points.
    mutating func curve(_ start: (x: Double, y: Double), _ control1: (x: Double, y: Double), _ control2: (x: Double, y: Double),
                        _ end: (x: Double, y: Double), stroke: Stroke, layer: Layer = .front) {
        let points = [start, control1, control2, end].map { "\(Self.number($0.x)),\(Self.number($0.y))" }
        add("<path d=\"M\(points[0]) C\(points[1]) \(points[2]) \(points[3])\"" + paint(fill: nil, stroke: stroke) + "/>", layer: layer)
        for point in [start, control1, control2, end] { cover(point.x, point.y, point.x, point.y) }
    }

    mutating func circle(_ x: Double, _ y: Double, radius: Double, fill: Color?, stroke: Stroke?, layer: Layer = .front) {
        add("<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(radius))\"" + paint(fill: fill, stroke: stroke) + "/>",
            layer: layer)
        cover(x - radius, y - radius, x + radius, y + radius)
    }

    /// The slice of the disc of `radius` around (`x`, `y`) from angle `start` to `end`, in
    /// radians clockwise from 12 o'clock, as a pie chart's; the whole disc for a full turn.
    mutating func wedge(_ x: Double, _ y: Double, radius: Double, from start: Double, to end: Double,
                        fill: Color?, stroke: Stroke?, layer: Layer = .front) {
        guard end - start < 2 * .pi - 1e-9 else { return circle(x, y, radius: radius, fill: fill, stroke: stroke, layer: layer) }
        func point(_ angle: Double) -> String { "\(Self.number(x + radius * sin(angle))),\(Self.number(y - radius * cos(angle)))" }
        let large = end - start > .pi ? 1 : 0
        add("<path d=\"M\(Self.number(x)),\(Self.number(y)) L\(point(start)) A\(Self.number(radius)),\(Self.number(radius)) 0 \(large) 1 \(point(end)) Z\""
            + paint(fill: fill, stroke: stroke) + "/>", layer: layer)
        cover(x - radius, y - radius, x + radius, y + radius)
    }

    /// The drawing of what the canvas holds, `margin` around it, with `labels` (placed in the
    /// canvas's coordinates) moved as its shapes are.
    func drawing(labels: [DiagramLabel], margin: Double, notices: [String] = []) -> DiagramDrawing {
        let document = document(margin: margin)
        let labels = labels.map { label in
            var label = label
            label.x += document.shift.x
            label.y += document.shift.y
            return label
        }
        return DiagramDrawing(svg: document.svg, labels: labels, width: document.width, height: document.height, notices: notices)
    }

    /// The SVG document of everything drawn, moved so that the covered box, with `margin` around
    /// it, starts at the origin; and how far it was moved, to move labels with it.
    private func document(margin: Double) -> (svg: Data, width: Double, height: Double, shift: (x: Double, y: Double)) {
        let covered = minX <= maxX
        let shift = covered ? (x: margin - minX, y: margin - minY) : (x: margin, y: margin)
        let width = (covered ? maxX - minX : 0) + 2 * margin
        let height = (covered ? maxY - minY : 0) + 2 * margin
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))pt\" height=\"\(Self.number(height))pt\""
            + " viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">\n"
            + "<g transform=\"translate(\(Self.number(shift.x)) \(Self.number(shift.y)))\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n"
        for layer in layers { svg += layer }
        svg += "</g>\n</svg>\n"
        return (Data(svg.utf8), width, height, shift)
    }

    private mutating func add(_ element: String, layer: Layer) {
        layers[layer.rawValue] += element
        layers[layer.rawValue] += "\n"
    }

    private func paint(fill: Color?, stroke: Stroke?) -> String {
        var text = fill.map { " fill=\"\(Self.hex($0))\"" + ($0.alpha < 1 ? " fill-opacity=\"\(Self.number($0.alpha))\"" : "") } ?? " fill=\"none\""
        if let stroke {
            text += " stroke=\"\(Self.hex(stroke.color))\" stroke-width=\"\(Self.number(stroke.width))\""
            if stroke.color.alpha < 1 { text += " stroke-opacity=\"\(Self.number(stroke.color.alpha))\"" }
            if stroke.dashed { text += " stroke-dasharray=\"\(Self.number(stroke.width * 3)) \(Self.number(stroke.width * 2.5))\" stroke-linecap=\"butt\"" }
        }
        return text
    }

    /// `#rrggbb`: librsvg takes the opacity as its own attribute.
    static func hex(_ color: Color) -> String {
        var opaque = color
        opaque.alpha = 1
        return opaque.description
    }

    /// A coordinate with two decimals at most, as SVG reads it.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths.isFinite, abs(hundredths) < 1e15 else { return "0" }
        let whole = Int(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(magnitude / 100) }
        return sign + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction).trimmingSuffix("0")
    }
}

private extension String {
    func trimmingSuffix(_ character: Character) -> String {
        var text = self
        while text.count > 1, text.last == character { text.removeLast() }
        return text
    }
}
