import CCmarkGFM
import Foundation

/// Walks a cmark-gfm node tree and builds blocks whose text is `AttributedString` runs.
struct MarkupWalker {
    // cmark-gfm numbers references itself (a reference's literal is its number), drops
    // definitions nobody references and moves the rest to the end in number order.
    private var footnoteDefinitions: [[Block]] = []

    /// The footnotes that were referenced, in the order of their numbers.
    func footnotes() -> [Footnote] {
        footnoteDefinitions.enumerated().map { index, blocks in Footnote(number: index + 1, blocks: blocks) }
    }

    mutating func blocks(in parent: OpaquePointer) -> [Block] {
        var blocks: [Block] = []
        for node in children(of: parent) {
            blocks.append(contentsOf: self.blocks(for: node))
        }
        return blocks
    }

    private mutating func blocks(for node: OpaquePointer) -> [Block] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            return [.heading(level: Int(cmark_node_get_heading_level(node)), text: inlines(in: node))]
        case CMARK_NODE_PARAGRAPH:
            return paragraph(node)
        case CMARK_NODE_BLOCK_QUOTE:
            return [.blockQuote(blocks(in: node))]
        case CMARK_NODE_LIST:
            return [.list(list(node))]
        case CMARK_NODE_CODE_BLOCK:
            let info = string(cmark_node_get_fence_info(node)).split(separator: " ").first.map(String.init)
            var text = literal(node)
            if text.hasSuffix("\n") { text.removeLast() }
            return [.code(language: info, text: text)]
        case CMARK_NODE_HTML_BLOCK:
            let html = literal(node).trimmingCharacters(in: .whitespacesAndNewlines)
            if html.lowercased().replacingOccurrences(of: " ", with: "") == "<!--pagebreak-->" {
                return [.pageBreak]
            }
            return [.paragraph(AttributedString(html.replacingOccurrences(of: "\n", with: "\u{2028}")))]
        case CMARK_NODE_THEMATIC_BREAK:
            return [.thematicBreak]
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            footnoteDefinitions.append(blocks(in: node))
            return []
        default:
            if typeName(node) == "table" { return [.table(table(node))] }
            return blocks(in: node)
        }
    }

    /// A paragraph, split around images that stand at its top level, or a page break marker.
    private mutating func paragraph(_ node: OpaquePointer) -> [Block] {
        var result: [Block] = []
        var text = AttributedString()
        for child in children(of: node) {
            if cmark_node_get_type(child) == CMARK_NODE_IMAGE {
                flush(&text, into: &result)
                result.append(.image(image(child)))
            } else {
                text.append(inlines(for: child, intent: [], link: nil))
            }
        }
        if result.isEmpty, String(text.characters).trimmingCharacters(in: .whitespaces) == "\\pagebreak" {
            return [.pageBreak]
        }
        flush(&text, into: &result)
        return result
    }

    private func flush(_ text: inout AttributedString, into blocks: inout [Block]) {
        let visible = text.characters.contains { !$0.isWhitespace }
        if visible { blocks.append(.paragraph(trimmed(text))) }
        text = AttributedString()
    }

    /// `text` without the breaks and spaces left at its ends when images were taken out.
    private func trimmed(_ text: AttributedString) -> AttributedString {
        var text = text
        while let first = text.characters.first, first.isWhitespace || first == "\u{2028}" {
            text.removeSubrange(text.startIndex..<text.index(afterCharacter: text.startIndex))
        }
        while let last = text.characters.last, last.isWhitespace || last == "\u{2028}" {
            text.removeSubrange(text.index(beforeCharacter: text.endIndex)..<text.endIndex)
        }
        return text
    }

    private mutating func list(_ node: OpaquePointer) -> ListBlock {
        let items = children(of: node).map { item -> ListItem in
            let task = typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
            return ListItem(task: task, blocks: blocks(in: item))
        }
        return ListBlock(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            tight: cmark_node_get_list_tight(node) != 0,
            items: items)
    }

    private mutating func table(_ node: OpaquePointer) -> Table {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
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
        for row in children(of: node) {
            var cells = children(of: row).map { inlines(in: $0) }
            while cells.count < columns { cells.append(AttributedString()) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return Table(alignments: alignments, header: header, rows: rows)
    }

    private func image(_ node: OpaquePointer) -> ImageReference {
        ImageReference(
            source: string(cmark_node_get_url(node)),
            alt: plainText(node),
            title: string(cmark_node_get_title(node)),
            location: SourceLocation(
                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))))
    }

    mutating func inlines(in node: OpaquePointer) -> AttributedString {
        var text = AttributedString()
        for child in children(of: node) {
            text.append(inlines(for: child, intent: [], link: nil))
        }
        return text
    }

    private mutating func inlines(for node: OpaquePointer, intent: InlineIntent, link: String?) -> AttributedString {
        func run(_ string: String, _ intent: InlineIntent) -> AttributedString {
            var container = AttributeContainer()
            if !intent.isEmpty { container[LetterpressAttributes.InlineIntentAttribute.self] = intent }
            if let link { container[LetterpressAttributes.LinkAttribute.self] = link }
            return AttributedString(string, attributes: container)
        }
        func nested(_ intent: InlineIntent, _ link: String?) -> AttributedString {
            var text = AttributedString()
            for child in children(of: node) {
                text.append(inlines(for: child, intent: intent, link: link))
            }
            return text
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_HTML_INLINE:
            return run(literal(node), intent)
        case CMARK_NODE_CODE:
            return run(literal(node), intent.union(.code))
        case CMARK_NODE_SOFTBREAK:
            return run(" ", intent)
        case CMARK_NODE_LINEBREAK:
            return run("\u{2028}", intent)
        case CMARK_NODE_EMPH:
            return nested(intent.union(.emphasized), link)
        case CMARK_NODE_STRONG:
            return nested(intent.union(.strong), link)
        case CMARK_NODE_LINK:
            return nested(intent, string(cmark_node_get_url(node)))
        case CMARK_NODE_IMAGE:
            return run(plainText(node), intent)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let number = Int(literal(node)) ?? 0
            var mark = run(String(number), intent.union(.superscript))
            mark[LetterpressAttributes.FootnoteAttribute.self] = number
            return mark
        default:
            if typeName(node) == "strikethrough" { return nested(intent.union(.strikethrough), link) }
            return nested(intent, link)
        }
    }

    /// The text of a node's descendants without attributes, as for an image's alt text.
    private func plainText(_ node: OpaquePointer) -> String {
        var text = ""
        for child in children(of: node) {
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: text += literal(child)
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: text += plainText(child)
            }
        }
        return text
    }

    private func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private func literal(_ node: OpaquePointer) -> String { string(cmark_node_get_literal(node)) }
    private func typeName(_ node: OpaquePointer) -> String { string(cmark_node_get_type_string(node)) }
    private func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
}
