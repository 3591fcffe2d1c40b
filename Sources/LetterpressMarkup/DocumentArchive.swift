import Foundation
import LetterpressCore

/// A document saved as JSON with all its runs and attributes, custom ones included, the theme
/// it was meant for and what of its front matter shapes its pages: what `render inspect --json`
/// writes and `render` reads back, to the same pages as the note's.
///
/// Version 2 added the page (`pageSize`, `landscape`, `margin`), `badge`, `exclusions`,
/// `subtitle`, `markup`, `variables` (for the `{{…}}` of the theme's headers and footers) and
/// `folder`, each left out when it says nothing; a version 1 archive has none of them and is
/// read as before. A reader of version 1 reads a version 2 archive as it read its own, without
/// them.
package struct DocumentArchive: Codable, Sendable {
    package static let formatName = "letterpress-runs"
    /// The version this build writes.
    package static let currentVersion = 2

    package var format = DocumentArchive.formatName
    package var version = DocumentArchive.currentVersion
    package var theme: String?
    package var title: String?
    package var subtitle: String?
    package var author: String?
    package var date: String?
    /// The front matter's `lang`; left out when it has none.
    package var lang: LanguageTag?
    package var locale: String?
    /// The front matter's `pageSize`, as written; checked when the archive is rendered.
    package var pageSize: String?
    /// `landscape: true`; left out when false.
    package var landscape: Bool?
    /// The front matter's margins, as written (lengths joined with commas).
    package var margin: String?
    /// The date badge's setting; left out when it is the default (shown where the theme puts it).
    package var badge: BadgeSetting?
    /// The shapes the text flows around; left out when none.
    package var exclusions: [ExclusionSpec]?
    /// How the body was read; left out for Markdown. The blocks are parsed already: this tells
    /// the styler, which sets plain text's lines as written.
    package var markup: NoteMarkup?
    /// The values of `{{name}}` (the front matter's scalars, `--var` over them), which the
    /// theme's headers and footers still use; those in the text are in its runs already.
    package var variables: [String: String]?
    /// The absolute path of the note's folder, which relative paths (images, a theme file)
    /// start from when the archive is rendered; when that folder is gone (or the archive has
    /// none), they start from the archive's own folder.
    package var folder: String?
    package var characters: Int
    package var runCount: Int
    package var blocks: [Block]
    package var footnotes: [[Block]]
    /// The footnotes' labels, which name their anchors; left out when each is its number.
    package var footnoteLabels: [String]?

    /// `document` as an archive, naming `theme`; `folder` is where its relative paths start.
    package init(_ document: Document, theme: String?, folder: URL? = nil) {
        self.theme = theme
        let frontMatter = document.frontMatter
        title = frontMatter.title
        subtitle = frontMatter.subtitle
        author = frontMatter.author
        date = frontMatter.date
        lang = frontMatter.lang
        locale = frontMatter.locale
        pageSize = frontMatter.pageSize
        landscape = frontMatter.landscape ? true : nil
        margin = frontMatter.margin
        badge = frontMatter.badge == BadgeSetting() ? nil : frontMatter.badge
        exclusions = frontMatter.exclusions.isEmpty ? nil : frontMatter.exclusions
        markup = frontMatter.markup == .plain ? .plain : nil
        variables = frontMatter.variables.isEmpty ? nil : frontMatter.variables
        self.folder = folder?.standardizedFileURL.path
        blocks = document.blocks
        footnotes = document.footnotes.map(\.blocks)
        let labels = document.footnotes.map(\.label)
        footnoteLabels = labels.enumerated().allSatisfy { $0.element == String($0.offset + 1) } ? nil : labels
        var count = TextCount()
        for block in blocks + footnotes.joined() { count.visit(block) }
        characters = count.characters
        runCount = count.runs
    }

    /// The document the archive holds.
    package var document: Document {
        var frontMatter = FrontMatter()
        frontMatter.title = title
        frontMatter.subtitle = subtitle
        frontMatter.author = author
        frontMatter.date = date
        frontMatter.lang = lang
        frontMatter.locale = locale
        frontMatter.theme = theme
        frontMatter.pageSize = pageSize
        frontMatter.landscape = landscape ?? false
        frontMatter.margin = margin
        frontMatter.badge = badge ?? BadgeSetting()
        frontMatter.exclusions = exclusions ?? []
        frontMatter.markup = markup
        frontMatter.variables = variables ?? [:]
        return Document(
            frontMatter: frontMatter, blocks: blocks,
            footnotes: footnotes.enumerated().map { index, blocks in
                let label = footnoteLabels.flatMap { index < $0.count ? $0[index] : nil }
                return Block.Footnote(number: index + 1, label: label, blocks: blocks)
            })
    }

    /// The folder the archive's relative paths start from: its `folder` while that is a folder,
    /// else nil (then the archive's own folder, as for a note).
    package var existingFolder: URL? {
        guard let folder, folder.hasPrefix("/") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return URL(fileURLWithPath: folder, isDirectory: true)
    }

    /// Reads an archive, or nil when `data` is not one (so that it is read as Markdown).
    /// - Throws: `LetterpressError.invalidArchive` naming `file`, with the line and column of
    ///   broken JSON where Foundation gives them, and the keys and problem of a bad value.
    package static func read(_ data: Data, file: String) throws -> DocumentArchive? {
        guard data.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "{"),
              data.range(of: Data(formatName.utf8)) != nil else { return nil }
        let invalid = "not a valid \(formatName) archive"
        do {
            return try JSONDecoder().decode(DocumentArchive.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            // Broken JSON: the decoder does not say where, JSONSerialization names the byte.
            let (location, problem) = syntaxProblem(in: data) ?? (nil, context.debugDescription)
            throw LetterpressError.invalidArchive(file: file, location: location,
                                                  message: "\(invalid) (\(Excerpt.cleaned(problem, maximumLength: DecodingError.maximumProblemLength)))")
        } catch let error as DecodingError {
            let (_, keys, problem) = error.pathAndProblem
            throw LetterpressError.invalidArchive(file: file, location: nil, message: "\(invalid) (\(keys.isEmpty ? "" : keys + ": ")\(problem))")
        } catch {
            throw LetterpressError.invalidArchive(
                file: file, location: nil, message: "\(invalid) (\(Excerpt.cleaned("\(error)", maximumLength: DecodingError.maximumProblemLength)))")
        }
    }

    /// Where JSONSerialization finds `data`'s JSON broken (its `around character N`, a byte
    /// offset, as a line and a column of characters; or the `line N, column M` Apple's
    /// Foundation gives), and what it says without the place; nil when it reads the JSON.
    static func syntaxProblem(in data: Data) -> (SourceLocation?, String)? {
        let description: String
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return nil
        } catch {
            description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
        func numbers(after pattern: String) -> (range: Range<String.Index>, values: [Int])? {
            guard let range = description.range(of: pattern, options: .regularExpression) else { return nil }
            return (range, description[range].split { !$0.isASCII || !$0.isNumber }.compactMap { Int($0) })
        }
        if let (range, values) = numbers(after: #" ?(around )?line [0-9]+, column [0-9]+"#), values.count == 2 {
            return (SourceLocation(line: values[0], column: values[1]), description.replacingCharacters(in: range, with: ""))
        }
        guard let (range, values) = numbers(after: #" ?(around )?character [0-9]+"#), let offset = values.first else { return (nil, description) }
        let before = data.prefix(max(0, min(offset, data.count)))
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: before[lineStart...], as: UTF8.self).count + 1
        return (SourceLocation(line: line, column: column), description.replacingCharacters(in: range, with: ""))
    }

    /// The characters (counted run by run) and runs of blocks' text, code included in the
    /// characters.
    private struct TextCount: BlockVisitor {
        private(set) var characters = 0
        private(set) var runs = 0

        private mutating func add(_ text: AttributedString) {
            for run in text.runs {
                characters += String(text.characters[run.range]).count
                runs += 1
            }
        }

        mutating func visitHeading(level: Int, text: AttributedString) { add(text) }
        mutating func visitParagraph(_ text: AttributedString) { add(text) }
        mutating func visitList(_ list: Block.List) { list.items.forEach { $0.blocks.forEach { visit($0) } } }
        mutating func visitBlockQuote(_ blocks: [Block]) { blocks.forEach { visit($0) } }
        mutating func visitAlert(_ callout: Callout, _ blocks: [Block]) { blocks.forEach { visit($0) } }
        mutating func visitCode(_ code: CodeBlock) { characters += code.text.count }
        mutating func visitThematicBreak() {}
        mutating func visitTable(_ table: Block.Table) { (table.header + table.rows.joined()).forEach { add($0) } }
        mutating func visitImage(_ image: ImageReference) {}
        mutating func visitPageBreak() {}
        mutating func visitDivision(_ division: Block.Division) { division.blocks.forEach { visit($0) } }
        mutating func visitContents(_ contents: Block.Contents) { ([contents.title].compactMap { $0 } + contents.entries.map(\.text)).forEach { add($0) } }
        mutating func visitMath(_ math: MathSpan) { characters += math.tex.count }
        mutating func visitDefinitionList(_ list: Block.DefinitionList) {
            for item in list.items {
                item.terms.forEach { add($0) }
                item.definitions.joined().forEach { visit($0) }
            }
        }
    }
}

