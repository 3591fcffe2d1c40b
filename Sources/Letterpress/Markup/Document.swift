import Foundation

/// A parsed Markdown document: front matter, blocks, and footnotes in reference order.
public struct Document: Sendable {
    public var frontMatter: FrontMatter
    public var blocks: [Block]
    public var footnotes: [Block.Footnote]
    /// Problems found while parsing, such as attribute bodies that are not JSON5.
    public var warnings: [Warning]

    public init(frontMatter: FrontMatter = FrontMatter(), blocks: [Block], footnotes: [Block.Footnote] = [], warnings: [Warning] = []) {
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.footnotes = footnotes
        self.warnings = warnings
    }
}

extension Document {
    /// The sources of every image the document names, in order.
    public var imageSources: [String] {
        var sources = ImageSources()
        return (blocks + footnotes.flatMap(\.blocks)).flatMap { sources.visit($0) }
    }

    /// The sources of the images in blocks and the blocks inside them.
    private struct ImageSources: BlockVisitor {
        mutating func visitHeading(level: Int, text: AttributedString) -> [String] { [] }
        mutating func visitParagraph(_ text: AttributedString) -> [String] { [] }
        mutating func visitList(_ list: Block.List) -> [String] { list.items.flatMap { $0.blocks.flatMap { visit($0) } } }
        mutating func visitBlockQuote(_ blocks: [Block]) -> [String] { blocks.flatMap { visit($0) } }
        mutating func visitCode(language: String?, text: String) -> [String] { [] }
        mutating func visitThematicBreak() -> [String] { [] }
        mutating func visitTable(_ table: Block.Table) -> [String] { [] }
        mutating func visitImage(_ image: ImageReference) -> [String] { [image.source] }
        mutating func visitPageBreak() -> [String] { [] }
    }
}

/// Column alignment of a table, from its delimiter row.
public enum ColumnAlignment: String, Sendable, Equatable, Codable {
    case none, left, center, right
}

/// An image named by a document, with where it was written.
public struct ImageReference: Sendable, Equatable, Codable {
    public var source: String
    public var alt: String
    public var title: String
    public var location: SourceLocation
    /// The side the image floats to, with text flowing around it; nil for a block image.
    public var float: FloatSide?
    /// The width asked for, in points or as a share of the column.
    public var width: ImageWidth?

    public init(source: String, alt: String, title: String, location: SourceLocation,
                float: FloatSide? = nil, width: ImageWidth? = nil) {
        self.source = source
        self.alt = alt
        self.title = title
        self.location = location
        self.float = float
        self.width = width
    }
}

/// The side a floating image sits at.
public enum FloatSide: String, Sendable, Codable, CaseIterable {
    case left, right
}

/// An image width: points, or a share of the column.
public enum ImageWidth: Sendable, Hashable, Codable {
    case points(Double)
    case fraction(Double)

    /// `160`, `160pt`, `40%`, `5cm`; nil when none of these.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), percent > 0, percent <= 100 else { return nil }
            self = .fraction(percent / 100)
        } else if let points = Length.points(in: text), points > 0 {
            self = .points(points)
        } else {
            return nil
        }
    }

    /// The width in points within a column `available` points wide.
    public func points(in available: Double) -> Double {
        switch self {
        case let .points(points): return min(points, available)
        case let .fraction(fraction): return available * fraction
        }
    }
}

/// A line and column (1-based) in an input file.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}
