import Foundation
import LetterpressCore

/// What pagination places, one at a time: pages break only between slices.
enum Slice {
    /// A line of a paragraph, which is laid out again, with the rest of its paragraph, where
    /// it meets a shape.
    case line(Line)
    /// Something that cannot wrap (a code line, a caption line, a table row, an image, a
    /// rule): it moves below the shapes in its way.
    case block(Block)
    /// An image floated to one side, which becomes a shape of its page; it starts `gapBefore`
    /// below the slice before, where the next slice would.
    case float(FloatingImage, gapBefore: Double)
    /// Starts a new page (`\pagebreak`).
    case pageBreak

    /// The room a line or block takes in the column, what it draws there and what ties it to
    /// its neighbours. Item x positions are on the page; y positions are from the box's top.
    struct Box {
        var height: Double
        /// Space above the box, dropped when it starts a page.
        var gapBefore: Double = 0
        var items: [PageItem] = []
        /// Items hung on the box, such as list markers, kept when a line is laid out again.
        var attachments: [PageItem] = []
        /// Keeps this box on the same page as the next slice (headings, first lines of paragraphs).
        var keepWithNext = false
        /// The containers (quotes, code blocks) the box is inside, outermost first.
        var containers: [Int] = []
        /// The structure elements the box's items belong to, outermost first (see
        /// `PageItem.structure`); empty for a rule. Its maker gives those inside the block
        /// being collected, and `Collector.append` adds those around it.
        var structure: [StructureElement] = []
        /// Baseline of the box's first text line, from its top; list markers align to it.
        var firstBaseline: Double?
    }

    /// A paragraph's line, and what laying it out again needs.
    struct Line {
        var box: Box
        /// The paragraph the line belongs to, kept to lay it out again at other widths.
        let paragraph: ParagraphSource
        /// Where the line starts in its paragraph's text, in UTF-8 bytes.
        var byteStart: Int
        /// Where the line was fitted beside a shape (page number and page y): it is valid only there.
        var fittedAt: (page: Int, y: Double)?
        /// The heading the line starts, for the document's outline.
        var outline: OutlineEntry?
    }

    /// A box that cannot wrap, and the table it is a row of.
    struct Block {
        var box: Box
        var row: TableRow?
        /// For an image alone: how far it may shrink to end the page it starts on rather than
        /// leave the page's end blank (0.5: to half its height); 1 for any other block.
        var shrinksTo = 1.0

        /// The block scaled down to `height`, its items shrunk about their horizontal centre.
        func shrunk(to height: Double) -> Block {
            let scale = height / box.height
            var block = self
            block.box.height = height
            block.box.items = box.items.map { item in
                func scaled(_ rect: Rect) -> Rect {
                    Rect(x: rect.x + rect.width * (1 - scale) / 2, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale)
                }
                switch item {
                case let .image(image, rect): return .image(image, scaled(rect))
                case let .link(target, rects): return .link(target, rects: rects.map(scaled))
                default: return item
                }
            }
            return block
        }
    }

    /// A table row's table, and whether it is the header row repeated above rows that start a page.
    struct TableRow {
        var table: Int
        var isHeader: Bool
    }
}

extension Slice {
    /// The box of a line or block; nil for floats and breaks, which take no room in the flow.
    var box: Box? {
        switch self {
        case let .line(line): line.box
        case let .block(block): block.box
        case .float, .pageBreak: nil
        }
    }

    var height: Double {
        switch self {
        case let .line(line): line.box.height
        case let .block(block): block.box.height
        case .float, .pageBreak: 0
        }
    }

    var keepWithNext: Bool {
        switch self {
        case let .line(line): line.box.keepWithNext
        case let .block(block): block.box.keepWithNext
        case .float, .pageBreak: false
        }
    }

    /// Whether the slice is a paragraph's line that introduces a table when one follows: the
    /// paragraph's only line, or a line of a paragraph that ends with a colon. The line stays
    /// with the table's first row (the paginator asks only of a paragraph's last line).
    var mayLeadIn: Bool {
        guard case let .line(line) = self else { return false }
        return line.byteStart == 0 || line.paragraph.text.string.utf8.reversed().first { $0 > 0x20 } == UInt8(ascii: ":")
    }

    var isTableRow: Bool {
        guard case let .block(block) = self else { return false }
        return block.row != nil
    }

    /// The space above a line, block or float; a break has none and keeps none.
    var gapBefore: Double {
        get {
            switch self {
            case let .line(line): line.box.gapBefore
            case let .block(block): block.box.gapBefore
            case let .float(_, gap): gap
            case .pageBreak: 0
            }
        }
        set {
            switch self {
            case let .float(float, _): self = .float(float, gapBefore: newValue)
            default: changeBox { $0.gapBefore = newValue }
            }
        }
    }

    /// Changes the box of a line or block; floats and breaks have none.
    mutating func changeBox(_ change: (inout Box) -> Void) {
        // The slice lets go of its payload first, so that the box's arrays change in place.
        switch self {
        case var .line(line):
            self = .pageBreak
            change(&line.box)
            self = .line(line)
        case var .block(block):
            self = .pageBreak
            change(&block.box)
            self = .block(block)
        case .float, .pageBreak:
            break
        }
    }
}