/// How the archive writes a block: its kind in `type` and that kind's fields beside it, as the
/// first archives did (synthesized coding would nest each kind under its own key).
extension BlockTree: Codable where Text == AttributedString {
    private enum Kind: String, Codable {
        case heading, paragraph, list, blockQuote, alert, code, thematicBreak, table, image, pageBreak, division, contents, math, definitionList
    }

    /// The fields of the kinds that are not a list's or a table's, which code their own.
    private enum CodingKeys: String, CodingKey {
        case type, level, runs, blocks, language, info, text, location, image, alert, title, math
    }

    /// Decodes a block as a run archive writes it: its kind in `type`, its fields beside it.
    /// - Parameter decoder: The decoder to read the block's fields from.
    /// - Throws: `DecodingError` when `type` names no kind of block, a field is missing or of
    ///   the wrong type, or a heading's level is outside 1…6.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        switch try fields.decode(Kind.self, forKey: .type) {
        case .heading:
            let level = try fields.decode(Int.self, forKey: .level)
            guard (1...6).contains(level) else {
                throw DecodingError.dataCorruptedError(forKey: .level, in: fields, debugDescription: "a heading's level is 1 to 6")
            }
            self = .heading(level: level, text: try fields.decode(ArchivedText.self, forKey: .runs).text)
        case .paragraph: self = .paragraph(try fields.decode(ArchivedText.self, forKey: .runs).text)
        case .list: self = .list(try List(from: decoder))
        case .blockQuote: self = .blockQuote(try fields.decode([Block].self, forKey: .blocks))
        case .alert:
            let kind = try fields.decode(AlertKind.self, forKey: .alert)
            self = .alert(Callout(kind, title: try fields.decodeIfPresent(String.self, forKey: .title)),
                          try fields.decode([Block].self, forKey: .blocks))
        case .code:
            // `info` is written only when the fence says more than the language.
            let info = try fields.decodeIfPresent(String.self, forKey: .info) ?? fields.decodeIfPresent(String.self, forKey: .language)
            self = .code(CodeBlock(info: info, text: try fields.decode(String.self, forKey: .text),
                                   location: try fields.decodeIfPresent(SourceLocation.self, forKey: .location)))
        case .thematicBreak: self = .thematicBreak
        case .table: self = .table(try Table(from: decoder))
        case .image: self = .image(try fields.decode(ImageReference.self, forKey: .image))
        case .pageBreak: self = .pageBreak
        case .division: self = .division(try Division(from: decoder))
        case .contents: self = .contents(try Contents(from: decoder))
        case .math: self = .math(try fields.decode(MathSpan.self, forKey: .math))
        case .definitionList: self = .definitionList(try DefinitionList(from: decoder))
        }
    }

    /// Encodes the block as a run archive writes it, its text as runs with their attributes.
    /// - Parameter encoder: The encoder to write the block's fields to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .heading(level, text):
            try fields.encode(Kind.heading, forKey: .type)
            try fields.encode(level, forKey: .level)
            try fields.encode(ArchivedText(text), forKey: .runs)
        case let .paragraph(text):
            try fields.encode(Kind.paragraph, forKey: .type)
            try fields.encode(ArchivedText(text), forKey: .runs)
        case let .list(list):
            try fields.encode(Kind.list, forKey: .type)
            try list.encode(to: encoder)
        case let .blockQuote(blocks):
            try fields.encode(Kind.blockQuote, forKey: .type)
            try fields.encode(blocks, forKey: .blocks)
        case let .alert(callout, blocks):
            try fields.encode(Kind.alert, forKey: .type)
            try fields.encode(callout.kind, forKey: .alert)
            // The kind's own title is left out, as archives before titles wrote it.
            if callout.title != callout.kind.title { try fields.encode(callout.title, forKey: .title) }
            try fields.encode(blocks, forKey: .blocks)
        case let .code(code):
            try fields.encode(Kind.code, forKey: .type)
            try fields.encodeIfPresent(code.language, forKey: .language)
            if code.info != code.language { try fields.encodeIfPresent(code.info, forKey: .info) }
            try fields.encode(code.text, forKey: .text)
            try fields.encodeIfPresent(code.location, forKey: .location)
        case .thematicBreak:
            try fields.encode(Kind.thematicBreak, forKey: .type)
        case let .table(table):
            try fields.encode(Kind.table, forKey: .type)
            try table.encode(to: encoder)
        case let .image(image):
            try fields.encode(Kind.image, forKey: .type)
            try fields.encode(image, forKey: .image)
        case .pageBreak:
            try fields.encode(Kind.pageBreak, forKey: .type)
        case let .division(division):
            try fields.encode(Kind.division, forKey: .type)
            try division.encode(to: encoder)
        case let .contents(contents):
            try fields.encode(Kind.contents, forKey: .type)
            try contents.encode(to: encoder)
        case let .math(math):
            try fields.encode(Kind.math, forKey: .type)
            try fields.encode(math, forKey: .math)
        case let .definitionList(list):
            try fields.encode(Kind.definitionList, forKey: .type)
            try list.encode(to: encoder)
        }
    }
}

