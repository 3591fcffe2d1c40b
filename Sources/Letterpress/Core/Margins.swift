import Foundation

/// Page margins in points: one number for all sides, or `[top, right, bottom, left]`,
/// `[vertical, horizontal]`; numbers may carry `mm`, `cm`, `in` or `pt`.
public struct Margins: Codable, Sendable, Equatable {
    public var top: Double
    public var right: Double
    public var bottom: Double
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Parses `72`, `20mm`, `1in 0.75in`, `20,15,20,15` and similar.
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let values = parts.compactMap(Length.points(in:))
        guard values.count == parts.count, let margins = Margins(values: values) else { return nil }
        self = margins
    }

    init?(values: [Double]) {
        guard values.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        switch values.count {
        case 1: self.init(top: values[0], right: values[0], bottom: values[0], left: values[0])
        case 2: self.init(top: values[0], right: values[1], bottom: values[0], left: values[1])
        case 4: self.init(top: values[0], right: values[1], bottom: values[2], left: values[3])
        default: return nil
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let margins: Margins?
        if let number = try? container.decode(Double.self) {
            margins = Margins(values: [number])
        } else if let list = try? container.decode([String].self) {
            margins = Margins(values: list.compactMap(Length.points(in:))).flatMap { list.count == 1 || list.count == 2 || list.count == 4 ? $0 : nil }
        } else {
            margins = Margins(parsing: try container.decode(String.self))
        }
        guard let margins else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a margin is one length or a list of 2 or 4 lengths")
        }
        self = margins
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([top, right, bottom, left])
    }
}
