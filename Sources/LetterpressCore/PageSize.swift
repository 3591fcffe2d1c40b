import Foundation

/// A page size in points.
public struct PageSize: Sendable, Equatable, Codable {
    /// The page's width in points.
    public var width: Double
    /// The page's height in points.
    public var height: Double

    /// A page of the given size.
    /// - Parameters:
    ///   - width: The width in points.
    ///   - height: The height in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO A4, 210 × 297 mm.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
    /// ISO A5, 148 × 210 mm.
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
    /// US Legal, 8.5 × 14 in.
    public static let legal = PageSize(width: 612, height: 1008)

    /// Parses `a4`, `a5`, `letter`, `legal` or `WIDTHxHEIGHT` (points, or with mm/cm/in).
    /// - Parameter text: The size, in any case; nil when it is none of these, or a side is
    ///   under 36 or over 14,400 points.
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
