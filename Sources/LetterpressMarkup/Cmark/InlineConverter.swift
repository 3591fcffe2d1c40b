import CCmarkGFM
import Foundation
import LetterpressCore

/// Converts cmark's inline nodes (a heading's, a paragraph's, a table cell's) to
/// `AttributedString` runs through `InlineRuns`: emphasis, code, links checked against the
/// document's anchors, images, footnote references, inline HTML, attributes, the
/// `^[text][label]` references to the first pass's definitions, translations and page numbers.
struct InlineConverter {
    let log: ConversionLog
    private let sourceLines: [Substring]
    /// The parse's session, for the translations of `localized` keys, the page references and
    /// the notes an Obsidian note embeds.
    let session: ParseSession
    /// Puts variables in link destinations, image paths and attribute bodies.
    private let variables: VariableSubstitution
    /// What a page reference prints.
    private let contents: TableOfContents
    /// The document's anchors, which also count the references made to each footnote.
    private var anchors: DocumentAnchors
    /// Bodies of `^[label]: body` definitions, by label, and where each was written.
    private var attributeDefinitions: [String: (body: String, location: SourceLocation)]
    /// Their attributes, decoded when first used (nil: the body did not decode).
    private var decodedDefinitions: [String: InlineAttributes?] = [:]
    /// Labels of `^[text][label]` already warned about for having no definition.
    private var undefinedLabels: Set<String> = []
    /// How many emphases, links and attributes enclose the node being converted.
    private var depth = 0
    /// The text-level HTML elements open in the paragraph being converted.
    private var inlineHTML = InlineHTML()
    /// How many more warnings of a link to a missing anchor may suggest a name, and in a
    /// document of how many anchors at most: each compares the name with every anchor.
    private var missingAnchorHints = 32
    private static let anchorsToHintAmong = 2000
    private static let tooDeep = "emphasis, links and attributes nested deeper than \(CmarkConverter.maximumInlineDepth) levels keep the outer style"
    /// The locale of a `^[…](locale: 'de')` span being converted, for its values and phrases.
    var spanLocale: String?
    /// The keys whose translations are being converted, innermost last: a translation that
    /// holds its own phrase would never end.
    var translating: [String] = []

    init(index: CmarkIndex, contents: TableOfContents, lines: [Substring], variables: VariableSubstitution,
         session: ParseSession, log: ConversionLog) {
        anchors = index.anchors
        attributeDefinitions = index.attributeDefinitions
        self.contents = contents
        sourceLines = lines
        self.variables = variables
        self.session = session
        self.log = log
    }

    /// Reads on with the index of the next piece of a note read piece by piece: its anchors
    /// replace these, whose footnote references' counts it lacks (such a note has no footnotes).
    mutating func reindex(_ index: CmarkIndex) {
        anchors = index.anchors
        attributeDefinitions = index.attributeDefinitions
    }

    /// The text of a heading or a table cell.
    mutating func text(of node: OpaquePointer) -> AttributedString {
        inlineHTML = InlineHTML()
        defer { inlineHTML = InlineHTML() }
        var text = InlineRuns()
        for child in CmarkNode.children(of: node) {
            text.append(inlines(for: child, intent: [], link: nil))
        }
        return finished(text, in: node)
    }

    /// The lines of a paragraph, each its own text (a definition list's terms).
    mutating func lines(of node: OpaquePointer) -> [AttributedString] {
        inlineHTML = InlineHTML()
        defer { inlineHTML = InlineHTML() }
        var lines: [AttributedString] = []
        var text = InlineRuns()
        for child in CmarkNode.children(of: node) {
            if cmark_node_get_type(child) == CMARK_NODE_SOFTBREAK {
                lines.append(finished(text, in: node))
                text = InlineRuns()
            } else {
                text.append(inlines(for: child, intent: [], link: nil))
            }
        }
        lines.append(finished(text, in: node))
        return lines
    }

    /// Whether the note's dialect reads `construct`.
    func dialectReads(_ construct: DialectConstruct) -> Bool { session.dialect.reads(construct) }

