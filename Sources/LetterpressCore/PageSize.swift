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

    /// ISO A3, 297 × 420 mm.
    public static let a3 = PageSize(width: 841.89, height: 1190.551)
    /// ISO A4, 210 × 297 mm.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
    /// ISO A5, 148 × 210 mm.
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    /// ISO A6, 105 × 148 mm.
    public static let a6 = PageSize(width: 297.638, height: 419.528)
    /// ISO B4, 250 × 353 mm.
    public static let b4 = PageSize(width: 708.661, height: 1000.63)
    /// ISO B5, 176 × 250 mm.
    public static let b5 = PageSize(width: 498.898, height: 708.661)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
    /// US Legal, 8.5 × 14 in.
    public static let legal = PageSize(width: 612, height: 1008)
    /// US Tabloid (ledger turned upright), 11 × 17 in.
    public static let tabloid = PageSize(width: 792, height: 1224)
    /// US Executive, 7.25 × 10.5 in.
    public static let executive = PageSize(width: 522, height: 756)

    /// The named sizes, upright, by the names `init(parsing:)` reads.
    public static let named: [(name: String, size: PageSize)] = [
        ("a3", .a3), ("a4", .a4), ("a5", .a5), ("a6", .a6), ("b4", .b4), ("b5", .b5),
        ("letter", .letter), ("legal", .legal), ("tabloid", .tabloid), ("executive", .executive),
    ]

    /// Every name `init(parsing:)` reads: each size, and each turned (`a4-landscape`).
    public static var names: [String] { named.map(\.name) + named.map { $0.name + "-landscape" } }

    /// The same page turned a quarter: its width is the longer side.
    public var landscape: PageSize { PageSize(width: max(width, height), height: min(width, height)) }

    /// Parses a named size (`a3` to `a6`, `b4`, `b5`, `letter`, `legal`, `tabloid`,
    /// `executive`) or `WIDTHxHEIGHT` (points, or with mm/cm/in), either turned by a
    /// `-landscape` after it (`a4-landscape`, `6inx9in-landscape`).
    /// - Parameter text: The size, in any case; nil when it is none of these, or a side is
    ///   under 36 or over 14,400 points.
    public init?(parsing text: String) {
        var name = text.lowercased()
        let landscape = name.hasSuffix("-landscape")
        if landscape { name.removeLast("-landscape".count) }
        if let size = Self.named.first(where: { $0.name == name })?.size {
            self = landscape ? size.landscape : size
            return
        }
        let parts = name.split(separator: "x", maxSplits: 1).map(String.init)
        guard parts.count == 2, let width = Length.points(in: parts[0]), let height = Length.points(in: parts[1]),
              (36...14400).contains(width), (36...14400).contains(height)
        else { return nil }
        self.init(width: width, height: height)
        if landscape { self = self.landscape }
    }
}
