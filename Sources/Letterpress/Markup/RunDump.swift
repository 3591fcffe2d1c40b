import Foundation

/// Text dumps of documents and runs, for `render inspect` and for tests.
public enum RunDump {
    /// One line per run: `[start..<end] "text" attributes`, offsets in characters.
    public static func runs(_ text: AttributedString) -> [String] {
        var lines: [String] = []
        var offset = 0
        for run in text.runs {
            let piece = String(text[run.range].characters)
            let length = piece.count
            var attributes: [String] = []
            if let intent = run[LetterpressAttributes.InlineIntentAttribute.self] {
                attributes += intent.names
            }
            if let link = run[LetterpressAttributes.LinkAttribute.self] { attributes.append("link=\(link)") }
            if let footnote = run[LetterpressAttributes.FootnoteAttribute.self] { attributes.append("footnote=\(footnote)") }
            if let inline = run[LetterpressAttributes.InlineAttributesAttribute.self] { attributes += inline.summary }
            let escaped = piece.replacingOccurrences(of: "\u{2028}", with: "\\n").replacingOccurrences(of: "\"", with: "\\\"")
            let suffix = attributes.isEmpty ? "" : " " + attributes.joined(separator: " ")
            lines.append("[\(offset)..<\(offset + length)] \"\(escaped)\"\(suffix)")
            offset += length
        }
        return lines
    }

    /// An indented outline of `blocks` with their runs.
    public static func blocks(_ blocks: [Block], indent: String = "") -> [String] {
        var lines: [String] = []
        func text(_ name: String, _ value: AttributedString) {
            lines.append(indent + name)
            lines += runs(value).map { indent + "  " + $0 }
        }
        for block in blocks {
            switch block {
            case let .heading(level, value): text("Heading \(level)", value)
            case let .paragraph(value): text("Paragraph", value)
            case let .list(list):
                lines.append(indent + (list.ordered ? "OrderedList start=\(list.start)" : "BulletList") + (list.tight ? " tight" : " loose"))
                for item in list.items {
                    let task = item.task.map { $0 ? " [x]" : " [ ]" } ?? ""
                    lines.append(indent + "  Item" + task)
                    lines += self.blocks(item.blocks, indent: indent + "    ")
                }
            case let .blockQuote(inner):
                lines.append(indent + "BlockQuote")
                lines += self.blocks(inner, indent: indent + "  ")
            case let .code(language, value):
                lines.append(indent + "Code" + (language.map { " \($0)" } ?? "") + " \(value.debugDescription)")
            case .thematicBreak: lines.append(indent + "ThematicBreak")
            case .pageBreak: lines.append(indent + "PageBreak")
            case let .image(image):
                lines.append(indent + "Image \(image.source) alt=\(image.alt.debugDescription) @\(image.location)")
            case let .table(table):
                lines.append(indent + "Table " + table.alignments.map(\.rawValue).joined(separator: ","))
                lines.append(indent + "  Header " + table.header.map { String($0.characters).debugDescription }.joined(separator: " | "))
                for row in table.rows {
                    lines.append(indent + "  Row " + row.map { String($0.characters).debugDescription }.joined(separator: " | "))
                }
            }
        }
        return lines
    }
}