    /// A paragraph, with its images set in its lines; or the image it is made of alone; or a
    /// page break marker. A floating image is a block of its own between the paragraph's parts.
    /// An anchor of inline HTML with no text after it goes in `pendingAnchor` when that is nil.
    mutating func paragraph(_ node: OpaquePointer, pendingAnchor: inout String?) -> [Block] {
        if let embedded = transcluded(node) { return embedded }
        var result: [Block] = []
        var text = InlineRuns()
        inlineHTML = InlineHTML()
        defer {
            // `<a name="x"></a>` with no text after it in its paragraph starts the next block.
            if let anchor = inlineHTML.takeAnchor(), pendingAnchor == nil { pendingAnchor = anchor }
            inlineHTML = InlineHTML()
        }
        for child in CmarkNode.children(of: node) {
            if cmark_node_get_type(child) == CMARK_NODE_HTML_INLINE {
                for piece in inlineHTMLPieces(child) {
                    switch piece {
                    case let .image(element):
                        var converter = HTMLConverter(file: log.file)
                        if let image = converter.image(element, link: inlineHTML.format.link) { place(image, in: &text, blocks: &result, node) }
                    default:
                        text.append(inlineRuns(of: piece))
                    }
                }
            } else if cmark_node_get_type(child) == CMARK_NODE_IMAGE {
                place(image(child), in: &text, blocks: &result, node)
            } else if let image = attributedImage(child) ?? linkedImage(child) {
                place(image, in: &text, blocks: &result, node)
            } else if let formula = MathFormula.of(child), formula.isDisplay, let span = formula.span {
                // `$$…$$` within a paragraph: a block of its own between the paragraph's parts.
                flush(&text, into: &result, node)
                result.append(.math(span))
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
            log.countRemoteImage(at: image.location)
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
            log.countRemoteImage(at: image.location)
            return InlineRuns(InlineRuns.Piece(text: image.alt, intent: intent.union(format.intent), link: image.link, attributes: format.attributes))
        }
        return InlineRuns(InlineRuns.Piece(text: ImageReference.objectReplacement, link: image.link, image: image))
    }

    /// A link's destination with its variables put in, or nil (with a warning) when one is
    /// undefined: its text is then not a link.
    private mutating func destination(of node: OpaquePointer) -> String? {
        let (url, complete) = variables.substituted(CmarkNode.string(cmark_node_get_url(node)), at: CmarkNode.location(of: node, lineOffset: session.lineOffset),
                                                    escaping: VariableValues.uriEscaped, consequence: "its text is shown without the link",
                                                    warnings: &log.warnings)
        return complete ? url : nil
    }

    /// The text of an autolink whose destination names variables (`https://example.com/{{page}}`:
    /// one text child, written as the destination is), with them put in as in its destination;
    /// nil for any other link.
    private func autolinkText(_ node: OpaquePointer) -> String? {
        let written = CmarkNode.string(cmark_node_get_url(node))
        guard written.contains("{{"), let child = cmark_node_first_child(node), cmark_node_next(child) == nil,
              cmark_node_get_type(child) == CMARK_NODE_TEXT else { return nil }
        let text = CmarkNode.literal(child)
        guard written == text || written.hasSuffix("//" + text) || written == "mailto:" + text else { return nil }
        return variables.values.substituted(in: text) { _, _, _ in }.text
    }

    /// `[![alt](pic.png)](https://…)`: a link around one image, which the image carries.
    private mutating func linkedImage(_ node: OpaquePointer) -> ImageReference? {
        guard cmark_node_get_type(node) == CMARK_NODE_LINK, !AttributeExtension.isAttributeNode(node) else { return nil }
        let content = CmarkNode.children(of: node).filter { child in
            !(cmark_node_get_type(child) == CMARK_NODE_TEXT && CmarkNode.literal(child).allSatisfy(\.isWhitespace))
        }
        guard content.count == 1, cmark_node_get_type(content[0]) == CMARK_NODE_IMAGE else { return nil }
        var reference = image(content[0])
        if let url = destination(of: node), url.utf8.count <= CmarkConverter.maximumURLLength { reference.link = url }
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

    /// An image, its title read for `float: left|right; width: 40%` (a title that sets
    /// neither stays a caption).
    private mutating func image(_ node: OpaquePointer) -> ImageReference {
        let location = SourceLocation(line: CmarkNode.startLine(of: node, lineOffset: session.lineOffset),
                                      column: Int(cmark_node_get_start_column(node)))
        let source = variables.substituted(CmarkNode.string(cmark_node_get_url(node)), at: location, escaping: VariableValues.pathEscaped,
                                           consequence: "the image's path is kept as written", warnings: &log.warnings).text
        var reference = ImageReference(source: source, alt: plainText(node),
                                       title: CmarkNode.string(cmark_node_get_title(node)), location: location)
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
                if reference.float == nil { log.warn(.invalidAttributeValue, "float \(Excerpt.quoted(declaration[1])) is not left or right", at: location) }
            case "width":
                reference.width = ImageWidth(parsing: declaration[1])
                if reference.width == nil { log.warn(.invalidAttributeValue, "width \(Excerpt.quoted(declaration[1])) is not points or a percentage", at: location) }
            default:
                log.warn(.unknownAttribute, "unknown image property \(Excerpt.quoted(declaration[0])) (use float and width)", at: location)
            }
        }
        return reference
    }

