import Foundation

/// `badge: false`, or `badge: {center: [x, y], diameter: d}` in points from the page's top-left.
package struct BadgeSetting: Sendable, Equatable, Codable {
    package var enabled = true
    package var center: [Double]?
    package var diameter: Double?

    package init() {}

    private enum CodingKeys: String, CodingKey { case center, diameter }

    package init(from decoder: Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            enabled = flag
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        center = try container.decodeIfPresent([Double].self, forKey: .center)
        diameter = try container.decodeIfPresent(Double.self, forKey: .diameter)
        if let center, center.count != 2 || !center.allSatisfy({ $0.isFinite && abs($0) <= 100_000 }) {
            throw DecodingError.dataCorruptedError(forKey: .center, in: container,
                                                   debugDescription: "center is [x, y], in points from -100000 to 100000")
        }
        if let diameter, !(8...600).contains(diameter) {
            throw DecodingError.dataCorruptedError(forKey: .diameter, in: container, debugDescription: "diameter must be 8 to 600 points")
        }
    }

    /// Writes `false`, or the placement given (an empty mapping for the default): as the front
    /// matter writes it, for the run archive.
    package func encode(to encoder: Encoder) throws {
        guard enabled else {
            var container = encoder.singleValueContainer()
            try container.encode(false)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(center, forKey: .center)
        try container.encodeIfPresent(diameter, forKey: .diameter)
    }
}
