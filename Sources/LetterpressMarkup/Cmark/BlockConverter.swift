import CCmarkGFM
import Foundation
import LetterpressCore

/// Converts cmark's block nodes to `Block`s, their text by an `InlineConverter`: headings with
/// the first pass's anchors, quotes and lists (at most `CmarkConverter.maximumBlockDepth`
/// deep), alerts, code, tables, footnote definitions, and runs of HTML blocks with the
/// Markdown blocks written inside their elements.
struct BlockConverter {
    private let log: ConversionLog
    private let sourceLines: [Substring]
    /// Puts variables in HTML's `href` and `src`.
    private let variables: VariableSubstitution
    private var index: CmarkIndex
    private let session: ParseSession
    private var inline: InlineConverter
    /// The lines of the definition markers the dialect pass made list markers, and whether
    /// each is loose.
    private let definitionMarkers: [Int: Bool]
    /// How many quotes and lists enclose the node being converted.
    private var depth = 0
    /// An anchor HTML named with no text after it, which the next block's text starts.
    private var pendingAnchor: String?
    // cmark-gfm numbers references itself (a reference's literal is its number), drops
    // definitions nobody references and moves the rest to the end in number order.
    private var footnoteDefinitions: [[Block]] = []

    init(index: CmarkIndex, inline: InlineConverter, lines: [Substring], variables: VariableSubstitution, session: ParseSession, log: ConversionLog,
         definitionMarkers: [Int: Bool] = [:]) {
        self.index = index
        self.session = session
        self.definitionMarkers = definitionMarkers
        self.inline = inline
        sourceLines = lines
        self.variables = variables
        self.log = log
    }

    /// Reads on with the index of the next piece of a note read piece by piece (`CmarkPieces`).
    mutating func reindex(_ index: CmarkIndex) {
        self.index = index
        inline.reindex(index)
    }

    /// The footnotes that were referenced, in the order of their numbers.
    func footnotes() -> [Block.Footnote] {
        footnoteDefinitions.enumerated().map { number, blocks in
            Block.Footnote(number: number + 1, label: index.anchors.footnoteLabel(number + 1), blocks: blocks)
        }
    }