    /// `^[![alt](pic.png)](float: 'left', width: 160)`: an attribute node around one image.
    private mutating func attributedImage(_ node: OpaquePointer) -> ImageReference? {
        guard AttributeExtension.isAttributeNode(node), let body = AttributeExtension.payload(of: node)?.body else { return nil }
        let content = CmarkNode.children(of: node).filter { child in
            !(cmark_node_get_type(child) == CMARK_NODE_TEXT && CmarkNode.literal(child).allSatisfy(\.isWhitespace))
        }
        guard content.count == 1, cmark_node_get_type(content[0]) == CMARK_NODE_IMAGE else { return nil }
        var reference = image(content[0])
        let location = AttributeExtension.payload(of: node).map { SourceLocation(line: $0.line, column: $0.column) }
        let (attributes, problems) = AttributeDecoder.decode(location.map { variables.substitutedBody(body, at: $0, warnings: &log.warnings) }
                                                             ?? body)
        log.warnings += problems.map { Warning(code: $0.code, file: log.file, location: location, message: $0.message) }
        reference.float = attributes?.float ?? reference.float
        reference.width = attributes?.width ?? reference.width
        return reference
    }

    mutating func inlines(for node: OpaquePointer, intent: InlineIntent, link: String?) -> InlineRuns {
        let html = inlineHTML.format
        func run(_ string: String, _ intent: InlineIntent) -> InlineRuns {
            InlineRuns(InlineRuns.Piece(text: string, intent: intent.union(html.intent), link: link ?? html.link,
                                        anchor: string.isEmpty ? nil : inlineHTML.takeAnchor(), attributes: html.attributes))
        }
        if depth >= CmarkConverter.maximumInlineDepth {
            log.warnDepth(Self.tooDeep, at: CmarkNode.start(of: node, lineOffset: session.lineOffset))
            return run(plainText(node), intent)
        }
        depth += 1
        defer { depth -= 1 }
        func nested(_ intent: InlineIntent, _ link: String?) -> InlineRuns {
            var text = InlineRuns()
            for child in CmarkNode.children(of: node) {
                text.append(inlines(for: child, intent: intent, link: link))
            }
            return text
        }
        // A cmark text node's text, with its page references.
        func textRuns(_ literal: String) -> InlineRuns {
            let text = unmarked(literal, inCode: false)
            guard !session.pageReferences.isEmpty, text.unicodeScalars.contains(PageReference.openMark) else { return run(text, intent) }
            var runs = InlineRuns()
            for piece in PageReference.pieces(of: text, references: session.pageReferences) {
                switch piece {
                case let .text(text):
                    runs.append(run(String(text), intent))
                case let .reference(reference):
                    let target = anchorLink("#" + reference.anchor, at: reference.location) {
                        "{page:#\(reference.anchor)}: \($0); '??' is shown"
                    }
                    runs.append(InlineRuns(InlineRuns.Piece(text: contents.pageNumber(at: target), intent: intent.union(html.intent),
                                                            link: target ?? link ?? html.link, attributes: html.attributes)))
                }
            }
            return runs
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let literal = CmarkNode.literal(node)
            guard let placed = AttributeExtension.payload(of: node)?.placed, !placed.isEmpty else { return textRuns(literal) }
            // The values among the text: each formatted for its span's locale, or translated.
            let bytes = Array(literal.utf8)
            var runs = InlineRuns()
            var position = 0
            for (range, reference) in placed where range.lowerBound >= position && range.upperBound <= bytes.count {
                runs.append(textRuns(String(decoding: bytes[position..<range.lowerBound], as: UTF8.self)))
                runs.append(value(reference, text: String(decoding: bytes[range], as: UTF8.self), intent: intent.union(html.intent),
                                  link: link ?? html.link, anchor: inlineHTML.takeAnchor(), attributes: html.attributes))
                position = range.upperBound
            }
            runs.append(textRuns(String(decoding: bytes[position...], as: UTF8.self)))
            return runs
        case CMARK_NODE_HTML_INLINE:
            var runs = InlineRuns()
            for piece in inlineHTMLPieces(node) {
                if case let .image(element) = piece {
                    var converter = HTMLConverter(file: log.file)
                    if let image = converter.image(element, link: link ?? inlineHTML.format.link) {
                        runs.append(imageRuns(image, intent: intent, link: link))
                    }
                } else {
                    runs.append(inlineRuns(of: piece, intent: intent, link: link))
                }
            }
            return runs
        case CMARK_NODE_CODE:
            if let formula = MathFormula.of(node), let span = formula.span {
                return InlineRuns(InlineRuns.Piece(text: Self.shown(formula), intent: intent.union(html.intent), link: link ?? html.link,
                                                   anchor: inlineHTML.takeAnchor(), attributes: html.attributes, math: span))
            }
            return run(unmarked(CmarkNode.literal(node), inCode: true), intent.union(.code))
        case CMARK_NODE_SOFTBREAK:
            return run(" ", intent)
        case CMARK_NODE_LINEBREAK:
            return run("\u{2028}", intent)
        case CMARK_NODE_EMPH:
            return nested(intent.union(.emphasized), link)
        case CMARK_NODE_STRONG:
            return nested(intent.union(.strong), link)
        case CMARK_NODE_LINK where AttributeExtension.isAttributeNode(node):
            return attributed(node, intent: intent, link: link)
        case CMARK_NODE_LINK:
            guard let url = destination(of: node) else { return nested(intent, link) }
            guard url.utf8.count <= CmarkConverter.maximumURLLength else {
                log.warn(.linkTooLong, "a link's URL of \(url.utf8.count) bytes is longer than the \(CmarkConverter.maximumURLLength) allowed; its text is shown without the link",
                         at: CmarkNode.location(of: node, lineOffset: session.lineOffset))
                return nested(intent, link)
            }
            if let shown = autolinkText(node) {
                return InlineRuns(InlineRuns.Piece(text: shown, intent: intent.union(html.intent), link: url, attributes: html.attributes))
            }
            if let dialectLink = DialectLink(url: url) { return nested(intent.union(dialectLink.intent), link) }
            guard url.hasPrefix("#") else { return nested(intent, url) }
            return nested(intent, internalLink(url, at: CmarkNode.location(of: node, lineOffset: session.lineOffset)) ?? link)
        case CMARK_NODE_IMAGE:
            return imageRuns(image(node), intent: intent, link: link)
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            let number = Int(CmarkNode.literal(node)) ?? 0
            let (target, anchor) = anchors.reference(toFootnote: number)
            return InlineRuns(InlineRuns.Piece(text: String(number), intent: intent.union(.superscript), link: target,
                                               footnote: number, anchor: anchor))
        default:
            if AttributeExtension.isAttributeNode(node) {
                return attributed(node, intent: intent, link: link)
            }
            if CmarkNode.typeName(node) == "strikethrough" { return nested(intent.union(.strikethrough), link) }
            return nested(intent, link)
        }
    }

