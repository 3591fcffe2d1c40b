import Foundation

/// A parsed Markdown document: front matter, blocks, and footnotes in reference order.
public struct Document: Sendable {
    public var frontMatter: FrontMatter
    public var blocks: [Block]
    public var footnotes: [Footnote]
    /// Problems found while parsing, such as attribute bodies that are not JSON5.
    public var warnings: [Warning]

    public init(frontMatter: FrontMatter = FrontMatter(), blocks: [Block], footnotes: [Footnote] = [], warnings: [Warning] = []) {
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.footnotes = footnotes
        self.warnings = warnings
    }
}

extension Document {
    /// The sources of every image the document names, in order.
    public var imageSources: [String] {
        func sources(_ blocks: [Block]) -> [String] {
            blocks.flatMap { block -> [String] in
                switch block {
                case let .image(image): return [image.source]
                case let .blockQuote(inner): return sources(inner)
                case let .list(list): return list.items.flatMap { sources($0.blocks) }
                default: return []
                }
            }
        }
        return sources(blocks) + footnotes.flatMap { sources($0.blocks) }
    }
}

/// One block of a document.
public indirect enum Block: Sendable, Equatable {
    case heading(level: Int, text: AttributedString)
    case paragraph(AttributedString)
    case list(ListBlock)
    case blockQuote([Block])
    case code(language: String?, text: String)
    case thematicBreak
    case table(Table)
    case image(ImageReference)
    case pageBreak
}

/// A bullet or ordered list.
public struct ListBlock: Sendable, Equatable {
    public var ordered: Bool
    public var start: Int
    public var tight: Bool
    public var items: [ListItem]
}

/// One list item; `task` is nil for an ordinary item and the checked state for a task.
public struct ListItem: Sendable, Equatable {
    public var task: Bool?
    public var blocks: [Block]
}

/// Column alignment of a table, from its delimiter row.
public enum ColumnAlignment: String, Sendable, Equatable {
    case none, left, center, right
}

/// A GFM table: header cells, body rows and column alignments.
public struct Table: Sendable, Equatable {
    public var alignments: [ColumnAlignment]
    public var header: [AttributedString]
    public var rows: [[AttributedString]]
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

/// A footnote definition, numbered by first reference.
public struct Footnote: Sendable, Equatable {
    public var number: Int
    public var blocks: [Block]
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
