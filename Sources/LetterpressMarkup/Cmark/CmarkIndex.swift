import CCmarkGFM
import Foundation
import LetterpressCore

/// What the first pass over cmark's tree gathers before the first block is built (blocks go to
/// styling as they are made): the anchors, so that a link to a heading further on is checked
/// where it is written; the `^[label]: body` definitions, which a reference may use before
/// them; and, when the note may list its contents, its `[TOC]` lines, its title heading and
/// the headings the contents list.
struct CmarkIndex {
    /// The document's anchors: its headings', footnotes' and HTML's.
    private(set) var anchors = DocumentAnchors()
    /// Each heading's anchor, by its node.
    private(set) var headingAnchors: [OpaquePointer: String] = [:]
    /// Bodies of `^[label]: body` definitions, by label, and where each was written.
    private(set) var attributeDefinitions: [String: (body: String, location: SourceLocation)] = [:]
    /// The paragraphs made only of such definitions, which show nothing.
    private(set) var definitionParagraphs: Set<OpaquePointer> = []
    /// The top-level `[TOC]` lines, and the note's title heading: a first-level heading that
    /// comes first, with no other (`toc:` puts the contents after it and leaves it out).
    private(set) var contentsLines: Set<OpaquePointer> = []
    private(set) var titleHeading: OpaquePointer?
    /// The headings a table of contents may list (at the top level, not `{.unlisted}`), in order.
    private(set) var listedHeadings: [(level: Int, text: String, anchor: String)] = []

    private let lines: [Substring]
    private let math: NoteMath?
    private let headingAttributes: [Int: PandocAttributes]
    /// Whether the note may list its contents (`toc:` or a `[TOC]` line), and may hold HTML.
    private let listsContents: Bool
    private let mayHaveHTML: Bool
    /// Reads all the note's HTML, in order (what one piece leaves open goes on in the next).
    private var anchorParser: HTMLParser?

    /// The index of the tree under `root`, parsed from `source`, whose lines as cmark counts
    /// them are `lines`; `contents` is the front matter's `toc:`. A heading's `{.unlisted}`
    /// is taken off its text. The footnotes' labels are read in the order of their numbers, as
    /// cmark-gfm puts the footnotes that are referenced last, in that order.
    ///
    /// With `math`, each formula is read where the walk meets it, in document order (a
    /// heading's before its contents entry is made), and its labels become anchors.
    ///
    /// `headingAttributes` are pandoc's `{#id .class}` written after headings, by line: an id
    /// is the heading's anchor, `.unlisted` keeps it out of the contents.
    init(_ root: OpaquePointer, source: String, lines: [Substring], contents: ContentsSetting?, math: NoteMath? = nil,
         headingAttributes: [Int: PandocAttributes] = [:]) {
        self.lines = lines
        self.math = math
        self.headingAttributes = headingAttributes
        // Without either, no heading is gathered and no paragraph looked at for the contents.
        listsContents = contents != nil || ContentsLine.scan(source).contentsLine
        // Without a `<`, no node is HTML.
        mayHaveHTML = source.utf8.contains(UInt8(ascii: "<"))
        if listsContents { titleHeading = Self.titleHeading(of: root) }
        read(root, lineOffset: 0)
    }

    /// Goes on to the next piece of a note read piece by piece (`CmarkPieces`), whose tree is
    /// under `root`, after `lineOffset` of the note's lines: its anchors are added to those of
    /// the pieces before, and what its nodes are replaces what theirs were. The anchors are
    /// added in place when no copy of this index holds them (see `withoutAnchors`).
    mutating func next(_ root: OpaquePointer, lineOffset: Int) {
        headingAnchors = [:]
        definitionParagraphs = []
        contentsLines = []
        read(root, lineOffset: lineOffset)
    }

    /// This index without its anchors, for the converters to hold while the next piece is
    /// indexed: were they to hold the anchors, adding to them would copy them all, piece after
    /// piece.
    func withoutAnchors() -> CmarkIndex {
        var index = self
        index.anchors = DocumentAnchors()
        return index
    }

