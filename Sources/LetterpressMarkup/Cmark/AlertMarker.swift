import CCmarkGFM
import Foundation

/// Finds GitHub's alert marker, `[!NOTE]` alone on the first line of a block quote, and takes
/// it out of cmark's tree.
enum AlertMarker {
    /// The kind of alert `quote` is, with its marker line removed from the tree; nil for an
    /// ordinary quote. As on GitHub, a quote holding nothing but the marker stays a quote.
    static func take(from quote: OpaquePointer) -> AlertKind? {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        // cmark gives `[`, `!NOTE` and `]` text nodes of their own (a bracket may open a link).
        var marker: [OpaquePointer] = []
        var text = ""
        var next = cmark_node_first_child(paragraph)
        while let node = next, cmark_node_get_type(node) == CMARK_NODE_TEXT, text.utf8.count < 16 {
            text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            marker.append(node)
            next = cmark_node_next(node)
        }
        guard let kind = AlertKind(marker: text.trimmingCharacters(in: .whitespaces)) else { return nil }
        if let lineEnd = next {
            guard [CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(lineEnd)) else { return nil }
            marker.append(lineEnd)
        } else if cmark_node_next(paragraph) == nil {
            return nil
        }
        for node in marker { remove(node) }
        if cmark_node_first_child(paragraph) == nil { remove(paragraph) }
        return kind
    }

    private static func remove(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
