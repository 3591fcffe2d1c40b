import Foundation

/// A document saved as JSON with all its runs and attributes, custom ones included, and the
/// theme it was meant for: what `render inspect --json` writes and `render` reads back.
public struct DocumentArchive: Codable, Sendable {
    public static let formatName = "letterpress-runs"

    public var format = DocumentArchive.formatName
    public var version = 1
    public var theme: String?
    public var title: String?
    public var author: String?
    public var date: String?
    public var characters: Int
    public var runCount: Int
    public var blocks: [BlockArchive]
    public var footnotes: [[BlockArchive]]

    /// `document` as an archive, naming `theme`.
    public init(_ document: Document, theme: String?) {
        self.theme = theme
        title = document.frontMatter.title
        author = document.frontMatter.author
        date = document.frontMatter.date
        blocks = document.blocks.map(BlockArchive.init)
        footnotes = document.footnotes.map { $0.blocks.map(BlockArchive.init) }
        let all = blocks + footnotes.flatMap { $0 }
        characters = all.map(\.characterCount).reduce(0, +)
        runCount = all.map(\.runCount).reduce(0, +)
    }

    /// The document the archive holds.
    public var document: Document {
        var frontMatter = FrontMatter()
        frontMatter.title = title
        frontMatter.author = author
        frontMatter.date = date
        frontMatter.theme = theme
        return Document(
            frontMatter: frontMatter, blocks: blocks.map(\.block),
            footnotes: footnotes.enumerated().map { Footnote(number: $0.offset + 1, blocks: $0.element.map(\.block)) })
    }

    /// Reads an archive, or nil when `data` is not one (so that it is read as Markdown).
    public static func read(_ data: Data, file: String) throws -> DocumentArchive? {
        guard data.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "{"),
              data.range(of: Data(formatName.utf8)) != nil else { return nil }
        do {
            return try JSONDecoder().decode(DocumentArchive.self, from: data)
        } catch {
            throw LetterpressError.unreadableInput(file: file, reason: "not a valid \(formatName) archive (\(error))")
        }
    }
}

/// One run of text with its attributes.
public struct RunArchive: Codable, Sendable {
    public var text: String
    public var intent: [String]?
    public var link: String?
    public var footnote: Int?
    public var attributes: InlineAttributes?
}

/// One block, its kind in `type` and only the fields that kind uses.
public struct BlockArchive: Codable, Sendable {
    public var type: String
    public var level: Int?
    public var runs: [RunArchive]?
    public var blocks: [BlockArchive]?
    public var items: [ItemArchive]?
    public var ordered: Bool?
    public var start: Int?
    public var tight: Bool?
    public var language: String?
    public var text: String?
    public var alignments: [String]?
    public var header: [[RunArchive]]?
    public var rows: [[[RunArchive]]]?
    public var image: ImageReference?

    init(type: String) { self.type = type }

    init(_ block: Block) {
        switch block {
        case let .heading(level, text):
            self.init(type: "heading")
            self.level = level
            runs = RunArchive.runs(text)
        case let .paragraph(text):
            self.init(type: "paragraph")
            runs = RunArchive.runs(text)
        case let .list(list):
            self.init(type: "list")
            ordered = list.ordered
            start = list.start
            tight = list.tight
            items = list.items.map { ItemArchive(task: $0.task, blocks: $0.blocks.map(BlockArchive.init)) }
        case let .blockQuote(inner):
            self.init(type: "blockQuote")
            blocks = inner.map(BlockArchive.init)
        case let .code(language, text):
            self.init(type: "code")
            self.language = language
            self.text = text
        case .thematicBreak:
            self.init(type: "thematicBreak")
        case let .table(table):
            self.init(type: "table")
            alignments = table.alignments.map(\.rawValue)
            header = table.header.map(RunArchive.runs)
            rows = table.rows.map { $0.map(RunArchive.runs) }
        case let .image(reference):
            self.init(type: "image")
            image = reference
        case .pageBreak:
            self.init(type: "pageBreak")
        }
    }

    var block: Block {
        func text(_ runs: [RunArchive]?) -> AttributedString { RunArchive.attributedString(runs ?? []) }
        switch type {
        case "heading": return .heading(level: level ?? 1, text: text(runs))
        case "list":
            return .list(ListBlock(ordered: ordered ?? false, start: start ?? 1, tight: tight ?? true,
                                   items: (items ?? []).map { ListItem(task: $0.task, blocks: $0.blocks.map(\.block)) }))
        case "blockQuote": return .blockQuote((blocks ?? []).map(\.block))
        case "code": return .code(language: language, text: self.text ?? "")
        case "thematicBreak": return .thematicBreak
        case "table":
            return .table(Table(alignments: (alignments ?? []).map { ColumnAlignment(rawValue: $0) ?? .none },
                                header: (header ?? []).map { text($0) }, rows: (rows ?? []).map { $0.map { text($0) } }))
        case "image":
            if let image { return .image(image) }
            return .paragraph(AttributedString())
        case "pageBreak": return .pageBreak
        default: return .paragraph(text(runs))
        }
    }

    var characterCount: Int {
        (runs ?? []).map(\.text.count).reduce(0, +)
            + (blocks ?? []).map(\.characterCount).reduce(0, +)
            + (items ?? []).flatMap(\.blocks).map(\.characterCount).reduce(0, +)
            + (header ?? []).flatMap { $0 }.map(\.text.count).reduce(0, +)
            + (rows ?? []).flatMap { $0.flatMap { $0 } }.map(\.text.count).reduce(0, +)
            + (text?.count ?? 0)
    }

    var runCount: Int {
        (runs?.count ?? 0)
            + (blocks ?? []).map(\.runCount).reduce(0, +)
            + (items ?? []).flatMap(\.blocks).map(\.runCount).reduce(0, +)
            + (header ?? []).map(\.count).reduce(0, +)
            + (rows ?? []).flatMap { $0 }.map(\.count).reduce(0, +)
    }
}

/// One list item.
public struct ItemArchive: Codable, Sendable {
    public var task: Bool?
    public var blocks: [BlockArchive]
}

extension RunArchive {
    static func runs(_ text: AttributedString) -> [RunArchive] {
        text.runs.map { run in
            let intent = run[LetterpressAttributes.InlineIntentAttribute.self]
            return RunArchive(
                text: String(text[run.range].characters),
                intent: intent.map(\.names).flatMap { $0.isEmpty ? nil : $0 },
                link: run[LetterpressAttributes.LinkAttribute.self],
                footnote: run[LetterpressAttributes.FootnoteAttribute.self],
                attributes: run[LetterpressAttributes.InlineAttributesAttribute.self])
        }
    }

    static func attributedString(_ runs: [RunArchive]) -> AttributedString {
        var result = AttributedString()
        for run in runs {
            var piece = AttributedString(run.text)
            let intent = (run.intent ?? []).reduce(into: InlineIntent()) { intent, name in
                switch name {
                case "emphasized": intent.insert(.emphasized)
                case "strong": intent.insert(.strong)
                case "code": intent.insert(.code)
                case "strikethrough": intent.insert(.strikethrough)
                case "superscript": intent.insert(.superscript)
                default: break
                }
            }
            if !intent.isEmpty { piece[LetterpressAttributes.InlineIntentAttribute.self] = intent }
            piece[LetterpressAttributes.LinkAttribute.self] = run.link
            piece[LetterpressAttributes.FootnoteAttribute.self] = run.footnote
            piece[LetterpressAttributes.InlineAttributesAttribute.self] = run.attributes
            result.append(piece)
        }
        return result
    }
}

private extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