    /// The blocks of `node`, one of a run of siblings: an HTML block, and the Markdown blocks
    /// after one that leaves an element open, go into `html` until its elements are closed.
    mutating func blocks(for node: OpaquePointer, html: inout HTMLRun) -> [Block] {
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
            var found: [Warning] = []
            html.feed(CmarkNode.literal(node), line: CmarkNode.startLine(of: node, lineOffset: session.lineOffset)) { [variables] in
                variables.substitutingURLs(in: &$0, line: $1, warnings: &found)
            }
            log.warnings += found
        } else if html.isOpen {
            html.insert(anchoringPending(blocks(for: node)))
        } else {
            return anchoringPending(blocks(for: node))
        }
        return html.isOpen ? [] : converted(&html)
    }

    /// The blocks of what `html` holds; it is empty afterwards.
    mutating func converted(_ html: inout HTMLRun) -> [Block] {
        if html.wasTooDeep {
            log.warnDepth("HTML elements nested deeper than \(HTMLTree.maximumDepth) levels keep their text in the element around them")
        }
        if let (reason, line) = html.unavailable {
            log.warnHTMLUnavailable(reason, at: SourceLocation(line: line, column: 1))
        }
        if html.wasTakenAsText {
            log.warn(.nestingTooDeep, "HTML nested deeper than \(HTMLParser.maximumDepth) elements: the rest of it is shown as written")
        }
        let nodes = html.take()
        guard !nodes.isEmpty else { return [] }
        var converter = HTMLConverter(file: log.file)
        let blocks = converter.blocks(nodes)
        log.warnings += converter.warnings
        for location in converter.remoteImages { log.countRemoteImage(at: location) }
        if let anchor = converter.leftoverAnchor, pendingAnchor == nil { pendingAnchor = anchor }
        html = HTMLRun()
        return blocks
    }

    private mutating func blocks(in parent: OpaquePointer) -> [Block] {
        var blocks: [Block] = []
        var html = HTMLRun()
        var taken: OpaquePointer?
        for node in CmarkNode.children(of: parent) {
            if let last = taken {
                if node == last { taken = nil }
                continue
            }
            if let (list, last) = definitionList(startingAt: node) {
                if html.isOpen { html.insert([list]) } else { blocks.append(contentsOf: anchoringPending([list])) }
                taken = last
                continue
            }
            blocks.append(contentsOf: self.blocks(for: node, html: &html))
        }
        return blocks + converted(&html)
    }

    /// The definition list whose first term paragraph is `node`, and the last sibling it takes:
    /// each term paragraph is followed by the list the dialect pass made of its definition
    /// markers (see `DialectSource`). Nil when `node` starts none.
    mutating func definitionList(startingAt node: OpaquePointer) -> (Block, last: OpaquePointer)? {
        guard !definitionMarkers.isEmpty else { return nil }
        var items: [Block.DefinitionList.Item] = []
        var term: OpaquePointer? = node
        var last = node
        while let paragraph = term, cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
              let list = cmark_node_next(paragraph), cmark_node_get_type(list) == CMARK_NODE_LIST,
              cmark_node_get_list_type(list) == CMARK_BULLET_LIST {
            let markers = CmarkNode.children(of: list).map { definitionMarkers[CmarkNode.startLine(of: $0, lineOffset: session.lineOffset)] }
            guard !markers.isEmpty, markers.allSatisfy({ $0 != nil }) else { break }
            depth += 1
            items.append(Block.DefinitionList.Item(terms: inline.lines(of: paragraph),
                                                   definitions: CmarkNode.children(of: list).map { blocks(in: $0) },
                                                   tight: !markers.contains(true) && cmark_node_get_list_tight(list) != 0))
            depth -= 1
            last = list
            term = cmark_node_next(list)
        }
        guard !items.isEmpty else { return nil }
        return (.definitionList(Block.DefinitionList(items: items)), last)
    }

    /// `blocks` with the anchor HTML left pending on their first text, when they have one.
    private mutating func anchoringPending(_ blocks: [Block]) -> [Block] {
        guard let anchor = pendingAnchor, let anchored = HTMLConverter.anchored(blocks, anchor) else { return blocks }
        pendingAnchor = nil
        return anchored
    }

    private mutating func blocks(for node: OpaquePointer) -> [Block] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            var text = inline.text(of: node)
            if let anchor = index.headingAnchors[node] {
                // Footnote references in the heading keep theirs.
                for (other, range) in text.runs[LetterpressAttributes.AnchorAttribute.self] where other == nil {
                    text[range][LetterpressAttributes.AnchorAttribute.self] = anchor
                }
            }
            return [.heading(level: Int(cmark_node_get_heading_level(node)), text: text)]
        case CMARK_NODE_PARAGRAPH:
            return index.definitionParagraphs.contains(node) ? [] : inline.paragraph(node, pendingAnchor: &pendingAnchor)
        case CMARK_NODE_BLOCK_QUOTE where depth >= CmarkConverter.maximumBlockDepth,
             CMARK_NODE_LIST where depth >= CmarkConverter.maximumBlockDepth:
            log.warnDepth("quotes and lists nested deeper than \(CmarkConverter.maximumBlockDepth) levels are set at that depth",
                          at: CmarkNode.start(of: node, lineOffset: session.lineOffset))
            return flattened(node)
        case CMARK_NODE_BLOCK_QUOTE:
            depth += 1
            defer { depth -= 1 }
            if let callout = AlertMarker.take(from: node, session: session) { return [.alert(callout, blocks(in: node))] }
            return [.blockQuote(blocks(in: node))]
        case CMARK_NODE_LIST:
            depth += 1
            defer { depth -= 1 }
            return [.list(list(node))]
        case CMARK_NODE_CODE_BLOCK:
            if let span = MathFormula.of(node)?.span { return [.math(span)] }
            var text = CmarkNode.literal(node)
            if text.hasSuffix("\n") { text.removeLast() }
            var info = CmarkNode.string(cmark_node_get_fence_info(node))
            if info.hasSuffix("}"), inline.dialectReads(.headingAttributes) { info = PandocAttributes.fenceInfo(info) ?? "" }
            return [.code(CodeBlock(info: info, text: text, location: infoLocation(of: node)))]
        case CMARK_NODE_HTML_BLOCK:
            var html = HTMLRun()
            return blocks(for: node, html: &html) + converted(&html)
        case CMARK_NODE_THEMATIC_BREAK:
            return [.thematicBreak]
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteDefinitions.append(blocks(in: node))
            return []
        default:
            if CmarkNode.typeName(node) == "table" { return [.table(table(node))] }
            return blocks(in: node)
        }
    }

    /// Where a fenced block's info string starts: past the fence and the spaces after it.
    private func infoLocation(of node: OpaquePointer) -> SourceLocation? {
        let line = CmarkNode.startLine(of: node, lineOffset: session.lineOffset)
        guard line > 0, line <= sourceLines.count else { return nil }
        let bytes = Array(sourceLines[line - 1].utf8)
        var index = max(Int(cmark_node_get_start_column(node)) - 1, 0)
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return session.noted(SourceLocation(line: line, column: index + 1))
    }

    /// The blocks inside `node` with its quotes and lists taken away, without recursion, so
    /// that no nesting depth can exhaust the stack.
    private mutating func flattened(_ node: OpaquePointer) -> [Block] {
        var result: [Block] = []
        var stack = Array(CmarkNode.children(of: node).reversed())
        while let current = stack.popLast() {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM:
                stack.append(contentsOf: CmarkNode.children(of: current).reversed())
            default:
                result += blocks(for: current)
            }
        }
        return result
    }

    private mutating func list(_ node: OpaquePointer) -> Block.List {
        let items = CmarkNode.children(of: node).map { item -> Block.List.Item in
            let task = CmarkNode.typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
            return Block.List.Item(task: task, blocks: blocks(in: item))
        }
        return Block.List(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            tight: cmark_node_get_list_tight(node) != 0,
            items: items)
    }

    private mutating func table(_ node: OpaquePointer) -> Block.Table {
        let allColumns = Int(cmark_gfm_extensions_get_table_columns(node))
        let columns = min(allColumns, CmarkConverter.maximumTableColumns)
        if allColumns > columns {
            log.warn(.tableColumnsDropped, "table has \(allColumns) columns; only the first \(columns) are shown",
                     at: SourceLocation(line: CmarkNode.startLine(of: node, lineOffset: session.lineOffset), column: 1))
        }
        var alignments: [ColumnAlignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for column in 0..<columns {
                switch UInt8(raw[column]) {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        }
        var header: [AttributedString] = []
        var rows: [[AttributedString]] = []
        for row in CmarkNode.children(of: node) {
            var cells = CmarkNode.children(of: row).prefix(columns).map { inline.text(of: $0) }
            while cells.count < columns { cells.append(AttributedString()) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return Block.Table(alignments: alignments, header: header, rows: rows)
    }
}
