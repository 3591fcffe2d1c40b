import CCmarkGFM
import Foundation
import LetterpressCore

/// Converts a cmark-gfm node tree to blocks whose text is `AttributedString` runs.
package struct CmarkConverter {
    let file: String
    private(set) var warnings: [Warning] = []
    /// Labels of `^[text][label]` already warned about for having no definition.
    private var undefinedLabels: Set<String> = []
    private let sourceLines: [Substring]
    /// Bodies of `^[label]: body` definitions, by label, and where each was written.
    private var attributeDefinitions: [String: (body: String, location: SourceLocation)] = [:]
    /// Their attributes, decoded when first used (nil: the body did not decode).
    private var decodedDefinitions: [String: InlineAttributes?] = [:]
    /// Quotes and lists nest at most this deep; deeper ones are set at this depth.
    static let maximumBlockDepth = 32
    /// Emphasis, links and attributes nest at most this deep; deeper text keeps the outer style.
    static let maximumInlineDepth = 128
    private var blockDepth = 0
    private var inlineDepth = 0
    private var warnedAboutDepth = false
    /// The text-level HTML elements open in the paragraph being converted.
    private var inlineHTML = InlineHTML()
    /// Images on the network, shown as their alt text: how many, and where the first is.
    private var remoteImages = 0
    private var firstRemoteImage: SourceLocation?
    /// The document's anchors, gathered before the first block is built.
    private var anchors = DocumentAnchors()
    /// Each heading's anchor, by its node.
    private var headingAnchors: [OpaquePointer: String] = [:]
    /// How many more warnings of a link to a missing anchor may suggest a name, and in a
    /// document of how many anchors at most: each compares the name with every anchor.
    private var missingAnchorHints = 32
    private static let anchorsToHintAmong = 2000
    /// The headings a table of contents may list (at the top level, not `{.unlisted}`), in
    /// order, gathered in the first pass when the note asks for contents.
    private var listedHeadings: [(level: Int, text: String, anchor: String)] = []
    /// The top-level `[TOC]` lines, and the note's title heading: a first-level heading that
    /// comes first, with no other (`toc:` puts the contents after it and leaves it out).
    private var contentsLines: Set<OpaquePointer> = []
    private var contentsLinesSeen = 0
    private var titleHeading: OpaquePointer?

    /// The parse's session, for the translations of `localized` keys.
    private let session: ParseSession
    /// Puts variables in link destinations, image paths and attribute bodies.
    private let variables: VariableSubstitution

    init(file: String, source: String, session: ParseSession) {
        self.file = file
        self.session = session
        // Lines as cmark counts them: a line ends at `\n`, `\r\n` or a lone `\r`.
        sourceLines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        variables = VariableSubstitution(values: VariableValues(session.variables, locale: session.locale), file: file,
                                         sourceLines: sourceLines, session: session)
        mayHaveHTML = source.utf8.contains(UInt8(ascii: "<"))
        listsContents = session.contents != nil || ContentsLine.scan(source).contentsLine
    }

    /// Whether the note asks for contents, or its source may have a `[TOC]` line: without
    /// either, no heading is gathered and no paragraph looked at for it.
    private let listsContents: Bool

    /// Whether the source has a `<` at all: without one, no node is HTML.
    private let mayHaveHTML: Bool
    /// An anchor HTML named with no text after it, which the next block's text starts.
    private var pendingAnchor: String?

    // cmark-gfm numbers references itself (a reference's literal is its number), drops
    // definitions nobody references and moves the rest to the end in number order.
    private var footnoteDefinitions: [[Block]] = []

    /// The footnotes that were referenced, in the order of their numbers.
    func footnotes() -> [Block.Footnote] {
        footnoteDefinitions.enumerated().map { index, blocks in
            Block.Footnote(number: index + 1, label: anchors.footnoteLabel(index + 1), blocks: blocks)
        }
    }

    /// The blocks of a document node, after collecting its `^[label]: body` definitions and its
    /// anchors, handed to `body` one top-level node at a time until it returns false. Each node
    /// is freed once its blocks are built (the caller may be slow to take the next, and a
    /// book's tree is megabytes).
    mutating func document(_ root: OpaquePointer, _ body: ([Block]) -> Bool) {
        collectDefinitions(in: root)
        var html = HTMLRun()
        // `toc:` without a `[TOC]` line: the contents go first, or after the title heading.
        var contentsPending = session.contents != nil && contentsLines.isEmpty
        while let node = cmark_node_first_child(root) {
            if contentsPending, node != titleHeading {
                contentsPending = false
                guard body([contents()]) else { return }
            }
            var blocks: [Block]
            if contentsLines.contains(node), html.isOpen {
                // Inside an HTML element still open, as any block there.
                html.insert(contentsOnce(at: node))
                blocks = []
            } else {
                blocks = contentsLines.contains(node) ? contentsOnce(at: node) : self.blocks(for: node, html: &html)
            }
            if contentsPending {
                blocks.append(contents())
                contentsPending = false
            }
            cmark_node_free(node)
            // Blocks inside an HTML element still open wait for the element's end.
            guard html.isOpen || body(blocks) else { return }
        }
        let rest = converted(&html) + (contentsPending ? [contents()] : [])
        if !rest.isEmpty { _ = body(rest) }
        if remoteImages > 0 {
            warnings.append(Warning(file: file, location: firstRemoteImage,
                                    message: "\(remoteImages) remote image\(remoteImages == 1 ? "" : "s") shown as \(remoteImages == 1 ? "its" : "their") alt text (render never reads the network)"))
        }
    }

    mutating func blocks(in parent: OpaquePointer) -> [Block] {
        var blocks: [Block] = []
        var html = HTMLRun()
        for node in children(of: parent) {
            blocks.append(contentsOf: self.blocks(for: node, html: &html))
        }
        return blocks + converted(&html)
    }

    /// The blocks of `node`, one of a run of siblings: an HTML block, and the Markdown blocks
    /// after one that leaves an element open, go into `html` until its elements are closed.
    private mutating func blocks(for node: OpaquePointer, html: inout HTMLRun) -> [Block] {
        if cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
            var found: [Warning] = []
            html.feed(literal(node), line: Int(cmark_node_get_start_line(node))) { [variables] in
                variables.substitutingURLs(in: &$0, line: $1, warnings: &found)
            }
            warnings += found
        } else if html.isOpen {
            html.insert(anchoringPending(blocks(for: node)))
        } else {
            return anchoringPending(blocks(for: node))
        }
        return html.isOpen ? [] : converted(&html)
    }

    /// `blocks` with the anchor HTML left pending on their first text, when they have one.
    private mutating func anchoringPending(_ blocks: [Block]) -> [Block] {
        guard let anchor = pendingAnchor, let anchored = HTMLConverter.anchored(blocks, anchor) else { return blocks }
        pendingAnchor = nil
        return anchored
    }

    /// The blocks of what `html` holds; it is empty afterwards.
    private mutating func converted(_ html: inout HTMLRun) -> [Block] {
        if html.wasTooDeep, !warnedAboutDepth {
            warnedAboutDepth = true
            warnings.append(Warning(file: file, message: "HTML elements nested deeper than \(HTMLTree.maximumDepth) levels keep their text in the element around them"))
        }
        if html.wasTakenAsText {
            warnings.append(Warning(file: file, message: "HTML nested deeper than \(HTMLParser.maximumDepth) elements: the rest of it is shown as written"))
        }
        let nodes = html.take()
        guard !nodes.isEmpty else { return [] }
        var converter = HTMLConverter(file: file)
        let blocks = converter.blocks(nodes)
        warnings += converter.warnings
        for location in converter.remoteImages { countRemote(at: location) }
        if let anchor = converter.leftoverAnchor, pendingAnchor == nil { pendingAnchor = anchor }
        html = HTMLRun()
        return blocks
    }

    private mutating func blocks(for node: OpaquePointer) -> [Block] {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_HEADING:
            var text = inlines(in: node)
            if let anchor = headingAnchors.removeValue(forKey: node) {
                // Footnote references in the heading keep theirs.
                for (other, range) in text.runs[LetterpressAttributes.AnchorAttribute.self] where other == nil {
                    text[range][LetterpressAttributes.AnchorAttribute.self] = anchor
                }
            }
            return [.heading(level: Int(cmark_node_get_heading_level(node)), text: text)]
        case CMARK_NODE_PARAGRAPH:
            return definitionLines(of: node) == nil ? paragraph(node) : []
        case CMARK_NODE_BLOCK_QUOTE where blockDepth >= Self.maximumBlockDepth,
             CMARK_NODE_LIST where blockDepth >= Self.maximumBlockDepth:
            warnDepth(node, "quotes and lists nested deeper than \(Self.maximumBlockDepth) levels are set at that depth")
            return flattened(node)
        case CMARK_NODE_BLOCK_QUOTE:
            blockDepth += 1
            defer { blockDepth -= 1 }
            if let kind = AlertMarker.take(from: node) { return [.alert(kind, blocks(in: node))] }
            return [.blockQuote(blocks(in: node))]
        case CMARK_NODE_LIST:
            blockDepth += 1
            defer { blockDepth -= 1 }
            return [.list(list(node))]
        case CMARK_NODE_CODE_BLOCK:
            var text = literal(node)
            if text.hasSuffix("\n") { text.removeLast() }
            return [.code(CodeBlock(info: string(cmark_node_get_fence_info(node)), text: text, location: infoLocation(of: node)))]
        case CMARK_NODE_HTML_BLOCK:
            var html = HTMLRun()
            return blocks(for: node, html: &html) + converted(&html)
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

    /// Where `node` starts, or, for an inline node cmark gives no position (an autolink), the
    /// nearest enclosing node that has one.
    private func location(of node: OpaquePointer) -> SourceLocation? {
        var current: OpaquePointer? = node
        while let positioned = current, cmark_node_get_start_line(positioned) <= 0 { current = cmark_node_parent(positioned) }
        return current.map { SourceLocation(line: Int(cmark_node_get_start_line($0)), column: Int(cmark_node_get_start_column($0))) }
    }

    /// Where a fenced block's info string starts: past the fence and the spaces after it.
    private func infoLocation(of node: OpaquePointer) -> SourceLocation? {
        let line = Int(cmark_node_get_start_line(node))
        guard line > 0, line <= sourceLines.count else { return nil }
        let bytes = Array(sourceLines[line - 1].utf8)
        var index = max(Int(cmark_node_get_start_column(node)) - 1, 0)
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: "`") || bytes[index] == UInt8(ascii: "~") { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return SourceLocation(line: line, column: index + 1)
    }

    private mutating func warnDepth(_ node: OpaquePointer, _ message: String) {
        guard !warnedAboutDepth else { return }
        warnedAboutDepth = true
        let line = Int(cmark_node_get_start_line(node))
        let location = line > 0 ? SourceLocation(line: line, column: Int(cmark_node_get_start_column(node))) : nil
        warnings.append(Warning(file: file, location: location, message: message))
    }

    /// The blocks inside `node` with its quotes and lists taken away, without recursion, so
    /// that no nesting depth can exhaust the stack.
    private mutating func flattened(_ node: OpaquePointer) -> [Block] {
        var result: [Block] = []
        var stack = Array(children(of: node).reversed())
        while let current = stack.popLast() {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM:
                stack.append(contentsOf: children(of: current).reversed())
            default:
                result += blocks(for: current)
            }
        }
        return result
    }

    /// What the inline HTML `node` gives, with the variables of its `href` and `src` put in.
    private mutating func inlineHTMLPieces(_ node: OpaquePointer) -> [InlineHTML.Piece] {
        var found: [Warning] = []
        let pieces = inlineHTML.feed(literal(node), line: location(of: node)?.line ?? 1) { [variables] in
            variables.substitutingURLs(in: &$0, line: $1, warnings: &found)
        }
        warnings += found
        return pieces
    }

    /// A paragraph, with its images set in its lines; or the image it is made of alone; or a
    /// page break marker. A floating image is a block of its own between the paragraph's parts.
    private mutating func paragraph(_ node: OpaquePointer) -> [Block] {
        var result: [Block] = []
        var text = InlineRuns()
        inlineHTML = InlineHTML()
        defer {
            // `<a name="x"></a>` with no text after it in its paragraph starts the next block.
            if let anchor = inlineHTML.takeAnchor(), pendingAnchor == nil { pendingAnchor = anchor }
            inlineHTML = InlineHTML()
        }
        for child in children(of: node) {
            if cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE {
                for piece in inlineHTMLPieces(child) {
                    switch piece {
                    case let .image(element):
                        var converter = HTMLConverter(file: file)
                        if let image = converter.image(element, link: inlineHTML.format.link) { place(image, in: &text, blocks: &result, node) }
                    default:
                        text.append(inlineRuns(of: piece))
                    }
                }
            } else if cmark_node_get_type(child) == CMARK_NODE_IMAGE {
                place(image(child), in: &text, blocks: &result, node)
            } else if let image = attributedImage(child) ?? linkedImage(child) {
                place(image, in: &text, blocks: &result, node)
            } else {
                text.append(inlines(for: child, intent: [], link: nil))
            }
        }
        if result.isEmpty, text.isPageBreakMarker {
            return [.pageBreak]
        }
        if result.isEmpty, let image = text.onlyImage {
            return [.image(image)]
        }
        flush(&text, into: &result, node)
        return result
    }

    /// Puts an image of a paragraph where it goes: in the line (U+FFFC standing for it), as a
    /// floating block, or, on the network, as its alt text.
    private mutating func place(_ image: ImageReference, in text: inout InlineRuns, blocks: inout [Block], _ paragraph: OpaquePointer) {
        let format = inlineHTML.format
        if image.isRemote {
            countRemote(at: image.location)
            text.append(InlineRuns.Piece(text: image.alt, intent: format.intent, link: image.link ?? format.link, attributes: format.attributes))
        } else if image.float != nil {
            flush(&text, into: &blocks, paragraph)
            blocks.append(.image(image))
        } else {
            text.append(InlineRuns.Piece(text: ImageReference.objectReplacement, link: image.link, image: image))
        }
    }

    /// An image inside other inline content (a heading, a table cell, emphasis): in the line,
    /// or its alt text when it is on the network.
    private mutating func imageRuns(_ image: ImageReference, intent: InlineIntent, link: String?) -> InlineRuns {
        let format = inlineHTML.format
        var image = image
        image.link = image.link ?? link ?? format.link
        guard !image.isRemote else {
            countRemote(at: image.location)
            return InlineRuns(InlineRuns.Piece(text: image.alt, intent: intent.union(format.intent), link: image.link, attributes: format.attributes))
        }
        return InlineRuns(InlineRuns.Piece(text: ImageReference.objectReplacement, link: image.link, image: image))
    }

    private mutating func countRemote(at location: SourceLocation) {
        remoteImages += 1
        if firstRemoteImage == nil { firstRemoteImage = location }
    }

    /// A link's destination with its variables put in, or nil (with a warning) when one is
    /// undefined: its text is then not a link.
    private mutating func destination(of node: OpaquePointer) -> String? {
        let (url, complete) = variables.substituted(string(cmark_node_get_url(node)), at: location(of: node), escaping: VariableValues.uriEscaped,
                                                    consequence: "its text is shown without the link", warnings: &warnings)
        return complete ? url : nil
    }

    /// The text of an autolink whose destination names variables (`https://example.com/{{page}}`:
    /// one text child, written as the destination is), with them put in as in its destination;
    /// nil for any other link.
    private func autolinkText(_ node: OpaquePointer) -> String? {
        let written = string(cmark_node_get_url(node))
        guard written.contains("{{"), let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_TEXT else { return nil }
        let text = literal(child)
        guard written == text || written.hasSuffix("//" + text) || written == "mailto:" + text else { return nil }
        return variables.values.substituted(in: text) { _, _, _ in }.text
    }

    /// `[![alt](pic.png)](https://…)`: a link around one image, which the image carries.
    private mutating func linkedImage(_ node: OpaquePointer) -> ImageReference? {
        guard cmark_node_get_type(node) == CMARK_NODE_LINK, !AttributeExtension.isAttributeNode(node) else { return nil }
        let content = children(of: node).filter { child in
            !(cmark_node_get_type(child) == CMARK_NODE_TEXT && literal(child).allSatisfy(\.isWhitespace))
        }
        guard content.count == 1, cmark_node_get_type(content[0]) == CMARK_NODE_IMAGE else { return nil }
        var reference = image(content[0])
        if let url = destination(of: node), url.utf8.count <= Self.maximumURLLength { reference.link = url }
        return reference
    }

    /// Ends the paragraph's current part, without the breaks and spaces left at its ends when
    /// images were taken out.
    private mutating func flush(_ text: inout InlineRuns, into blocks: inout [Block], _ node: OpaquePointer) {
        if text.hasVisibleText {
            text.trim()
            blocks.append(.paragraph(finished(text, in: node)))
        }
        text = InlineRuns()
    }

    private mutating func list(_ node: OpaquePointer) -> Block.List {
        let items = children(of: node).map { item -> Block.List.Item in
            let task = typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
            return Block.List.Item(task: task, blocks: blocks(in: item))
        }
        return Block.List(
            ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
            start: Int(cmark_node_get_list_start(node)),
            tight: cmark_node_get_list_tight(node) != 0,
            items: items)
    }

    /// Links (and `link` attributes) to longer URLs are left out: the PDF repeats a link's URL
    /// in each of its annotations.
    package static let maximumURLLength = 8 * 1024

    /// Tables keep at most this many columns; narrower than a character, more would not be read.
    static let maximumTableColumns = 64

    private mutating func table(_ node: OpaquePointer) -> Block.Table {
        let allColumns = Int(cmark_gfm_extensions_get_table_columns(node))
        let columns = min(allColumns, Self.maximumTableColumns)
        if allColumns > columns {
            warnings.append(Warning(file: file, location: SourceLocation(line: Int(cmark_node_get_start_line(node)), column: 1),
                                    message: "table has \(allColumns) columns; only the first \(columns) are shown"))
        }
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
            var cells = children(of: row).prefix(columns).map { inlines(in: $0) }
            while cells.count < columns { cells.append(AttributedString()) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return Block.Table(alignments: alignments, header: header, rows: rows)
    }

    /// An image, its title read for `float: left|right; width: 40%` (a title that sets
    /// neither stays a caption).
    private mutating func image(_ node: OpaquePointer) -> ImageReference {
        let location = SourceLocation(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
        let source = variables.substituted(string(cmark_node_get_url(node)), at: location, escaping: VariableValues.pathEscaped,
                                           consequence: "the image's path is kept as written", warnings: &warnings).text
        var reference = ImageReference(source: source, alt: plainText(node),
                                       title: string(cmark_node_get_title(node)), location: location)
        let declarations = reference.title.split(separator: ";").map {
            $0.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard declarations.contains(where: { $0.count == 2 && ["float", "width"].contains($0[0].lowercased()) }) else {
            return reference
        }
        reference.title = ""
        for declaration in declarations where declaration.count == 2 {
            switch declaration[0].lowercased() {
            case "float":
                reference.float = FloatSide(rawValue: declaration[1].lowercased())
                if reference.float == nil { warnings.append(Warning(file: file, location: location, message: "float \(Excerpt.quoted(declaration[1])) is not left or right")) }
            case "width":
                reference.width = ImageWidth(parsing: declaration[1])
                if reference.width == nil { warnings.append(Warning(file: file, location: location, message: "width \(Excerpt.quoted(declaration[1])) is not points or a percentage")) }
            default:
                warnings.append(Warning(file: file, location: location, message: "unknown image property \(Excerpt.quoted(declaration[0])) (use float and width)"))
            }
        }
        return reference
    }

    /// `^[![alt](pic.png)](float: 'left', width: 160)`: an attribute node around one image.
    private mutating func attributedImage(_ node: OpaquePointer) -> ImageReference? {
        guard AttributeExtension.isAttributeNode(node), let body = AttributeExtension.payload(of: node)?.body else { return nil }
        let content = children(of: node).filter { child in
            !(cmark_node_get_type(child) == CMARK_NODE_TEXT && literal(child).allSatisfy(\.isWhitespace))
        }
        guard content.count == 1, cmark_node_get_type(content[0]) == CMARK_NODE_IMAGE else { return nil }
        var reference = image(content[0])
        let location = AttributeExtension.payload(of: node).map { SourceLocation(line: $0.line, column: $0.column) }
        let (attributes, problems) = AttributeDecoder.decode(location.map { variables.substitutedBody(body, at: $0, warnings: &warnings) } ?? body)
        warnings += problems.map { Warning(file: file, location: location, message: $0) }
        reference.float = attributes?.float ?? reference.float
        reference.width = attributes?.width ?? reference.width
        return reference
    }

    mutating func inlines(in node: OpaquePointer) -> AttributedString {
        inlineHTML = InlineHTML()
        defer { inlineHTML = InlineHTML() }
        var text = InlineRuns()
        for child in children(of: node) {
            text.append(inlines(for: child, intent: [], link: nil))
        }
        return finished(text, in: node)
    }

    private mutating func inlines(for node: OpaquePointer, intent: InlineIntent, link: String?) -> InlineRuns {
        let html = inlineHTML.format
        func run(_ string: String, _ intent: InlineIntent) -> InlineRuns {
            InlineRuns(InlineRuns.Piece(text: string, intent: intent.union(html.intent), link: link ?? html.link,
                                        anchor: string.isEmpty ? nil : inlineHTML.takeAnchor(), attributes: html.attributes))
        }
        if inlineDepth >= Self.maximumInlineDepth {
            warnDepth(node, "emphasis, links and attributes nested deeper than \(Self.maximumInlineDepth) levels keep the outer style")
            return run(plainText(node), intent)
        }
        inlineDepth += 1
        defer { inlineDepth -= 1 }
        func nested(_ intent: InlineIntent, _ link: String?) -> InlineRuns {
            var text = InlineRuns()
            for child in children(of: node) {
                text.append(inlines(for: child, intent: intent, link: link))
            }
            return text
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let text = literal(node)
            guard !session.pageReferences.isEmpty, text.unicodeScalars.contains(PageReference.openMark) else { return run(text, intent) }
            var runs = InlineRuns()
            for piece in PageReference.pieces(of: text, references: session.pageReferences) {
                switch piece {
                case let .text(text):
                    runs.append(run(String(text), intent))
                case let .reference(reference):
                    let (number, target) = pageNumber(reference)
                    runs.append(InlineRuns(InlineRuns.Piece(text: number, intent: intent.union(html.intent), link: target ?? link ?? html.link,
                                                            attributes: html.attributes)))
                }
            }
            return runs
        case CMARK_NODE_HTML_INLINE:
            var runs = InlineRuns()
            for piece in inlineHTMLPieces(node) {
                if case let .image(element) = piece {
                    var converter = HTMLConverter(file: file)
                    if let image = converter.image(element, link: link ?? inlineHTML.format.link) {
                        runs.append(imageRuns(image, intent: intent, link: link))
                    }
                } else {
                    runs.append(inlineRuns(of: piece, intent: intent, link: link))
                }
            }
            return runs
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
        case CMARK_NODE_LINK where AttributeExtension.isAttributeNode(node):
            return attributed(node, content: nested(intent, link))
        case CMARK_NODE_LINK:
            guard let url = destination(of: node) else { return nested(intent, link) }
            guard url.utf8.count <= Self.maximumURLLength else {
                warnings.append(Warning(file: file, location: location(of: node),
                                        message: "a link's URL of \(url.utf8.count) bytes is longer than the \(Self.maximumURLLength) allowed; its text is shown without the link"))
                return nested(intent, link)
            }
            if let shown = autolinkText(node) {
                return InlineRuns(InlineRuns.Piece(text: shown, intent: intent.union(html.intent), link: url, attributes: html.attributes))
            }
            guard url.hasPrefix("#") else { return nested(intent, url) }
            return nested(intent, internalLink(url, at: location(of: node)) ?? link)
        case CMARK_NODE_IMAGE:
            return imageRuns(image(node), intent: intent, link: link)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let number = Int(literal(node)) ?? 0
            let (target, anchor) = anchors.reference(toFootnote: number)
            return InlineRuns(InlineRuns.Piece(text: String(number), intent: intent.union(.superscript), link: target,
                                               footnote: number, anchor: anchor))
        default:
            if AttributeExtension.isAttributeNode(node) {
                return attributed(node, content: nested(intent, link))
            }
            if typeName(node) == "strikethrough" { return nested(intent.union(.strikethrough), link) }
            return nested(intent, link)
        }
    }

    /// What a piece of inline HTML adds to the text, in the format of the elements open there:
    /// an image inside text is its alt text.
    private func inlineRuns(of piece: InlineHTML.Piece, intent: InlineIntent = [], link: String? = nil) -> InlineRuns {
        let format = inlineHTML.format
        let text: String
        switch piece {
        case .lineBreak: text = "\u{2028}"
        case let .image(element): text = element.attribute("alt") ?? ""
        case let .text(string): text = string
        }
        return InlineRuns(InlineRuns.Piece(text: text, intent: intent.union(format.intent), link: link ?? format.link,
                                           attributes: format.attributes))
    }

    /// `content` with the attributes of the `^[…](…)` node laid under any it already has.
    private mutating func attributed(_ node: OpaquePointer, content: InlineRuns) -> InlineRuns {
        guard let payload = AttributeExtension.payload(of: node), let body = payload.body,
              let attributes = decode(body, at: SourceLocation(line: payload.line, column: payload.column)) else { return content }
        var content = content
        if let key = attributes.localized, let text = translation(of: key, at: SourceLocation(line: payload.line, column: payload.column)) {
            content = InlineRuns(Self.translated(content.pieces.first ?? InlineRuns.Piece(text: ""), text))
        }
        content.underlay(attributes)
        return content
    }

    /// The translation of the `localized` key `key` for the note's locale; nil when there is
    /// none, and the source text stays.
    private func translation(of key: String, at location: SourceLocation) -> String? {
        guard session.mayExpand, case let .success(text)? = session.translation(key, value: nil, at: location),
              session.spendExpansion(text.utf8.count, at: location) else { return nil }
        return text
    }

    /// The translation `text` in place of a phrase whose first piece is `first`: plain text in
    /// its format (emphasis inside a phrase is the translation's to place, and it has none).
    private static func translated(_ first: InlineRuns.Piece, _ text: String) -> InlineRuns.Piece {
        var piece = first
        piece.text = text
        piece.image = nil
        piece.footnote = nil
        return piece
    }

    /// The attributes of a body, with its warnings kept and its location set.
    private mutating func decode(_ body: String, at location: SourceLocation) -> InlineAttributes? {
        let (decoded, problems) = AttributeDecoder.decode(variables.substitutedBody(body, at: location, warnings: &warnings))
        warnings += problems.map { Warning(file: file, location: location, message: $0) }
        guard var attributes = decoded else { return nil }
        attributes.location = location
        if let link = attributes.link, link.hasPrefix("#") { attributes.link = internalLink(link, at: location) }
        return attributes
    }

    /// The link attribute of a link to `#fragment` (see `DocumentAnchors.link`), or nil, with
    /// a warning, when the document has no such anchor: the text is then not a link.
    private mutating func internalLink(_ destination: String, at location: SourceLocation?) -> String? {
        anchorLink(destination, at: location) { "link '\(destination)': \($0); its text is shown as plain text" }
    }

    /// The link to `#fragment`, or nil with a warning that `message` makes of why.
    private mutating func anchorLink(_ destination: String, at location: SourceLocation?, message: (String) -> String) -> String? {
        if let link = anchors.link(to: destination) { return link }
        var hint = ""
        if missingAnchorHints > 0, anchors.names.count <= Self.anchorsToHintAmong, destination.utf8.count <= 100 {
            missingAnchorHints -= 1
            hint = Hint.suggestion(for: String(destination.dropFirst()), among: anchors.names)
        }
        warnings.append(Warning(file: file, location: location,
                                message: message("no heading or anchor is named '\(destination.dropFirst())'\(hint)"),
                                kind: "links to no heading or anchor"))
        return nil
    }

    // MARK: Contents and page numbers

    /// What `{page:#anchor}` prints, and its link: the anchor's page once a layout has found
    /// it, a placeholder of two digits before, `??` (with a warning) for a missing anchor.
    private mutating func pageNumber(_ reference: PageReference) -> (String, String?) {
        let written = "{page:#\(reference.anchor)}"
        guard let link = anchorLink("#" + reference.anchor, at: reference.location, message: { "\(written): \($0); '??' is shown" }) else {
            return ("??", nil)
        }
        guard let numbers = session.pageNumbers else { return ("00", link) }
        return (link == "#" ? "1" : numbers[String(link.dropFirst())].map(String.init) ?? "??", link)
    }

    /// The contents for the `[TOC]` line `node`: the first such line's; the others are dropped,
    /// with a warning at the second (thousands of lists of thousands of headings would take
    /// quadratic room).
    private mutating func contentsOnce(at node: OpaquePointer) -> [Block] {
        defer { contentsLinesSeen += 1 }
        if contentsLinesSeen == 0 { return [contents()] }
        if contentsLinesSeen == 1 {
            warnings.append(Warning(file: file, location: location(of: node),
                                    message: "only the first [TOC] line lists the contents; this one and any after it are left out"))
        }
        return []
    }

    /// The table of contents: the listed headings down to the depth asked, indented from the
    /// shallowest level listed, with their pages once a layout has found them.
    private func contents() -> Block {
        let setting = session.contents ?? ContentsSetting()
        let listed = listedHeadings.filter { $0.level <= setting.depth }
        let top = listed.map(\.level).min() ?? 1
        let entries = listed.map {
            Block.Contents.Entry(text: AttributedString($0.text), indent: $0.level - top, anchor: $0.anchor,
                                 page: session.pageNumbers?[$0.anchor])
        }
        return .contents(Block.Contents(title: setting.title.isEmpty ? nil : AttributedString(setting.title), entries: entries))
    }

    /// What a walk over a node's descendants takes of one: some text, nothing, or its children.
    private enum Reading {
        case text(String)
        case skipped
        case children
    }

    /// The text of `node`'s descendants as `reading` takes each, walked without recursion,
    /// whatever the nesting.
    private func descendantText(of node: OpaquePointer, _ reading: (OpaquePointer, cmark_node_type) -> Reading) -> String {
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

    /// The text of a node's descendants without attributes, as for an image's alt text.
    private func plainText(_ node: OpaquePointer) -> String {
        let text = descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT: return .text(literal(child).replacingOccurrences(of: AttributeExtension.openerMark, with: ""))
            case CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE: return .text(literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text(" ")
            default: return .children
            }
        }
        // An alt text or title is shown as written: a page reference's marks would show as boxes.
        return text.unicodeScalars.contains(PageReference.openMark) ? PageReference.removed(from: text) : text
    }

    /// A heading's text as GitHub makes its anchor from it (the text of its HTML): no tags, no
    /// images' alt text, footnote references' numbers.
    private func anchorText(of node: OpaquePointer) -> String {
        let text = descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_FOOTNOTE_REFERENCE: return .text(literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text("\n")
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE: return .skipped
            default: return .children
            }
        }
        return text.unicodeScalars.contains(PageReference.openMark) ? PageReference.removed(from: text) : text
    }

    /// A heading's text as its contents entry shows it: what its words and code say, without
    /// tags, images or footnote numbers (nor the marks a `{page:#…}` or an attribute opener
    /// leaves, whose meaning is the heading's own).
    private func entryText(of node: OpaquePointer) -> String {
        let text = descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: return .text(literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text(" ")
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_IMAGE, CMARK_NODE_FOOTNOTE_REFERENCE: return .skipped
            default: return .children
            }
        }
        let opener = AttributeExtension.openerScalar
        return PageReference.removed(from: String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != opener })))
    }

    /// The label of a footnote definition, `[^label]:` just before where cmark says its content
    /// starts (cmark keeps the label to itself).
    private func footnoteLabel(of node: OpaquePointer) -> String? {
        let line = Int(cmark_node_get_start_line(node))
        guard line >= 1, line <= sourceLines.count else { return nil }
        let bytes = Array(sourceLines[line - 1].utf8.prefix(max(Int(cmark_node_get_start_column(node)) - 1, 0)))
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end >= 2, bytes[end - 1] == UInt8(ascii: ":"), bytes[end - 2] == UInt8(ascii: "]"),
              let open = (0..<(end - 2)).last(where: { bytes[$0] == UInt8(ascii: "[") && bytes[$0 + 1] == UInt8(ascii: "^") }),
              open + 2 < end - 2 else { return nil }
        return String(decoding: bytes[(open + 2)..<(end - 2)], as: UTF8.self)
    }

    // MARK: The reference form ^[text][label] with ^[label]: body

    /// The definition lines of a paragraph made only of `^[label]: body` lines, read from the
    /// source (cmark has already applied smart punctuation and escapes to the paragraph's text).
    private func definitionLines(of node: OpaquePointer) -> [(label: String, body: String, line: Int)]? {
        let first = Int(cmark_node_get_start_line(node))
        let last = Int(cmark_node_get_end_line(node))
        guard first >= 1, last >= first, last <= sourceLines.count else { return nil }
        var definitions: [(String, String, Int)] = []
        for number in first...last {
            let line = sourceLines[number - 1].drop { $0 == " " || $0 == "\t" || $0 == ">" }
            guard line.hasPrefix("^["), let close = line.firstIndex(of: "]"),
                  line[line.index(after: close)...].hasPrefix(":") else { return nil }
            let label = line[line.index(line.startIndex, offsetBy: 2)..<close]
            let body = line[line.index(close, offsetBy: 2)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !label.isEmpty else { return nil }
            definitions.append((String(label).lowercased(), body, number))
        }
        return definitions
    }

    /// Collects the `^[label]: body` definitions, the headings' anchors and the footnotes'
    /// labels (cmark-gfm puts the footnotes that are referenced last, in the order of their numbers).
    private mutating func collectDefinitions(in root: OpaquePointer) {
        var stack = Array(children(of: root).reversed())
        var anchorParser: HTMLParser?
        if listsContents { findTitleHeading(in: root) }
        while let node = stack.popLast() {
            if mayHaveHTML, cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH || cmark_node_get_type(node) == CMARK_NODE_HEADING {
                addInlineHTMLAnchors(in: node, parser: &anchorParser)
            }
            if listsContents, cmark_node_parent(node) == root, ContentsLine.isContentsLine(node, in: sourceLines) {
                contentsLines.insert(node)
            } else if cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH, let definitions = definitionLines(of: node) {
                for (label, body, line) in definitions where attributeDefinitions[label] == nil {
                    attributeDefinitions[label] = (body, SourceLocation(line: line, column: 1))
                }
            } else if mayHaveHTML, cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK {
                addHTMLAnchors(literal(node), parser: &anchorParser)
            } else if cmark_node_get_type(node) == CMARK_NODE_HEADING {
                let unlisted = ContentsLine.takeUnlistedMarker(from: node)
                let anchor = anchors.heading(anchorText(of: node))
                headingAnchors[node] = anchor
                if listsContents, !unlisted, node != titleHeading, cmark_node_parent(node) == root {
                    let text = entryText(of: node).trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { listedHeadings.append((Int(cmark_node_get_heading_level(node)), text, anchor)) }
                }
            } else if cmark_node_get_type(node).rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK) {
                if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION { anchors.addFootnote(label: footnoteLabel(of: node)) }
                stack.append(contentsOf: children(of: node).reversed())
            }
        }
    }

    /// Sets `titleHeading` when the document's first block is a first-level heading and no other
    /// top-level heading is of the first level.
    private mutating func findTitleHeading(in root: OpaquePointer) {
        guard let first = cmark_node_first_child(root), cmark_node_get_type(first) == CMARK_NODE_HEADING,
              cmark_node_get_heading_level(first) == 1 else { return }
        var node = cmark_node_next(first)
        while let current = node {
            if cmark_node_get_type(current) == CMARK_NODE_HEADING, cmark_node_get_heading_level(current) == 1 { return }
            node = cmark_node_next(current)
        }
        titleHeading = first
    }

    /// Registers the anchors (`<a name>`, `id`) of a piece of HTML, so that links to them are
    /// known before the blocks are built; one parser reads all the pieces.
    private mutating func addHTMLAnchors(_ html: String, parser: inout HTMLParser?) {
        guard html.contains("id") || html.contains("name") else { return }
        let reader = parser ?? HTMLParser()
        parser = reader
        for case let .start(name, attributes, _) in reader.feed(html) {
            if let anchor = HTMLVocabulary.anchor(name: name, attributes: attributes) { anchors.add(anchor) }
        }
    }

    private mutating func addInlineHTMLAnchors(in node: OpaquePointer, parser: inout HTMLParser?) {
        var stack = children(of: node)
        while let child = stack.popLast() {
            if cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE {
                addHTMLAnchors(literal(child), parser: &parser)
            } else if cmark_node_first_child(child) != nil {
                stack += children(of: child)
            }
        }
    }

    /// The runs as an `AttributedString`, with `^[text][label]` resolved against the
    /// definitions and the marks left on openers that matched nothing removed.
    private mutating func finished(_ runs: InlineRuns, in node: OpaquePointer) -> AttributedString {
        guard runs.hasOpenerMarks else { return runs.attributedString }
        return resolvingReferences(runs, in: node).attributedString
    }

    /// `^[text][label]` resolved in one pass: the result is built left to right and each
    /// opener's text is kept as a piece of its own, emptied when its reference resolves (changing
    /// the text in place made each resolution shift all the text after it: 12 000 took 38 s).
    private mutating func resolvingReferences(_ runs: InlineRuns, in node: OpaquePointer) -> InlineRuns {
        let mark = Character(AttributeExtension.openerMark)
        let source = runs.pieces
        let text = source.map(\.text).joined()
        // Where each source piece ends: text is cut by Characters, attributes by pieces.
        var ends: [String.Index] = []
        var offset = 0
        for piece in source {
            offset += piece.text.utf8.count
            ends.append(text.utf8.index(text.startIndex, offsetBy: offset))
        }
        var output: [InlineRuns.Piece] = []
        var sourcePiece = 0
        func emit(_ range: Range<String.Index>) {
            var start = range.lowerBound
            while start < range.upperBound {
                while ends[sourcePiece] <= start { sourcePiece += 1 }
                let end = min(ends[sourcePiece], range.upperBound)
                var piece = source[sourcePiece]
                piece.text = String(text[start..<end])
                output.append(piece)
                start = end
            }
        }
        struct Opener {
            /// The output pieces holding the mark and `^[`; the content's follow them.
            var pieces: Range<Int>
            /// Brackets opened (and not yet closed) inside the opener's text: only a `]`
            /// outside them can close it.
            var depth = 0
        }
        var openers: [Opener] = []
        var pending = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == mark {
                emit(pending..<index)
                let first = output.count
                // The mark and the `^[` that follows it.
                pending = text.index(index, offsetBy: 3, limitedBy: text.endIndex) ?? text.endIndex
                emit(index..<pending)
                openers.append(Opener(pieces: first..<output.count))
                index = pending
                continue
            }
            if character == "[", !openers.isEmpty {
                openers[openers.count - 1].depth += 1
            } else if character == "]", let depth = openers.last?.depth, depth > 0 {
                openers[openers.count - 1].depth = depth - 1
                index = text.index(after: index)
                continue
            }
            if character == "]", !openers.isEmpty, let (label, end) = referenceLabel(in: text, after: index) {
                guard let definition = attributeDefinitions[label] else {
                    // The opener stays text, and pairs with no later bracket.
                    openers.removeLast()
                    warnUndefined(label)
                    index = text.index(after: index)
                    continue
                }
                emit(pending..<index)
                let opener = openers.removeLast()
                for piece in opener.pieces { output[piece].text = "" }
                if openers.count < Self.maximumInlineDepth {
                    if let attributes = definedAttributes(label, definition) {
                        let content = opener.pieces.upperBound..<output.count
                        if let key = attributes.localized, let first = content.first,
                           let text = translation(of: key, at: definition.location) {
                            output[first] = Self.translated(output[first], text)
                            for piece in content.dropFirst() { output[piece].text = "" }
                        }
                        for piece in content { output[piece].underlay(attributes) }
                    }
                } else {
                    warnDepth(node, "emphasis, links and attributes nested deeper than \(Self.maximumInlineDepth) levels keep the outer style")
                }
                pending = end
                index = end
                continue
            }
            index = text.index(after: index)
        }
        emit(pending..<text.endIndex)
        var result = InlineRuns()
        for var piece in output {
            if piece.text.unicodeScalars.contains(AttributeExtension.openerScalar) {
                piece.text = piece.text.replacingOccurrences(of: AttributeExtension.openerMark, with: "")
            }
            result.append(piece)
        }
        return result
    }

    /// The attributes a definition sets, decoded (and warned about) once however often it is used.
    private mutating func definedAttributes(_ label: String, _ definition: (body: String, location: SourceLocation)) -> InlineAttributes? {
        if let decoded = decodedDefinitions[label] { return decoded }
        let decoded = decode(definition.body, at: definition.location)
        decodedDefinitions[label] = .some(decoded)
        return decoded
    }

    /// Warns, once per label, that `^[text][label]` has no definition line, at the first
    /// `][label]` in the source (ignoring case, as labels do). The first few labels are looked
    /// for; past them, each search of the file would make a note full of them quadratic.
    private mutating func warnUndefined(_ label: String) {
        guard undefinedLabels.insert(label).inserted else { return }
        var location: SourceLocation?
        if undefinedLabels.count <= 32 {
            for (offset, line) in sourceLines.enumerated() {
                if let range = line.range(of: "][" + label + "]", options: .caseInsensitive) {
                    location = SourceLocation(line: offset + 1, column: line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
                    break
                }
            }
        }
        let shown = Excerpt.cleaned(label, maximumLength: Excerpt.maximumLength)
        warnings.append(Warning(file: file, location: location,
                                message: "no '^[\(shown)]: …' line defines the attribute label '\(shown)', so '^[…][\(shown)]' is shown as written"))
    }

    /// For `][label]` at `index`, the lower-cased label and the index after the final `]`.
    private func referenceLabel(in text: String, after index: String.Index) -> (String, String.Index)? {
        let open = text.index(after: index)
        guard open < text.endIndex, text[open] == "[" else { return nil }
        var cursor = text.index(after: open)
        var label = ""
        while cursor < text.endIndex, text[cursor] != "]" {
            label.append(text[cursor])
            guard label.count <= 200 else { return nil }
            cursor = text.index(after: cursor)
        }
        guard cursor < text.endIndex, !label.isEmpty else { return nil }
        return (label.lowercased(), text.index(after: cursor))
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