/// A table's fields in the archive, beside its block's `type`: cells as runs.
extension BlockTree.Table: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case alignments, header, rows, spans
    }

    /// Decodes a table as a run archive writes it.
    /// - Parameter decoder: The decoder to read the table's fields from.
    /// - Throws: `DecodingError` when a field is missing or of the wrong type, or `spans` has
    ///   not one row more than `rows` or holds a span outside 0…64.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        alignments = try fields.decode([ColumnAlignment].self, forKey: .alignments)
        header = try fields.decode([ArchivedText].self, forKey: .header).map(\.text)
        rows = try fields.decode([[ArchivedText]].self, forKey: .rows).map { $0.map(\.text) }
        spans = try fields.decodeIfPresent([[Int]].self, forKey: .spans) ?? []
        guard spans.isEmpty || (spans.count == rows.count + 1 && spans.allSatisfy { $0.allSatisfy { (0...64).contains($0) } }) else {
            throw DecodingError.dataCorruptedError(forKey: .spans, in: fields, debugDescription: "a table's spans are one row more than its rows, each 0 to 64")
        }
    }

    /// Encodes the table as a run archive writes it: cells as runs, `spans` only when set.
    /// - Parameter encoder: The encoder to write the table's fields to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(alignments, forKey: .alignments)
        try fields.encode(header.map(ArchivedText.init), forKey: .header)
        try fields.encode(rows.map { $0.map(ArchivedText.init) }, forKey: .rows)
        if !spans.isEmpty { try fields.encode(spans, forKey: .spans) }
    }
}