    private mutating func read(_ root: OpaquePointer, lineOffset: Int) {
        var stack = Array(CmarkNode.children(of: root).reversed())
        while let node = stack.popLast() {
            if let math { read(math, at: node, lineOffset: lineOffset) }
            if mayHaveHTML, Self.holdsInlines(node) {
                addInlineHTMLAnchors(in: node)
            }
            if listsContents, cmark_node_parent(node) == root, ContentsLine.isContentsLine(node, in: lines, lineOffset: lineOffset) {
                contentsLines.insert(node)
            } else if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH,
                      let definitions = Self.definitionLines(of: node, in: lines, lineOffset: lineOffset) {
                definitionParagraphs.insert(node)
                for (label, body, line) in definitions where attributeDefinitions[label] == nil {
                    attributeDefinitions[label] = (body, SourceLocation(line: line, column: 1))
                }
            } else if mayHaveHTML, cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                addHTMLAnchors(CmarkNode.literal(node))
            } else if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                let attributes = headingAttributes.isEmpty ? nil : headingAttributes[CmarkNode.startLine(of: node, lineOffset: lineOffset)]
                let unlisted = ContentsLine.takeUnlistedMarker(from: node) || attributes?.classes.contains("unlisted") == true
                let anchor: String
                if let id = attributes?.id, !anchors.names.contains(id) {
                    anchors.add(id)
                    anchor = id
                } else {
                    anchor = anchors.heading(Self.anchorText(of: node))
                }
                headingAnchors[node] = anchor
                if listsContents, !unlisted, node != titleHeading, cmark_node_parent(node) == root {
                    let text = Self.entryText(of: node).trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { listedHeadings.append((Int(cmark_node_get_heading_level(node)), text, anchor)) }
                }
            } else if cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK) {
                if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
                    anchors.addFootnote(label: Self.footnoteLabel(of: node, in: lines, lineOffset: lineOffset))
                }
                stack.append(contentsOf: CmarkNode.children(of: node).reversed())
            }
        }
    }

    /// Whether `node` is a block whose children are inlines: a paragraph, a heading or a
    /// table's cell (whose `<a name>` links reach as any other).
    private static func holdsInlines(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING
            || (type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK) && CmarkNode.typeName(node) == "table_cell")
    }

    /// Reads the formulas of `node`: a display formula's block, or the inline formulas cmark
    /// found in the block.
    private mutating func read(_ math: NoteMath, at node: OpaquePointer, lineOffset: Int) {
        if cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK {
            if let formula = math.blockFormula(node, lines: lines, lineOffset: lineOffset) { math.read(formula, anchors: &anchors) }
        } else if math.hasInlineFormulas {
            for formula in math.takeFormulas(in: node) where !formula.isFreed {
                formula.place(in: lines)
                math.read(formula, anchors: &anchors)
            }
        }
    }

    /// The document's first block when it is a first-level heading and no other top-level
    /// heading is of the first level.
    private static func titleHeading(of root: OpaquePointer) -> OpaquePointer? {
        guard let first = cmark_node_first_child(root), cmark_node_get_type(first) == CMARK_NODE_HEADING,
              cmark_node_get_heading_level(first) == 1 else { return nil }
        var node = cmark_node_next(first)
        while let current = node {
            if cmark_node_get_type(current) == CMARK_NODE_HEADING, cmark_node_get_heading_level(current) == 1 { return nil }
            node = cmark_node_next(current)
        }
        return first
    }

    /// The definition lines of a paragraph made only of `^[label]: body` lines, read from the
    /// source (cmark has already applied smart punctuation and escapes to the paragraph's text).
    private static func definitionLines(of node: OpaquePointer, in lines: [Substring],
                                        lineOffset: Int) -> [(label: String, body: String, line: Int)]? {
        let first = CmarkNode.startLine(of: node, lineOffset: lineOffset)
        let last = CmarkNode.endLine(of: node, lineOffset: lineOffset)
        guard first >= 1, last >= first, last <= lines.count else { return nil }
        var definitions: [(String, String, Int)] = []
        for number in first...last {
            let line = lines[number - 1].drop { $0 == " " || $0 == "\t" || $0 == ">" }
            guard line.hasPrefix("^["), let close = line.firstIndex(of: "]"),
                  line[line.index(after: close)...].hasPrefix(":") else { return nil }
            let label = line[line.index(line.startIndex, offsetBy: 2)..<close]
            let body = line[line.index(close, offsetBy: 2)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty else { return nil }
            definitions.append((String(label).lowercased(), body, number))
        }
        return definitions
    }

    /// The label of a footnote definition, `[^label]:` just before where cmark says its content
    /// starts (cmark keeps the label to itself).
    private static func footnoteLabel(of node: OpaquePointer, in lines: [Substring], lineOffset: Int) -> String? {
        let line = CmarkNode.startLine(of: node, lineOffset: lineOffset)
        guard line >= 1, line <= lines.count else { return nil }
        let bytes = Array(lines[line - 1].utf8.prefix(max(Int(cmark_node_get_start_column(node)) - 1, 0)))
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end >= 2, bytes[end - 1] == UInt8(ascii: ":"), bytes[end - 2] == UInt8(ascii: "]"),
              let open = (0..<(end - 2)).last(where: { bytes[$0] == UInt8(ascii: "[") && bytes[$0 + 1] == UInt8(ascii: "^") }),
              open + 2 < end - 2 else { return nil }
        return String(decoding: bytes[(open + 2)..<(end - 2)], as: UTF8.self)
    }

    /// Registers the anchors (`<a name>`, `id`) of a piece of HTML, so that links to them are
    /// known before the blocks are built; one parser reads all the pieces.
    private mutating func addHTMLAnchors(_ html: String) {
        guard html.contains("id") || html.contains("name") else { return }
        let reader = anchorParser ?? HTMLParser()
        anchorParser = reader
        for case let .start(name, attributes, _) in reader.feed(html) {
            if let anchor = HTMLVocabulary.anchor(name: name, attributes: attributes) { anchors.add(anchor) }
        }
    }

    private mutating func addInlineHTMLAnchors(in node: OpaquePointer) {
        var stack = CmarkNode.children(of: node)
        while let child = stack.popLast() {
            if cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE {
                addHTMLAnchors(CmarkNode.literal(child))
            } else if cmark_node_first_child(child) != nil {
                stack += CmarkNode.children(of: child)
            }
        }
    }

    /// A heading's text as GitHub makes its anchor from it (the text of its HTML): no tags, no
    /// images' alt text, footnote references' numbers.
    private static func anchorText(of node: OpaquePointer) -> String {
        let text = CmarkNode.descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_FOOTNOTE_REFERENCE: return .text(CmarkNode.literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text("\n")
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE: return .skipped
            default: return .children
            }
        }
        return text.unicodeScalars.contains(PageReference.openMark) ? PageReference.removed(from: text) : text
    }

    /// A heading's text as its contents entry shows it: what its words and code say, without
    /// tags, images or footnote numbers (nor the marks a `{page:#…}` or an attribute opener
    /// leaves, whose meaning is the heading's own).
    private static func entryText(of node: OpaquePointer) -> String {
        let text = CmarkNode.descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT: return .text(CmarkNode.literal(child))
            case CMARK_NODE_CODE: return .text(MathFormula.of(child)?.plainText ?? CmarkNode.literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text(" ")
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE, CMARK_NODE_FOOTNOTE_REFERENCE: return .skipped
            default: return .children
            }
        }
        let opener = AttributeExtension.openerScalar
        return PageReference.removed(from: String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != opener })))
    }
}
