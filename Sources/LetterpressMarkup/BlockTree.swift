import Foundation

/// What a block's text is at one stage: `AttributedString` runs once parsed, styled runs once
/// the theme has styled them. Each stage also says what its code blocks hold.
public protocol BlockText {
    /// A code block at this stage: `CodeBlock` as written, or as written with its colours.
    associatedtype Code: Sendable, Equatable
}

extension AttributedString: BlockText {
    /// A parsed code block: as written.
    public typealias Code = CodeBlock
}

/// One block of a document and the blocks inside it, its text as `Text`: `AttributedString`
/// runs once parsed (`Block`), styled runs once the theme has styled them (`StyledBlock`).
///
/// A new kind of block is a new case: the compiler then points at every pass that must handle
/// it (each `BlockVisitor`, the styler's and the typesetter's switches, the archive's coding).
public indirect enum BlockTree<Text: BlockText> {
    /// A heading of `level` 1 to 6.
    case heading(level: Int, text: Text)
    /// A paragraph.
    case paragraph(Text)
    /// A bullet or ordered list.
    case list(List)
    /// A block quote (`>`) and the blocks inside it.
    case blockQuote([BlockTree])
    /// A call-out: a GitHub alert (`> [!NOTE]`), an Obsidian call-out, an MkDocs admonition, a
    /// Docusaurus container or a pandoc div of an admonition's class, set under its title.
    case alert(Callout, [BlockTree])
    /// A code block: its text as written, and the language and options its fence names.
    case code(Text.Code)
    /// A thematic break (`---`), drawn as a rule.
    case thematicBreak
    /// A table.
    case table(Table)
    /// An image as a block of its own: alone in its paragraph, or floating beside the text.
    case image(ImageReference)
    /// A paragraph of `\pagebreak` alone: the next block starts a new page.
    case pageBreak
    /// Blocks HTML sets apart: aligned (`<div align="center">`, `<center>`) or indented (`<dd>`).
    case division(Division)
    /// A table of contents (`toc:` in the front matter, or a `[TOC]` line).
    case contents(Contents)
    /// A display formula: `$$…$$`, `\[…\]`, a ` ```math ` fence or a top-level
    /// `\begin{equation}` (or `align`, `gather`, `multline`) block.
    case math(MathSpan)
    /// A definition list: terms, each with its definitions below, indented.
    case definitionList(DefinitionList)

    /// A bullet or ordered list.
    public struct List {
        /// Whether the items are numbered (`1.`) rather than bulleted (`-`).
        public var ordered: Bool
        /// The number of an ordered list's first item, as its Markdown writes it (`3.` is 3).
        public var start: Int
        /// Whether no blank line separates the items: they are then set the theme's item
        /// spacing apart rather than a paragraph's.
        public var tight: Bool
        /// The items, in order.
        public var items: [Item]

        /// A list of `items`.
        /// - Parameters:
        ///   - ordered: Whether the items are numbered.
        ///   - start: The number of an ordered list's first item.
        ///   - tight: Whether the items are set the theme's item spacing apart.
        ///   - items: The items, in order.
        public init(ordered: Bool, start: Int = 1, tight: Bool = true, items: [Item]) {
            self.ordered = ordered
            self.start = start
            self.tight = tight
            self.items = items
        }

        /// One list item; `task` is nil for an ordinary item and the checked state for a task.
        public struct Item {
            /// Nil for an ordinary item; for a task (`- [x]`), whether it is checked.
            public var task: Bool?
            /// The item's content.
            public var blocks: [BlockTree]

            /// An item of `blocks`.
            /// - Parameters:
            ///   - task: Nil for an ordinary item; for a task, whether it is checked.
            ///   - blocks: The item's content.
            public init(task: Bool? = nil, blocks: [BlockTree]) {
                self.task = task
                self.blocks = blocks
            }
        }
    }

    /// A GFM table: header cells, body rows and column alignments. Styled, it has as many cells
    /// in the header and in every row (missing cells are empty text).
    public struct Table {
        /// Each column's alignment, from the delimiter row (`:--`, `:-:`, `--:`).
        public var alignments: [ColumnAlignment]
        /// The header row's cells.
        public var header: [Text]
        /// The body rows, each a list of cells.
        public var rows: [[Text]]
        /// How many columns each cell spans, the header's first, then each row's; a cell a span
        /// covers has 0. Empty when every cell has a column of its own (Markdown's tables).
        public var spans: [[Int]] = []

        /// A table of `header` and `rows`.
        /// - Parameters:
        ///   - alignments: Each column's alignment.
        ///   - header: The header row's cells.
        ///   - rows: The body rows.
        ///   - spans: How many columns each cell spans, the header's first; empty for one each.
        public init(alignments: [ColumnAlignment], header: [Text], rows: [[Text]], spans: [[Int]] = []) {
            self.alignments = alignments
            self.header = header
            self.rows = rows
            self.spans = spans
        }

        /// The column spans of the header (`row` nil) or of a row, 1 for each cell when none.
        package func spans(ofRow row: Int?) -> [Int]? {
            guard !spans.isEmpty else { return nil }
            let index = row.map { $0 + 1 } ?? 0
            return index < spans.count ? spans[index] : nil
        }
    }

    /// Blocks laid out with an alignment or a direction of their own, or indented as a
    /// definition is.
    public struct Division {
        /// The alignment of the text and images inside; `.none` keeps the one around it.
        public var alignment: ColumnAlignment
        /// Whether the blocks are indented by the theme's list indent, as a `<dd>` is.
        public var indented: Bool
        /// HTML's `dir`; nil leaves each block inside its own direction.
        public var direction: TextDirection?
        /// The blocks inside.
        public var blocks: [BlockTree]
        /// For the note's title block, which part each of `blocks` is (set in the theme's
        /// `titleBlock` styles); nil for any other division.
        public var titleParts: [TitlePart]?

        /// A division of `blocks`.
        /// - Parameters:
        ///   - alignment: The alignment of the text and images inside; `.none` keeps the one
        ///     around it.
        ///   - indented: Whether the blocks are indented, as a `<dd>` is.
        ///   - direction: The base direction of the blocks; nil leaves each its own.
        ///   - blocks: The blocks inside.
        ///   - titleParts: For a title block, the part each block is; nil for any other.
        public init(alignment: ColumnAlignment, indented: Bool = false, direction: TextDirection? = nil, blocks: [BlockTree],
                    titleParts: [TitlePart]? = nil) {
            self.alignment = alignment
            self.indented = indented
            self.direction = direction
            self.blocks = blocks
            self.titleParts = titleParts
        }
    }

    /// A table of contents: a title and the headings listed, each with the page it lands on
    /// once the document has been laid out (see `PageNumbers`).
    public struct Contents {
        /// The title above the entries; nil for none.
        public var title: Text?
        /// The headings listed, in the order of the document.
        public var entries: [Entry]

        /// A table of contents titled `title` that lists `entries`.
        public init(title: Text?, entries: [Entry]) {
            self.title = title
            self.entries = entries
        }

        /// One heading listed: its text, how far it is indented (0 for the shallowest level
        /// listed), the anchor its link goes to and its page number, nil until measured.
        public struct Entry {
            /// The heading's text as the entry shows it.
            public var text: Text
            /// How many levels the entry is indented, 0 to 5.
            public var indent: Int
            /// The heading's anchor, which the entry links to.
            public var anchor: String
            /// The page the heading lands on; nil until a layout has found it.
            public var page: Int?

            /// An entry for the heading anchored `anchor`, showing `text` indented `indent` levels.
            public init(text: Text, indent: Int, anchor: String, page: Int?) {
                self.text = text
                self.indent = indent
                self.anchor = anchor
                self.page = page
            }
        }
    }

    /// A footnote definition, numbered by first reference; its anchors are named after its
    /// label (`DocumentAnchors.footnote`).
    public struct Footnote {
        /// The number its reference marks show, from 1.
        public var number: Int
        /// The label written in `[^label]`.
        public var label: String
        /// The footnote's content.
        public var blocks: [BlockTree]

        /// A footnote definition.
        /// - Parameters:
        ///   - number: The number its reference marks show, from 1.
        ///   - label: The label written in `[^label]`; nil for the number itself.
        ///   - blocks: The footnote's content.
        public init(number: Int, label: String? = nil, blocks: [BlockTree]) {
            self.number = number
            self.label = label ?? String(number)
            self.blocks = blocks
        }
    }
}