/// Text as the archive writes it: a list of runs, each its characters and the attributes it has
/// of the `\.letterpress` scope, intents by name.
struct ArchivedText: Codable {
    var text: AttributedString

    init(_ text: AttributedString) { self.text = text }

    private struct Run: Codable {
        var text: String
        var intent: [String]?
        var link: String?
        var footnote: Int?
        var anchor: String?
        var attributes: InlineAttributes?
        var image: ImageReference?
        /// A formula in the line: its TeX, numbers and references (the text is its plain reading).
        var math: MathSpan?
    }

    init(from decoder: any Decoder) throws {
        text = AttributedString()
        for run in try decoder.singleValueContainer().decode([Run].self) {
            var piece = AttributedString(run.text)
            let intent = (run.intent ?? []).reduce(into: InlineIntent()) { intent, name in
                if let named = InlineIntent(named: name) { intent.insert(named) }
            }
            if !intent.isEmpty { piece[LetterpressAttributes.InlineIntentAttribute.self] = intent }
            piece[LetterpressAttributes.LinkAttribute.self] = run.link
            piece[LetterpressAttributes.FootnoteAttribute.self] = run.footnote
            piece[LetterpressAttributes.AnchorAttribute.self] = run.anchor
            piece[LetterpressAttributes.InlineAttributesAttribute.self] = run.attributes
            piece[LetterpressAttributes.ImageAttribute.self] = run.image
            piece[LetterpressAttributes.MathAttribute.self] = run.math
            text.append(piece)
        }
    }

