import CCmarkGFM
import Foundation

/// The table of contents' markers in a note: a `[TOC]` (or GitLab's `[[_TOC_]]`) line alone,
/// which puts the contents there, and a heading's trailing `{.unlisted}` (pandoc's class),
/// which leaves the heading out.
enum ContentsLine {
    static let markers: Set<String> = ["[TOC]", "[toc]", "[[_TOC_]]"]
    static let unlisted = "{.unlisted}"
    private static let markerBytes = markers.map { Array($0.utf8) }
    private static let referenceBytes = Array("{page:#".utf8)

    /// Whether `source` has any of the markers' text (without it, no paragraph is looked at)
    /// and whether it has a `{page:#`: one pass over its bytes, which every note pays for.
    static func scan(_ source: String) -> (contentsLine: Bool, pageReference: Bool) {
        var source = source
        return source.withUTF8 { bytes in
            var found = (contentsLine: false, pageReference: false)
            for index in bytes.indices where bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") {
                func starts(_ prefix: [UInt8]) -> Bool {
                    index + prefix.count <= bytes.count && prefix.indices.allSatisfy { bytes[index + $0] == prefix[$0] }
                }
                if bytes[index] == UInt8(ascii: "[") {
                    found.contentsLine = found.contentsLine || markerBytes.contains(where: starts)
                } else {
                    found.pageReference = found.pageReference || starts(referenceBytes)
                }
                if found.contentsLine && found.pageReference { break }
            }
            return found
        }
    }

    /// Whether `node` is a paragraph of one line that is a marker alone, read from the source
    /// (`[[_TOC_]]` reads as emphasis to cmark).
    static func isContentsLine(_ node: OpaquePointer, in lines: [Substring], lineOffset: Int) -> Bool {
        let line = CmarkNode.startLine(of: node, lineOffset: lineOffset)
        guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, line >= 1, line <= lines.count,
              CmarkNode.endLine(of: node, lineOffset: lineOffset) == line else { return false }
        return markers.contains(lines[line - 1].trimmingCharacters(in: .whitespaces))
    }

    /// Takes a trailing `{.unlisted}` and the spaces before it off a heading's text; whether
    /// it had one. cmark starts a text node at each `{` (the variables' extension reads it), so
    /// the marker ends the last text node.
    static func takeUnlistedMarker(from heading: OpaquePointer) -> Bool {
        guard let last = cmark_node_last_child(heading), cmark_node_get_type(last) == CMARK_NODE_TEXT,
              let literal = cmark_node_get_literal(last).map({ String(cString: $0) }), literal.hasSuffix(unlisted) else { return false }
        cmark_node_set_literal(last, String(literal.dropLast(unlisted.count)))
        while let node = cmark_node_last_child(heading), cmark_node_get_type(node) == CMARK_NODE_TEXT,
              let text = cmark_node_get_literal(node).map({ String(cString: $0) }) {
            let trimmed = String(text.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            if trimmed.isEmpty {
                cmark_node_free(node)
            } else {
                if trimmed != text { cmark_node_set_literal(node, trimmed) }
                break
            }
        }
        return true
    }
}
