import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Turns the badge and the front matter's shapes into exclusions and the items that draw them.
struct ShapeBuilder {
    let styles: LayoutStyle
    let geometry: PageGeometry
    let fonts: FontContext

    /// The shapes to flow around, and, by page, the items that draw the visible ones.
    func build(badge: BadgePlan?, specs: [ExclusionSpec]) -> (ExclusionMap, [Int: [PageItem]]) {
        var map = ExclusionMap()
        var drawn: [Int: [PageItem]] = [:]
        if let badge {
            let style = styles.badge
            let diameter = badge.diameter ?? style.diameter
            let column = geometry.column
            let center = badge.center ?? Point(x: column.x + column.width - diameter / 2, y: geometry.margins.top + diameter / 2)
            map.add(Exclusion(page: 1, shape: .circle(center: center, radius: diameter / 2), margin: style.margin))
            drawn[1, default: []] += badgeItems(badge, center: center, diameter: diameter)
        }
        for spec in specs {
            let shape = exclusionShape(spec)
            map.add(Exclusion(page: spec.page, shape: shape, margin: spec.margin))
            let fill = spec.fill ?? (spec.draw && spec.stroke == nil ? styles.shapes.fill : nil)
            let stroke = spec.stroke ?? (spec.draw && spec.fill == nil ? styles.shapes.stroke : nil)
            guard fill != nil || stroke != nil else { continue }
            let path: ShapePath
            switch shape {
            case let .circle(center, radius): path = .circle(center: center, radius: radius)
            case let .rect(rect):
                path = .polygon([Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y),
                                 Point(x: rect.maxX, y: rect.maxY), Point(x: rect.x, y: rect.maxY)])
            case let .polygon(points): path = .polygon(points)
            case .outline: continue
            }
            drawn[spec.page, default: []].append(.shape(path, fill: fill, stroke: stroke, width: styles.shapes.strokeWidth))
        }
        return (map, drawn)
    }

    private func exclusionShape(_ spec: ExclusionSpec) -> ExclusionShape {
        switch spec.shape {
        case .circle:
            let center = spec.center ?? [0, 0]
            return .circle(center: Point(x: center[0], y: center[1]), radius: spec.radius ?? 0)
        case .rect:
            let rect = spec.rect ?? [0, 0, 0, 0]
            return .rect(Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
        case .polygon:
            return .polygon((spec.points ?? []).map { Point(x: $0[0], y: $0[1]) })
        }
    }

    /// The circle, and the month, day and year stacked in its middle.
    private func badgeItems(_ badge: BadgePlan, center: Point, diameter: Double) -> [PageItem] {
        let style = styles.badge
        let scale = diameter / style.diameter
        var items: [PageItem] = [.shape(.circle(center: center, radius: diameter / 2), fill: style.fill,
                                        stroke: style.stroke, width: style.strokeWidth)]
        let sizes = [0.5, 1.0, 0.45].map { $0 * style.size * scale }
        let layouts = zip(badge.lines, sizes).map { text, size -> TextLayout in
            var text_ = TextStyle(fontFamilies: style.fontFamilies, size: size)
            text_.color = style.color
            text_.weight = size == sizes[1] ? .bold : .semibold
            return TextLayout(StyledText(text, style: text_), width: nil, align: .center, lineHeight: 1, context: fonts)
        }
        let lines = layouts.compactMap { layout in layout.lines.first.map { (layout, $0) } }
        let total = lines.map { $0.1.height }.reduce(0, +)
        var top = center.y - total / 2
        for (layout, line) in lines {
            items.append(.text(layout.textLine(0, origin: Point(x: center.x - line.width / 2, y: top + line.baseline - line.top))))
            top += line.height
        }
        return items
    }
}