    func encode(to encoder: any Encoder) throws {
        let runs = text.runs.map { run in
            // A slice of the whole text's characters is copied a chunk at a time, where the
            // run's own character view is copied character by character, several times slower;
            // both round a run that ends inside a character to whole characters.
            Run(text: String(text.characters[run.range]),
                intent: run[LetterpressAttributes.InlineIntentAttribute.self].map(\.names).flatMap { $0.isEmpty ? nil : $0 },
                link: run[LetterpressAttributes.LinkAttribute.self],
                footnote: run[LetterpressAttributes.FootnoteAttribute.self],
                anchor: run[LetterpressAttributes.AnchorAttribute.self],
                attributes: run[LetterpressAttributes.InlineAttributesAttribute.self],
                image: run[LetterpressAttributes.ImageAttribute.self],
                math: run[LetterpressAttributes.MathAttribute.self])
        }
        var container = encoder.singleValueContainer()
        try container.encode(runs)
    }
}

private extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}

/// A table of contents' fields in the archive, beside its block's `type`: texts as runs.
extension BlockTree.Contents: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case title, entries
    }

    /// Reads a table of contents' fields from an archive.
    ///
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        title = try fields.decodeIfPresent(ArchivedText.self, forKey: .title)?.text
        entries = try fields.decode([Entry].self, forKey: .entries)
    }

    /// Writes the title's runs and the entries.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encodeIfPresent(title.map(ArchivedText.init), forKey: .title)
        try fields.encode(entries, forKey: .entries)
    }
}

extension BlockTree.Contents.Entry: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case runs, indent, anchor, page
    }

    /// Reads an entry's fields from an archive.
    ///
    /// - Throws: `DecodingError` when a field is missing or of the wrong type, or the indent is
    ///   outside 0…5.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        text = try fields.decode(ArchivedText.self, forKey: .runs).text
        indent = try fields.decode(Int.self, forKey: .indent)
        anchor = try fields.decode(String.self, forKey: .anchor)
        page = try fields.decodeIfPresent(Int.self, forKey: .page)
        guard (0...5).contains(indent) else {
            throw DecodingError.dataCorruptedError(forKey: .indent, in: fields, debugDescription: "an entry's indent is 0 to 5")
        }
    }

    /// Writes the text's runs, the indent, the anchor and the page when known.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(ArchivedText(text), forKey: .runs)
        try fields.encode(indent, forKey: .indent)
        try fields.encode(anchor, forKey: .anchor)
        try fields.encodeIfPresent(page, forKey: .page)
    }
}
