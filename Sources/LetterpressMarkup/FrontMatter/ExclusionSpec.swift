import Foundation
import LetterpressCore

/// A shape from the front matter, in points from the page's top-left corner.
package struct ExclusionSpec: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case circle, rect, polygon

        package init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            guard let kind = Kind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "shape \(Excerpt.quoted(name)) is not circle, rect or polygon" + Hint.suggestion(for: name, among: Kind.allCases.map(\.rawValue)))
            }
            self = kind
        }
    }

    package var shape: Kind
    /// The page, from 1.
    package var page: Int
    package var center: [Double]?
    package var radius: Double?
    package var rect: [Double]?
    package var points: [[Double]]?
    /// Space kept clear around the shape.
    package var margin: Double
    package var fill: Color?
    package var stroke: Color?
    /// Drawn in the theme's shape colours when neither fill nor stroke is given.
    package var draw: Bool

    private enum CodingKeys: String, CodingKey { case shape, page, center, radius, rect, points, margin, fill, stroke, draw }

    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        shape = try container.decode(Kind.self, forKey: .shape)
        page = try container.decodeIfPresent(Int.self, forKey: .page) ?? 1
        center = try container.decodeIfPresent([Double].self, forKey: .center)
        radius = try container.decodeIfPresent(Double.self, forKey: .radius)
        rect = try container.decodeIfPresent([Double].self, forKey: .rect)
        points = try container.decodeIfPresent([[Double]].self, forKey: .points)
        margin = try container.decodeIfPresent(Double.self, forKey: .margin) ?? 6
        fill = try container.decodeIfPresent(Color.self, forKey: .fill)
        stroke = try container.decodeIfPresent(Color.self, forKey: .stroke)
        draw = try container.decodeIfPresent(Bool.self, forKey: .draw) ?? false
        func fail(_ key: CodingKeys, _ message: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: message)
        }
        guard page >= 1 else { throw fail(.page, "pages count from 1") }
        guard (0...200).contains(margin) else { throw fail(.margin, "margin must be 0 to 200 points") }
        switch shape {
        case .circle:
            guard center?.count == 2 else { throw fail(.center, "a circle needs center: [x, y]") }
            guard let radius else { throw fail(.shape, "a circle needs a radius") }
            guard radius > 0, radius < 5000 else { throw fail(.radius, "a circle's radius must be above 0 and below 5000 points") }
        case .rect:
            guard let rect, rect.count == 4, rect[2] > 0, rect[3] > 0 else { throw fail(.rect, "a rect needs rect: [x, y, width, height]") }
        case .polygon:
            guard let points, points.count >= 3, points.allSatisfy({ $0.count == 2 }) else {
                throw fail(.points, "a polygon needs points: [[x, y], …], three or more")
            }
        }
        for value in (center ?? []) + (rect ?? []) + (points ?? []).flatMap({ $0 }) where !value.isFinite || abs(value) > 100_000 {
            throw fail(.shape, "coordinates must be numbers of points from -100000 to 100000")
        }
    }

    /// Writes the shape with the keys the front matter gives it, for the run archive.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shape, forKey: .shape)
        try container.encode(page, forKey: .page)
        try container.encodeIfPresent(center, forKey: .center)
        try container.encodeIfPresent(radius, forKey: .radius)
        try container.encodeIfPresent(rect, forKey: .rect)
        try container.encodeIfPresent(points, forKey: .points)
        try container.encode(margin, forKey: .margin)
        try container.encodeIfPresent(fill, forKey: .fill)
        try container.encodeIfPresent(stroke, forKey: .stroke)
        if draw { try container.encode(draw, forKey: .draw) }
    }
}