/// A block as parsed from Markdown or read from an archive.
public typealias Block = BlockTree<AttributedString>

extension BlockTree: Sendable where Text: Sendable {}
extension BlockTree.List: Sendable where Text: Sendable {}
extension BlockTree.List.Item: Sendable where Text: Sendable {}
extension BlockTree.Table: Sendable where Text: Sendable {}
extension BlockTree.Footnote: Sendable where Text: Sendable {}
extension BlockTree.Division: Sendable where Text: Sendable {}
extension BlockTree.Contents: Sendable where Text: Sendable {}
extension BlockTree.Contents.Entry: Sendable where Text: Sendable {}

extension BlockTree: Equatable where Text: Equatable {}
extension BlockTree.List: Equatable where Text: Equatable {}
extension BlockTree.List.Item: Equatable where Text: Equatable {}
extension BlockTree.Table: Equatable where Text: Equatable {}
extension BlockTree.Footnote: Equatable where Text: Equatable {}
extension BlockTree.Division: Equatable where Text: Equatable {}
extension BlockTree.Contents: Equatable where Text: Equatable {}
extension BlockTree.Contents.Entry: Equatable where Text: Equatable {}

// Synthesized here, where the types are declared, for the archive (see DocumentArchive); the
// blocks inside are coded by `Block`'s own coding.
extension BlockTree.List: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case ordered, start, tight, items
    }

    /// Numbers as Markdown allows them (nine digits at most): a start near `Int.max` would
    /// overflow numbering the items.
    package static var startRange: ClosedRange<Int> { 0...999_999_999 }

    /// Decodes a list as a run archive writes it.
    /// - Parameter decoder: The decoder to read the list's fields from.
    /// - Throws: `DecodingError` when a field is missing or of the wrong type, or `start` is
    ///   outside 0…999,999,999.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        ordered = try fields.decode(Bool.self, forKey: .ordered)
        start = try fields.decode(Int.self, forKey: .start)
        tight = try fields.decode(Bool.self, forKey: .tight)
        items = try fields.decode([Item].self, forKey: .items)
        guard Self.startRange.contains(start) else {
            throw DecodingError.dataCorruptedError(forKey: .start, in: fields, debugDescription: "a list starts at 0 to 999999999")
        }
    }
}
extension BlockTree.List.Item: Codable where Text == AttributedString {}
extension BlockTree.Division: Codable where Text == AttributedString {}

