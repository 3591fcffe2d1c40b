import Foundation

/// Page margins in points: one number for all sides, or `[top, right, bottom, left]`,
/// `[vertical, horizontal]`; numbers may carry `mm`, `cm`, `in` or `pt`.
public struct Margins: Codable, Sendable, Equatable {
    /// The margin at the top, in points.
    public var top: Double
    /// The margin on the right, in points.
    public var right: Double
    /// The margin at the bottom, in points.
    public var bottom: Double
    /// The margin on the left, in points.
    public var left: Double

    /// Margins of the given widths.
    /// - Parameters:
    ///   - top: The margin at the top, in points.
    ///   - right: The margin on the right, in points.
    ///   - bottom: The margin at the bottom, in points.
    ///   - left: The margin on the left, in points.
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Parses `72`, `20mm`, `1in 0.75in`, `20,15,20,15` and similar.
    /// - Parameter text: One, two or four lengths, separated by spaces or commas; nil for
    ///   another count, a length that cannot be read, or a negative one.
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

    /// Decodes margins written as a number of points, a list of 1, 2 or 4 lengths, or text
    /// that `init(parsing:)` reads.
    /// - Parameter decoder: The decoder to read the value from.
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of these.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let margins: Margins?
        if let number = try? container.decode(Double.self) {
            margins = Margins(values: [number])
        } else if let numbers = try? container.decode([Double].self) {
            // As `encode(to:)` writes them, which `render --jobs` hands its workers.
            margins = Margins(values: numbers)
        } else if let list = try? container.decode([String].self) {
            let values = list.compactMap(Length.points(in:))
            margins = values.count == list.count ? Margins(values: values) : nil
        } else {
            margins = Margins(parsing: try container.decode(String.self))
        }
        guard let margins else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "a margin is one length or a list of 2 or 4 lengths")
        }
        self = margins
    }

    /// Encodes the margins as a list of four numbers of points: top, right, bottom, left.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([top, right, bottom, left])
    }
}
