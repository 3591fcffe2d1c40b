import Foundation

/// A page size in points.
public struct PageSize: Sendable, Equatable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let a4 = PageSize(width: 595.276, height: 841.89)
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    public static let letter = PageSize(width: 612, height: 792)
    public static let legal = PageSize(width: 612, height: 1008)

    /// Parses `a4`, `a5`, `letter`, `legal` or `WIDTHxHEIGHT` (points, or with mm/cm/in).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "a4": self = .a4
        case "a5": self = .a5
        case "letter": self = .letter
        case "legal": self = .legal
        default:
            let parts = text.lowercased().split(separator: "x", maxSplits: 1).map(String.init)
            guard parts.count == 2, let width = Length.points(in: parts[0]), let height = Length.points(in: parts[1]),
                  (36...14400).contains(width), (36...14400).contains(height)
            else { return nil }
            self.init(width: width, height: height)
        }
    }
}
