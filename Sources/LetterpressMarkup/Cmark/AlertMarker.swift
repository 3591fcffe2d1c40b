import CCmarkGFM
import Foundation

/// Finds a call-out's marker in a block quote and takes it out of cmark's tree: GitHub's
/// `[!NOTE]` alone on the quote's first line, Obsidian's `[!type]` with a fold sign and a title
/// after it (`> [!faq]- Why?`), where the note's dialect reads call-outs; and the quotes the
/// dialect pass made of admonitions and containers, known by their first line.
enum AlertMarker {
    /// The call-out `quote` is, with its marker line removed from the tree; nil for an ordinary
    /// quote. As on GitHub, a quote holding nothing but one of GitHub's markers stays a quote,
    /// except in a note written for Obsidian.
    static func take(from quote: OpaquePointer, session: ParseSession) -> Callout? {
        if let callout = session.calloutLines[CmarkNode.startLine(of: quote, lineOffset: session.lineOffset)] { return callout }
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH else { return nil }
        // cmark gives `[`, `!NOTE` and `]` text nodes of their own (a bracket may open a link);
        // a title may hold emphasis, code or links, whose text it keeps.
        var marker: [OpaquePointer] = []
        var text = ""
        // The marker itself is plain text: `*[!NOTE]*` is no marker.
        var plain = ""
        var next = cmark_node_first_child(paragraph)
        while let node = next, ![CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(node)), text.utf8.count < 1024 {
            if plain.utf8.count == text.utf8.count, cmark_node_get_type(node) == CMARK_NODE_TEXT { plain += CmarkNode.literal(node) }
            text += CmarkNode.plainText(of: node)
            marker.append(node)
            next = cmark_node_next(node)
        }
        let line = text.trimmingCharacters(in: .whitespaces)
        guard plain.trimmingCharacters(in: .whitespaces).hasPrefix("[!"), plain.contains("]") else { return nil }
        let callout: Callout
        if plain.utf8.count == text.utf8.count, let kind = AlertKind(marker: line) {
            callout = Callout(kind)
        } else if session.dialect.reads(.callouts), let found = obsidian(line) {
            callout = found
        } else {
            return nil
        }
        if let lineEnd = next {
            marker.append(lineEnd)
        } else if cmark_node_next(paragraph) == nil, AlertKind(marker: line) != nil, session.dialect != .obsidian {
            return nil
        }
        for node in marker { remove(node) }
        if cmark_node_first_child(paragraph) == nil { remove(paragraph) }
        return callout
    }

    /// Obsidian's marker: `[!type]`, then `+` or `-` (folded or not: printed open), then the
    /// title; the type's name when there is none.
    static func obsidian(_ line: String) -> Callout? {
        guard line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return nil }
        let type = line[line.index(line.startIndex, offsetBy: 2)..<close]
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else { return nil }
        var rest = line[line.index(after: close)...]
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        let title = rest.trimmingCharacters(in: .whitespaces)
        return Callout(AlertKind(type: String(type)), title: title.isEmpty ? type.prefix(1).uppercased() + type.dropFirst().lowercased() : title)
    }

    private static func remove(_ node: OpaquePointer) {
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
