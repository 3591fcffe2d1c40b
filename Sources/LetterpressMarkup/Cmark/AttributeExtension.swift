import CCmarkGFM
import Foundation
import LetterpressCore

/// The raw body and source position of one `^[text](body)`, kept on its cmark node; or, on
/// the text node of a `{{…}}` value, the reference it was put in for.
final class AttributePayload {
    let line: Int
    let column: Int
    /// For an opener, where its bracketed text starts in cmark's subject.
    let offset: Int32
    var body: String?
    /// Where the `)` that ends the body ends in cmark's subject.
    var end: Int32 = 0
    /// The bracketed text as written, when the body may ask for its translation (`localized`):
    /// Apple's keys are the source text.
    var source: String?
    /// The `{{…}}` a value's text node was put in for.
    var value: VariableReference?
    /// On the first of text nodes that cmark merges into one (its autolink extension does), the
    /// values among them: where each is in the merged text (UTF-8 offsets), and its reference.
    var placed: [(range: Range<Int>, reference: VariableReference)] = []

    init(line: Int, column: Int, offset: Int32 = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// A cmark-gfm inline syntax extension for Apple's attribute syntax `^[text](key: value)`.
///
/// It follows the built-in strikethrough extension's delimiter approach, so that emphasis and
/// links inside the brackets are resolved by cmark itself before the attribute node takes its
/// children: `^[` pushes an opener delimiter; a `(` that directly follows a `]` while an opener
/// is on the stack scans the raw body (balanced parentheses, quotes, backslash escapes) and
/// pushes a closer; `insert` then turns the opener's text node into the attribute node and
/// moves the nodes between opener and closer into it. A closer that never meets its opener
/// stays literal text, so unmatched syntax renders as written.
enum AttributeExtension {
    static let caret = UInt8(ascii: "^")
    /// Starts the text of an opener that found no `(body)`, so that the walker can tell a real
    /// `^[` (perhaps of the reference form `^[text][label]`) from an escaped `\^[`, even after
    /// cmark has merged it into neighbouring text.
    static let openerMark = "\u{E000}"
    static let openerScalar: Unicode.Scalar = "\u{E000}"
    static let openParenthesis = UInt8(ascii: "(")

    /// The node type of attribute nodes, allocated once per process.
    static let nodeType: cmark_node_type = cmark_syntax_extension_add_node(1)

    /// The extension, created once: cmark-gfm keeps special characters in a process-wide table.
    /// Unchecked: made once (Swift runs a static's initializer once, under a lock), then only read.
    nonisolated(unsafe) static let shared: OpaquePointer = {
        let ext = cmark_syntax_extension_new("letterpress_attributes")!
        let memory = cmark_get_default_mem_allocator()
        var characters: UnsafeMutablePointer<cmark_llist>?
        for character in [caret, openParenthesis] {
            characters = cmark_llist_append(memory, characters, UnsafeMutableRawPointer(bitPattern: UInt(character)))
        }
        cmark_syntax_extension_set_special_inline_chars(ext, characters)
        cmark_syntax_extension_set_match_inline_func(ext, match)
        cmark_syntax_extension_set_inline_from_delim_func(ext, insert)
        cmark_syntax_extension_set_get_type_string_func(ext) { _, _ in AttributeExtension.typeName }
        cmark_syntax_extension_set_can_contain_func(ext) { _, _, child in
            (child.rawValue & UInt32(CMARK_NODE_TYPE_MASK)) == UInt32(CMARK_NODE_TYPE_INLINE) ? 1 : 0
        }
        return ext
    }()

    /// Unchecked: a constant C string, never freed or written.
    nonisolated(unsafe) private static let typeName = UnsafePointer(strdup("attributes")!)

    /// How far back a `(` looks on the delimiter stack for a `^[` opener.
    static let openerSearchLimit = 1024

    /// The payload of an attribute node (or of a pending opener or closer text node).
    static func payload(of node: OpaquePointer) -> AttributePayload? {
        guard let data = cmark_node_get_user_data(node) else { return nil }
        return Unmanaged<AttributePayload>.fromOpaque(data).takeUnretainedValue()
    }

    static func attach(_ payload: AttributePayload, to node: OpaquePointer) {
        cmark_node_set_user_data(node, Unmanaged.passRetained(payload).toOpaque())
        cmark_node_set_user_data_free_func(node) { _, data in
            if let data { Unmanaged<AttributePayload>.fromOpaque(data).release() }
        }
    }

    /// A new text node holding `literal` (a variable's value, say), a NUL in it as U+FFFD:
    /// cmark takes the literal as a C string, which would end there.
    static func textNode(_ literal: String) -> OpaquePointer {
        let node = cmark_node_new_with_mem(CMARK_NODE_TEXT, cmark_get_default_mem_allocator())!
        cmark_node_set_literal(node, literal.utf8.contains(0) ? literal.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : literal)
        return node
    }

    private static let match: cmark_match_inline_func = { ext, _, parent, character, inline in
        guard let ext, let inline, let parent else { return nil }
        switch character {
        case caret: return matchOpener(inline, in: parent, session: ParseSession.of(ext))
        case openParenthesis: return matchCloser(inline, session: ParseSession.of(ext))
        default: return nil
        }
    }

    /// `^[`: a text node holding `^[`, pushed as an opener.
    private static func matchOpener(_ inline: OpaquePointer, in block: OpaquePointer, session: ParseSession) -> OpaquePointer? {
        let start = cmark_inline_parser_get_offset(inline)
        let line = CmarkNode.line(of: inline, in: block, lineOffset: session.lineOffset)
        let column = Int(cmark_inline_parser_get_column(inline))
        cmark_inline_parser_advance_offset(inline)
        guard cmark_inline_parser_is_eof(inline) == 0, cmark_inline_parser_peek_char(inline) == UInt8(ascii: "[") else {
            cmark_inline_parser_set_offset(inline, start)
            return nil
        }
        cmark_inline_parser_advance_offset(inline)
        let node = textNode(openerMark + "^[")
        attach(AttributePayload(line: line, column: column, offset: cmark_inline_parser_get_offset(inline)), to: node)
        cmark_inline_parser_push_delimiter(inline, caret, 1, 0, node)
        return node
    }

    /// `(body)` right after the `]` that closes a waiting opener's bracket: a text node holding
    /// `(body)`, pushed as a closer, so that it reads as written if no opener takes it.
    private static func matchCloser(_ inline: OpaquePointer, session: ParseSession) -> OpaquePointer? {
        let start = cmark_inline_parser_get_offset(inline)
        guard start > 0, cmark_inline_parser_peek_at(inline, start - 1) == UInt8(ascii: "]"),
              let opener = openerClosed(inline, bracketAt: start - 1, session: session) else {
            return nil
        }
        guard let body = scanBody(inline, session: session) else {
            cmark_inline_parser_set_offset(inline, start)
            if !session.budgetExhausted {
                session.unclosedBodies.append(SourceLocation(line: opener.line, column: opener.column))
            }
            return nil
        }
        let node = textNode("(" + body + ")")
        let payload = AttributePayload(line: 0, column: 0)
        payload.body = body
        payload.end = cmark_inline_parser_get_offset(inline)
        if body.contains("localized") {
            payload.source = String(decoding: (opener.offset..<(start - 1)).map { cmark_inline_parser_peek_at(inline, $0) }, as: UTF8.self)
        }
        attach(payload, to: node)
        cmark_inline_parser_push_delimiter(inline, caret, 0, 1, node)
        return node
    }

    /// The nearest opener still waiting, if the `]` at `end` closes its bracket: the closer will
    /// then pair with it (those nearer already have closers, which cmark pairs
    /// when the paragraph ends). An opener whose bracket closed earlier without a body can
    /// take none: it stops opening, so that a later `](…)` (in `^[a](k: 1 and \^[b](x: 2)`,
    /// say) is not paired with it.
    private static func openerClosed(_ inline: OpaquePointer, bracketAt end: Int32, session: ParseSession) -> AttributePayload? {
        var delimiter = cmark_inline_parser_get_last_delimiter(inline)
        var searched = 0
        var closers = 0
        while let current = delimiter, searched < openerSearchLimit {
            delimiter = current.pointee.previous
            searched += 1
            guard current.pointee.delim_char == caret else { continue }
            if current.pointee.can_close != 0 {
                closers += 1
                continue
            }
            guard current.pointee.can_open != 0, let opener = current.pointee.inl_text.flatMap(payload(of:)) else { continue }
            if closers > 0 {
                closers -= 1
                continue
            }
            switch bracket(inline, from: opener.offset, to: end, session: session) {
            case .closesHere: return opener
            case .stillOpen: return nil
            case .closedEarlier: current.pointee.can_open = 0
            }
        }
        return nil
    }

    private enum Bracket { case closesHere, closedEarlier, stillOpen }

    /// How the bracket opened just before `start` stands at the `]` at `end`: closed by it,
    /// closed before it, or still open (that `]` closes a bracket within). Escaped brackets
    /// and those in code spans do not count.
    private static func bracket(_ inline: OpaquePointer, from start: Int32, to end: Int32, session: ParseSession) -> Bracket {
        var depth = 0
        var position = start
        while position < end {
            session.scanBudget -= 1
            guard session.scanBudget > 0 else {
                session.budgetExhausted = true
                return .stillOpen
            }
            switch cmark_inline_parser_peek_at(inline, position) {
            case UInt8(ascii: "\\"):
                position += 2
                continue
            case UInt8(ascii: "`"):
                position = endOfCodeSpan(inline, at: position, before: end, session: session)
                continue
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return .closedEarlier }
            default:
                break
            }
            position += 1
        }
        return depth == 0 ? .closesHere : .stillOpen
    }

    /// Past the code span a run of backticks at `start` opens (closed by a run of the same
    /// length before `end`), or past the run alone when none closes it.
    private static func endOfCodeSpan(_ inline: OpaquePointer, at start: Int32, before end: Int32,
                                      session: ParseSession) -> Int32 {
        func run(at position: Int32) -> Int32 {
            var length: Int32 = 0
            while position + length < end && cmark_inline_parser_peek_at(inline, position + length) == UInt8(ascii: "`") {
                length += 1
            }
            return length
        }
        let opening = run(at: start)
        var position = start + opening
        while position < end {
            session.scanBudget -= 1
            guard session.scanBudget > 0 else { break }
            let length = run(at: position)
            if length == opening { return position + length }
            position += max(length, 1)
        }
        return start + opening
    }

    /// The raw text from after `(` to its matching `)`, which it consumes; nil when unclosed.
    /// Parentheses balance outside quotes, and a backslash escapes the next character.
    private static func scanBody(_ inline: OpaquePointer, session: ParseSession) -> String? {
        cmark_inline_parser_advance_offset(inline)
        var bytes: [UInt8] = []
        var depth = 1
        var quote: UInt8?
        while cmark_inline_parser_is_eof(inline) == 0 {
            session.scanBudget -= 1
            guard session.scanBudget > 0 else {
                session.budgetExhausted = true
                return nil
            }
            let character = cmark_inline_parser_peek_char(inline)
            cmark_inline_parser_advance_offset(inline)
            if character == UInt8(ascii: "\\") {
                bytes.append(character)
                if cmark_inline_parser_is_eof(inline) == 0 {
                    bytes.append(cmark_inline_parser_peek_char(inline))
                    cmark_inline_parser_advance_offset(inline)
                }
                continue
            }
            if let open = quote {
                if character == open { quote = nil }
            } else if character == UInt8(ascii: "'") || character == UInt8(ascii: "\"") {
                quote = character
            } else if character == UInt8(ascii: "(") {
                depth += 1
            } else if character == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return String(decoding: bytes, as: UTF8.self) }
            }
            bytes.append(character)
        }
        return nil
    }

    private static let insert: cmark_inline_from_delim_func = { ext, _, inline, opener, closer in
        guard let ext, let inline, let opener, let closer else { return nil }
        let next = closer.pointee.next
        let node = opener.pointee.inl_text!
        let closerNode = closer.pointee.inl_text!
        if let payload = AttributeExtension.payload(of: node), let closing = AttributeExtension.payload(of: closerNode),
           let body = closing.body, becomeAttributeNode(node, extension: ext) {
            payload.body = body
            payload.end = closing.end
            payload.source = closing.source
            var child = cmark_node_next(node)
            while let current = child, current != closerNode {
                child = cmark_node_next(current)
                cmark_node_append_child(node, current)
            }
            dropClosingBracket(of: node)
            cmark_node_free(closerNode)
        }
        var delimiter: UnsafeMutablePointer<delimiter>? = closer
        while let current = delimiter, current != opener {
            delimiter = current.pointee.previous
            cmark_inline_parser_remove_delimiter(inline, current)
        }
        cmark_inline_parser_remove_delimiter(inline, opener)
        return next
    }

    /// Retypes the opener's text node as an attribute node. GFM table cells accept only a
    /// fixed list of core inline types, so there the node becomes a link with an empty
    /// destination instead; the walker tells it apart by its payload.
    private static func becomeAttributeNode(_ node: OpaquePointer, extension ext: OpaquePointer) -> Bool {
        if cmark_node_set_type(node, nodeType) != 0 {
            cmark_node_set_syntax_extension(node, ext)
            return true
        }
        guard cmark_node_set_type(node, CMARK_NODE_LINK) != 0 else { return false }
        cmark_node_set_url(node, "")
        cmark_node_set_title(node, "")
        return true
    }

    /// Whether `node` is an attribute node, of either form.
    static func isAttributeNode(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node)
        return type == nodeType || (type == CMARK_NODE_LINK && payload(of: node)?.body != nil)
    }

    /// Removes the `]` that ends the bracketed text, now the node's last child.
    private static func dropClosingBracket(of node: OpaquePointer) {
        guard let last = cmark_node_last_child(node), cmark_node_get_type(last) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(last).map({ String(cString: $0) }), literal.hasSuffix("]")
        else { return }
        if literal == "]" {
            cmark_node_free(last)
        } else {
            cmark_node_set_literal(last, String(literal.dropLast()))
        }
    }
}
