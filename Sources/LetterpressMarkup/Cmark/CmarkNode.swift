import CCmarkGFM
import Foundation
import LetterpressCore

/// What the converter's passes read of a cmark node: its children, its strings, where it
/// starts and the text of its descendants.
enum CmarkNode {
    static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    static func literal(_ node: OpaquePointer) -> String { string(cmark_node_get_literal(node)) }
    static func typeName(_ node: OpaquePointer) -> String { string(cmark_node_get_type_string(node)) }
    static func string(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }

    /// The line `node` starts on in a note of which cmark read the part after `lineOffset`
    /// lines (see `ParseSession.lineOffset`); 0 when cmark gives it no position.
    static func startLine(of node: OpaquePointer, lineOffset: Int) -> Int {
        let line = Int(cmark_node_get_start_line(node))
        return line > 0 && lineOffset > 0 && countsFromStart(node) ? line + lineOffset : line
    }

    /// The line `node` ends on (see `startLine`).
    static func endLine(of node: OpaquePointer, lineOffset: Int) -> Int {
        let line = Int(cmark_node_get_end_line(node))
        return line > 0 && lineOffset > 0 && countsFromStart(node) ? line + lineOffset : line
    }

    /// The line of what the inline parser reads in `block` (see `startLine`).
    static func line(of inline: OpaquePointer, in block: OpaquePointer, lineOffset: Int) -> Int {
        let line = Int(cmark_inline_parser_get_line(inline))
        return lineOffset > 0 && countsFromStart(block) ? line + lineOffset : line
    }

    /// Whether cmark counted `node`'s line from the start of what it read: not the document's
    /// (always 1), nor any inside the paragraph cmark-gfm's table extension splits off the lines
    /// before a table's header, which it gives no position (so its inlines count from 0). Those
    /// stay as cmark gives them, as they are when the note is read whole.
    private static func countsFromStart(_ node: OpaquePointer) -> Bool {
        var current: OpaquePointer? = node
        while let ancestor = current {
            let type = cmark_node_get_type(ancestor)
            if type == CMARK_NODE_DOCUMENT { return ancestor != node }
            if type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK),
               cmark_node_get_start_line(ancestor) == 0 { return false }
            current = cmark_node_parent(ancestor)
        }
        return true
    }

    /// Where `node` starts (see `startLine`); nil when cmark gives it no position.
    static func start(of node: OpaquePointer, lineOffset: Int) -> SourceLocation? {
        let line = startLine(of: node, lineOffset: lineOffset)
        return line > 0 ? SourceLocation(line: line, column: Int(cmark_node_get_start_column(node))) : nil
    }

    /// Where `node` starts, or, for an inline node cmark gives no position (an autolink), the
    /// nearest enclosing node that has one.
    static func location(of node: OpaquePointer, lineOffset: Int) -> SourceLocation? {
        var current: OpaquePointer? = node
        while let positioned = current, cmark_node_get_start_line(positioned) <= 0 { current = cmark_node_parent(positioned) }
        return current.map { start(of: $0, lineOffset: lineOffset)! }
    }

    /// What a walk over a node's descendants takes of one: some text, nothing, or its children.
    enum Reading {
        case text(String)
        case skipped
        case children
    }

    /// The text of `node`'s descendants as `reading` takes each, walked without recursion,
    /// whatever the nesting.
    static func descendantText(of node: OpaquePointer, _ reading: (OpaquePointer, cmark_node_type) -> Reading) -> String {
        var text = ""
        var stack = Array(children(of: node).reversed())
        while let child = stack.popLast() {
            switch reading(child, cmark_node_get_type(child)) {
            case let .text(piece): text += piece
            case .skipped: continue
            case .children: stack.append(contentsOf: children(of: child).reversed())
            }
        }
        return text
    }

    /// The text `node` shows without its markup: a text or code span's literal, else its
    /// descendants' (a call-out's title written with emphasis or a link).
    static func plainText(of node: OpaquePointer) -> String {
        func reading(_ node: OpaquePointer, _ type: cmark_node_type) -> Reading {
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: .text(literal(node))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: .text(" ")
            case CMARK_NODE_HTML_INLINE: .skipped
            default: .children
            }
        }
        if case let .text(text) = reading(node, cmark_node_get_type(node)) { return text }
        return descendantText(of: node, reading)
    }
}