    /// What the inline HTML `node` gives, with the variables of its `href` and `src` put in.
    private mutating func inlineHTMLPieces(_ node: OpaquePointer) -> [InlineHTML.Piece] {
        var found: [Warning] = []
        let pieces = inlineHTML.feed(CmarkNode.literal(node), line: CmarkNode.location(of: node, lineOffset: session.lineOffset)?.line ?? 1) { [variables] in
            variables.substitutingURLs(in: &$0, line: $1, warnings: &found)
        }
        log.warnings += found
        if let reason = inlineHTML.unavailable { log.warnHTMLUnavailable(reason, at: CmarkNode.location(of: node, lineOffset: session.lineOffset)) }
        return pieces
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

    /// The runs of `node`'s children.
    mutating func children(of node: OpaquePointer, intent: InlineIntent, link: String?) -> InlineRuns {
        var text = InlineRuns()
        for child in CmarkNode.children(of: node) {
            text.append(inlines(for: child, intent: intent, link: link))
        }
        return text
    }

    /// The text of the `^[…](…)` node with its attributes laid under any it already has: its
    /// translation where it asks for one (`localized`), its values formatted for its `locale`.
    private mutating func attributed(_ node: OpaquePointer, intent: InlineIntent, link: String?) -> InlineRuns {
        guard let payload = AttributeExtension.payload(of: node), let body = payload.body else { return children(of: node, intent: intent, link: link) }
        let location = SourceLocation(line: payload.line, column: payload.column)
        guard let attributes = decode(body, at: location) else { return children(of: node, intent: intent, link: link) }
        let outerLocale = spanLocale
        defer { spanLocale = outerLocale }
        if let locale = attributes.locale { spanLocale = knownLocale(locale, at: location) ?? spanLocale }
        var content: InlineRuns
        if let key = attributes.localized, let translated = phrase(node, key: key, payload: payload, intent: intent, link: link) {
            content = translated
        } else {
            content = children(of: node, intent: intent, link: link)
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
    mutating func decode(_ body: String, at location: SourceLocation) -> InlineAttributes? {
        let (decoded, problems) = AttributeDecoder.decode(variables.substitutedBody(body, at: location, warnings: &log.warnings))
        log.warnings += problems.map { Warning(code: $0.code, file: log.file, location: location, message: $0.message) }
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
        log.warn(.brokenInternalLink, message("no heading or anchor is named '\(destination.dropFirst())'\(hint)"), at: location,
                 kind: "links to no heading or anchor")
        return nil
    }

    /// What a formula's run shows (and outlines and searches read): its plain Unicode text,
    /// or a word joiner when it has none (`$\,$`), so that the run is kept.
    private static func shown(_ formula: MathFormula) -> String {
        formula.plainText.isEmpty ? "\u{2060}" : formula.plainText
    }

    /// `text` without the marks `MathSource` put on the backslashes of `\(` and `\[` that
    /// ended up in no formula: removed from text, as cmark's escape would have; a backslash again in code.
    private func unmarked(_ text: String, inCode: Bool) -> String {
        guard session.math?.source.usesMarkers == true, text.utf8.contains(MathSource.marker) else { return text }
        return text.replacingOccurrences(of: "\u{1}", with: inCode ? "\\" : "")
    }

    /// The text of a node's descendants without attributes, as for an image's alt text.
    func plainText(_ node: OpaquePointer) -> String {
        let text = CmarkNode.descendantText(of: node) { child, type in
            switch type {
            case CMARK_NODE_TEXT:
                return .text(unmarked(CmarkNode.literal(child), inCode: false).replacingOccurrences(of: AttributeExtension.openerMark, with: ""))
            case CMARK_NODE_CODE: return .text(MathFormula.of(child)?.plainText ?? unmarked(CmarkNode.literal(child), inCode: true))
            case CMARK_NODE_HTML_INLINE: return .text(CmarkNode.literal(child))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return .text(" ")
            default: return .children
            }
        }
        // An alt text or title is shown as written: a page reference's marks would show as boxes.
        return text.unicodeScalars.contains(PageReference.openMark) ? PageReference.removed(from: text) : text
    }

    // MARK: The reference form ^[text][label] with ^[label]: body

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
                if openers.count < CmarkConverter.maximumInlineDepth {
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
                    log.warnDepth(Self.tooDeep, at: CmarkNode.start(of: node, lineOffset: session.lineOffset))
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
        log.warn(.undefinedAttributeLabel, "no '^[\(shown)]: …' line defines the attribute label '\(shown)', so '^[…][\(shown)]' is shown as written", at: location)
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
}
