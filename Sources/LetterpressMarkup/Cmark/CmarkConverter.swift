import CCmarkGFM
import Foundation
import LetterpressCore

/// Converts a cmark-gfm node tree to blocks whose text is `AttributedString` runs, in two
/// passes: `CmarkIndex` gathers the anchors, definitions and headings first, then the blocks
/// are built (`BlockConverter`, `InlineConverter`) and handed on one top-level node at a time,
/// with the table of contents where the note asks for it. A long note read piece by piece
/// (`CmarkPieces`) is converted one piece's tree after another, each indexed as it comes.
package struct CmarkConverter {
    /// Quotes and lists nest at most this deep; deeper ones are set at this depth.
    static let maximumBlockDepth = 32
    /// Emphasis, links and attributes nest at most this deep; deeper text keeps the outer style.
    static let maximumInlineDepth = 128
    /// Links (and `link` attributes) to longer URLs are left out: the PDF repeats a link's URL
    /// in each of its annotations.
    package static let maximumURLLength = 8 * 1024
    /// Tables keep at most this many columns; narrower than a character, more would not be read.
    static let maximumTableColumns = 64

    private let root: OpaquePointer
    private let log: ConversionLog
    private let session: ParseSession
    private var index: CmarkIndex
    private let contents: TableOfContents
    private var blockConverter: BlockConverter
    private var contentsLinesSeen = 0
    /// An HTML element still open, which takes the blocks after it until it closes.
    private var html = HTMLRun()
    /// `toc:` without a `[TOC]` line: the contents go first, or after the title heading.
    private var contentsPending: Bool

    /// The converter of the tree under `root`, parsed from `source`, its first pass made.
    init(_ root: OpaquePointer, file: String, source: String, session: ParseSession) {
        self.root = root
        self.session = session
        log = ConversionLog(file: file)
        let lines = CmarkLines.lines(of: source)
        let variables = VariableSubstitution(values: VariableValues(session.variables, locale: session.locale), file: file,
                                             sourceLines: lines, session: session)
        index = CmarkIndex(root, source: source, lines: lines, contents: session.contents, math: session.math,
                           headingAttributes: session.dialectSource.headingAttributes)
        if let math = session.math {
            math.finish()
            log.warnings += math.warnings
        }
        contents = TableOfContents(headings: index.listedHeadings, setting: session.contents, pageNumbers: session.pageNumbers)
        let inline = InlineConverter(index: index, contents: contents, lines: lines, variables: variables, session: session, log: log)
        blockConverter = BlockConverter(index: index, inline: inline, lines: lines, variables: variables, session: session, log: log,
                                        definitionMarkers: session.dialectSource.definitionMarkers)
        contentsPending = contents.setting != nil && index.contentsLines.isEmpty
    }

    /// What the conversion found wrong, in the order it was found.
    var warnings: [Warning] { log.warnings }

    /// The footnotes that were referenced, in the order of their numbers.
    func footnotes() -> [Block.Footnote] { blockConverter.footnotes() }

    /// The blocks of the document, handed to `body` one top-level node at a time until it
    /// returns false; `nextPiece` gives the trees of the pieces after the first of a note read
    /// piece by piece, each after the note's lines before it (the session's `lineOffset`
    /// while it is converted), and nil after the last. Each node
    /// is freed once its blocks are built (the caller may be slow to take the next, and a
    /// book's tree is megabytes); each piece's tree, once its blocks are.
    mutating func document(nextPiece: () -> (root: OpaquePointer, lineOffset: Int)? = { nil }, _ body: ([Block]) -> Bool) {
        guard convert(root, body) else { return }
        while let (piece, lineOffset) = nextPiece() {
            defer { cmark_node_free(piece) }
            blockConverter.reindex(index.withoutAnchors())
            index.next(piece, lineOffset: lineOffset)
            blockConverter.reindex(index)
            guard convert(piece, body) else { return }
        }
        let rest = blockConverter.converted(&html) + (contentsPending ? [contents.block()] : [])
        if !rest.isEmpty { _ = body(rest) }
        log.warnOfRemoteImages()
    }

    /// Hands `body` the blocks of the top-level nodes under `root`, and frees the nodes; false
    /// when `body` wants no more.
    private mutating func convert(_ root: OpaquePointer, _ body: ([Block]) -> Bool) -> Bool {
        while let node = cmark_node_first_child(root) {
            if contentsPending, node != index.titleHeading {
                contentsPending = false
                guard body([contents.block()]) else { return false }
            }
            var blocks: [Block]
            if let (list, last) = blockConverter.definitionList(startingAt: node) {
                // The terms and lists after `node` that the definition list took.
                var next = cmark_node_next(node)
                while let taken = next {
                    next = taken == last ? nil : cmark_node_next(taken)
                    cmark_node_free(taken)
                }
                // Inside an HTML element still open (MkDocs' `<div markdown>`), as any block there.
                if html.isOpen { html.insert([list]) }
                blocks = html.isOpen ? [] : [list]
            } else if index.contentsLines.contains(node), html.isOpen {
                // Inside an HTML element still open, as any block there.
                html.insert(contentsOnce(at: node))
                blocks = []
            } else {
                blocks = index.contentsLines.contains(node) ? contentsOnce(at: node) : blockConverter.blocks(for: node, html: &html)
            }
            if contentsPending {
                blocks.append(contents.block())
                contentsPending = false
            }
            cmark_node_free(node)
            // Blocks inside an HTML element still open wait for the element's end.
            guard html.isOpen || body(blocks) else { return false }
        }
        return true
    }

    /// The contents for the `[TOC]` line `node`: the first such line's; the others are dropped,
    /// with a warning at the second (thousands of lists of thousands of headings would take
    /// quadratic room).
    private mutating func contentsOnce(at node: OpaquePointer) -> [Block] {
        defer { contentsLinesSeen += 1 }
        if contentsLinesSeen == 0 { return [contents.block()] }
        if contentsLinesSeen == 1 {
            log.warn(.repeatedContents, "only the first [TOC] line lists the contents; this one and any after it are left out", at: CmarkNode.location(of: node, lineOffset: session.lineOffset))
        }
        return []
    }
}
