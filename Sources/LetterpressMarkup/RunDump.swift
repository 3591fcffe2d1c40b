import Foundation
import LetterpressCore

/// Text dumps of documents and runs, for `render inspect` and for tests.
package enum RunDump {
    /// One line per run: `[start..<end] "text" attributes`, offsets in characters.
    package static func runs(_ text: AttributedString) -> [String] {
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
            if let anchor = run[LetterpressAttributes.AnchorAttribute.self] { attributes.append("anchor=\(anchor)") }
            if let inline = run[LetterpressAttributes.InlineAttributesAttribute.self] { attributes += inline.summary }
            if let image = run[LetterpressAttributes.ImageAttribute.self] { attributes.append("image=\(image.source)") }
            if let math = run[LetterpressAttributes.MathAttribute.self] {
                attributes.append((math.isDisplay ? "displayMath=" : "math=") + math.tex.debugDescription
                                  + (math.references.isEmpty ? "" : " refs=" + math.references.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ",")))
            }
            let escaped = piece.replacingOccurrences(of: "\u{2028}", with: "\\n").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: ImageReference.objectReplacement, with: "\\u{FFFC}")
            let suffix = attributes.isEmpty ? "" : " " + attributes.joined(separator: " ")
            lines.append("[\(offset)..<\(offset + length)] \"\(escaped)\"\(suffix)")
            offset += length
        }
        return lines
    }

    /// An indented outline of `blocks` with their runs.
    package static func blocks(_ blocks: [Block], indent: String = "") -> [String] {
        var outline = BlockOutline(indent: indent)
        return blocks.flatMap { outline.visit($0) }
    }

    /// The outline's lines for one block and the blocks inside it, each `indent`ed.
    private struct BlockOutline: BlockVisitor {
        let indent: String

        func text(_ name: String, _ value: AttributedString) -> [String] {
            [indent + name] + RunDump.runs(value).map { indent + "  " + $0 }
        }

        mutating func visitHeading(level: Int, text value: AttributedString) -> [String] {
            text("Heading \(level)", value)
        }

        mutating func visitParagraph(_ value: AttributedString) -> [String] {
            text("Paragraph", value)
        }

        mutating func visitList(_ list: Block.List) -> [String] {
            var lines = [indent + (list.ordered ? "OrderedList start=\(list.start)" : "BulletList") + (list.tight ? " tight" : " loose")]
            for item in list.items {
                let task = item.task.map { $0 ? " [x]" : " [ ]" } ?? ""
                lines.append(indent + "  Item" + task)
                lines += RunDump.blocks(item.blocks, indent: indent + "    ")
            }
            return lines
        }

        mutating func visitBlockQuote(_ blocks: [Block]) -> [String] {
            [indent + "BlockQuote"] + RunDump.blocks(blocks, indent: indent + "  ")
        }

        mutating func visitAlert(_ callout: Callout, _ blocks: [Block]) -> [String] {
            [indent + "Alert \(callout.kind.rawValue)" + (callout.title == callout.kind.title ? "" : " \(Excerpt.quoted(callout.title))")] + RunDump.blocks(blocks, indent: indent + "  ")
        }

        mutating func visitCode(_ code: CodeBlock) -> [String] {
            [indent + "Code" + (code.info.map { " \($0)" } ?? "") + " \(code.text.debugDescription)"]
        }

        mutating func visitThematicBreak() -> [String] {
            [indent + "ThematicBreak"]
        }

        mutating func visitTable(_ table: Block.Table) -> [String] {
            [indent + "Table " + table.alignments.map(\.rawValue).joined(separator: ","),
             indent + "  Header " + table.header.map { String($0.characters).debugDescription }.joined(separator: " | ")]
                + table.rows.map { row in
                    indent + "  Row " + row.map { String($0.characters).debugDescription }.joined(separator: " | ")
                }
        }

        mutating func visitImage(_ image: ImageReference) -> [String] {
            [indent + "Image \(image.source) alt=\(image.alt.debugDescription) @\(image.location)"]
        }

        mutating func visitPageBreak() -> [String] {
            [indent + "PageBreak"]
        }

        mutating func visitDivision(_ division: Block.Division) -> [String] {
            [indent + "Division " + division.alignment.rawValue + (division.indented ? " indented" : "")
             + (division.direction.map { " " + $0.rawValue } ?? "")
             + (division.titleParts.map { " title block: " + $0.map(\.rawValue).joined(separator: " ") } ?? "")]
                + RunDump.blocks(division.blocks, indent: indent + "  ")
        }

        mutating func visitContents(_ contents: Block.Contents) -> [String] {
            [indent + "Contents" + (contents.title.map { " " + String($0.characters).debugDescription } ?? "")]
                + contents.entries.map { entry in
                    indent + "  Entry " + String(repeating: "  ", count: entry.indent) + String(entry.text.characters).debugDescription
                        + " #\(entry.anchor) page \(entry.page.map(String.init) ?? "?")"
                }
        }

        mutating func visitMath(_ math: MathSpan) -> [String] {
            [indent + "Math" + (math.numbers.isEmpty ? "" : " (" + math.numbers.joined(separator: ", ") + ")") + " \(math.tex.debugDescription)"
                + (math.references.isEmpty ? "" : " refs=" + math.references.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: ","))]
        }

        mutating func visitDefinitionList(_ list: Block.DefinitionList) -> [String] {
            var lines = [indent + "DefinitionList"]
            for item in list.items {
                lines.append(indent + "  Item" + (item.tight ? "" : " loose"))
                for term in item.terms { lines.append(indent + "    Term " + String(term.characters).debugDescription) }
                for definition in item.definitions {
                    lines.append(indent + "    Definition")
                    lines += RunDump.blocks(definition, indent: indent + "      ")
                }
            }
            return lines
        }
    }
}
