import CCmarkGFM
import Foundation
import LetterpressCore

/// Parses Markdown with cmark-gfm into a `Document`. Parsing never fails on Markdown; only
/// malformed front matter is an error.
package enum MarkdownParser {
    /// GFM extensions attached to every parser, registered once per process because
    /// cmark-gfm's extension registry is global (with the attribute node's type, which the walk,
    /// outside the parse's lock, asks for).
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
    private static let registration: Void = {
        cmark_gfm_core_extensions_ensure_registered()
        _ = AttributeExtension.nodeType
    }()

    /// Reads bytes as UTF-8, replacing invalid sequences (and NUL bytes) with U+FFFD, with a
    /// warning that says where the first one is.
    package static func decode(_ data: Data, file: String) -> (String, [Warning]) {
        // A byte-order mark says nothing in UTF-8, and would hide the front matter.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        // memchr: `Data.contains` goes byte by byte through its iterator, some 60 instructions a byte.
        let hasNul = data.withUnsafeBytes { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
        if !hasNul, let text = String(validating: data, as: UTF8.self) { return (text, []) }
        var invalid = 0
        var first: Int?
        var nul = 0
        var offset = 0
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                if scalar.count == 1 && scalar.first == 0 { nul += 1 }
                offset += scalar.count
            case let .error(length):
                invalid += 1
                first = first ?? offset
                offset += length
            case .emptyInput:
                var warnings: [Warning] = []
                if let first {
                    warnings.append(Warning(code: .invalidEncoding, file: file, message: "\(invalid) invalid UTF-8 sequence\(invalid == 1 ? "" : "s"), the first at byte \(first), replaced with U+FFFD"))
                }
                if nul > 0 { warnings.append(Warning(code: .invalidEncoding, file: file, message: "\(nul) NUL byte\(nul == 1 ? "" : "s") replaced with U+FFFD")) }
                let text = String(decoding: data, as: UTF8.self)
                // cmark replaces NUL itself, but front matter and plain-text notes do not, and
                // Pango stops at it.
                return (nul > 0 ? text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : text, warnings)
            }
        }
    }

    /// Parses `source`, naming `file` in any error. `{{name}}` takes its value from
    /// `variables`, else from the front matter, formatted for the front matter's `locale`, else
    /// `locale`.
    package static func parse(_ source: String, file: String = "<input>", variables: [String: String] = [:],
                             locale: String = "en", strings: StringTable = StringTable()) throws -> Document {
        let (frontMatter, body) = try FrontMatterReader.split(source, file: file)
        var document = parseBody(body, file: file, variables: frontMatter.variables(overriddenBy: variables),
                                 locale: frontMatter.locale ?? locale, strings: strings, contents: frontMatter.toc,
                                 math: frontMatter.math, dialect: frontMatter.dialect ?? .automatic, titleBlock: TitleBlock(frontMatter))
        document.frontMatter = frontMatter
        document.warnings = CharacterColumns.converted(document.warnings, file: file, text: source,
                                                       firstLine: FrontMatterReader.bodyLine(of: source, body: body))
        return document
    }

    /// Serialises cmark's parsing (not the walk over its tree): cmark-gfm adds and removes
    /// extension characters in a process-wide table at the start and end of every parse.
    private static let lock = NSLock()

    /// Parses Markdown without front matter, with `variables` for `{{name}}` (formatted for
    /// `locale`); warnings name `file`. `contents` is the front matter's `toc:`, and
    /// `pageNumbers` the pages a layout found the anchors on, for the contents and `{page:#…}`;
    /// `math` says whether TeX formulas are read, and with which macros; `dialect`, which
    /// writing tools' constructs; `titleBlock`, the front matter's title block (nil when the
    /// theme shows none); `embeds`, where an Obsidian note's embedded notes are found.
    /// `pieceBytes` is for tests: a note of four times that or more that may be read piece
    /// by piece is, in pieces of about that (else 64 KiB pieces, from 256 KiB; see `CmarkPieces`).
    package static func parseBody(_ body: String, file: String = "<input>", variables: [String: String] = [:],
                                 locale: String = "en", strings: StringTable = StringTable(), contents: ContentsSetting? = nil,
                                 pageNumbers: PageNumbers? = nil, math: MathSetting = MathSetting(),
                                 dialect: MarkupDialect = .automatic, titleBlock: TitleBlock? = nil, embeds: NoteEmbeds? = nil,
                                 pieceBytes: Int? = nil) -> Document {
        var blocks: [Block] = []
        var document = parseBody(body, file: file, variables: variables, locale: locale, strings: strings, contents: contents,
                                 pageNumbers: pageNumbers, math: math, dialect: dialect, titleBlock: titleBlock,
                                 embeds: embeds, pieceBytes: pieceBytes) { blocks += $0; return true }
        document.blocks = blocks
        return document
    }

    /// Parses Markdown without front matter and hands `deliver` the blocks of each top-level
    /// node as soon as they are built, so that a caller on another thread can style and lay
    /// them out before the rest are built, until `deliver` returns false (its reader has gone);
    /// the document returned has the footnotes and warnings, and no blocks (the caller has
    /// them, and need not keep them all).
    package static func parseBody(_ body: String, file: String, variables: [String: String] = [:], locale: String = "en",
                                 strings: StringTable = StringTable(), contents: ContentsSetting? = nil, pageNumbers: PageNumbers? = nil,
                                 math: MathSetting = MathSetting(), dialect: MarkupDialect = .automatic, titleBlock: TitleBlock? = nil,
                                 embeds: NoteEmbeds? = nil, pieceBytes: Int? = nil,
                                 delivering deliver: ([Block]) -> Bool) -> Document {
        var body = body
        var titleBlock = titleBlock
        if dialect.reads(.percentTitle), let (percent, rest) = TitleBlock.percentLines(body) {
            body = rest
            titleBlock = titleBlock?.filled(from: percent)
        }
        var pendingTitle = titleBlock.flatMap { $0.isShown(in: dialect) ? $0.block(locale: locale) : nil }
        // A note that starts with its own level-1 heading has its title already.
        let deliverTitled = { (blocks: [Block]) -> Bool in
            guard let title = pendingTitle, let first = blocks.first else { return deliver(blocks) }
            pendingTitle = nil
            if case .heading(level: 1, text: _) = first { return deliver(blocks) }
            return deliver([title] + blocks)
        }
        defer { if let title = pendingTitle { _ = deliver([title]) } }
        // Site generators' and Obsidian's constructs first, so that the fences they make are
        // seen by the container pass.
        let (toolBody, toolWarnings) = ToolSource.prepared(body, file: file, dialect: dialect)
        let (containerBody, containers) = ContainerSource.prepared(toolBody, file: file, dialect: dialect)
        var guardWarnings: [Warning]
        (body, guardWarnings) = SourceGuard.guarded(containerBody, file: file)
        var noteMath: NoteMath?
        if math.enabled {
            let source: MathSource
            (body, source) = MathSource.prepared(body)
            noteMath = NoteMath(file: file, setting: math, source: source)
        }
        let session = ParseSession(body: body, file: file, variables: variables, locale: locale, strings: strings)
        session.math = noteMath
        session.dialect = dialect
        session.calloutLines = containers.calloutLines
        session.columnShifts = containers.columnShifts
        session.embeds = embeds
        session.contents = contents
        session.pageNumbers = pageNumbers
        (body, session.dialectSource) = DialectSource.prepared(body, dialect: dialect, file: file)
        var pieces = pieceBytes.map { CmarkPieces(body, session: session, pieceBytes: $0, minimumBytes: 4 * $0) }
            ?? CmarkPieces(body, session: session)
        let first = pieces == nil ? parseTree(body, session: session) : pieces?.next(session: session)?.root
        guard let root = first else { return Document(blocks: []) }
        defer { cmark_node_free(root) }
        var walker = CmarkConverter(root, file: file, source: body, session: session)
        walker.document(nextPiece: { pieces?.next(session: session) }, deliverTitled)
        var warnings = toolWarnings + containers.warnings + guardWarnings + session.dialectSource.warnings + session.variableWarnings + walker.warnings + session.unclosedBodies.map {
            Warning(code: .unclosedMarkup, file: file, location: $0, message: "the body of this '^[…](' never closes, so it is shown as written (is a quote or a parenthesis left open?)")
        }
        if session.budgetExhausted {
            warnings.append(Warning(code: .inputLimit, file: file, message: "too many unclosed '^[…](' bodies; the rest are shown as written"))
        }
        if !containers.columnShifts.isEmpty { warnings = warnings.map { containers.unshifted($0) } }
        return Document(blocks: [], footnotes: walker.footnotes(), warnings: warnings)
    }

    /// cmark's tree of `body`, which the caller frees; what the extensions found goes in
    /// `session`. `math` false reads no formulas (a translation's, which the note's pass over
    /// its formulas never saw).
    static func parseTree(_ body: String, session: ParseSession, math: Bool = true) -> OpaquePointer? {
        _ = registration
        lock.lock()
        defer { lock.unlock() }
        let extensions = [AttributeExtension.shared, VariableExtension.shared] + (math && session.math != nil ? [MathExtension.shared] : [])
        session.attach(to: extensions)
        defer { ParseSession.detach(from: extensions) }
        // No smart punctuation: it turns `--jobs` in prose into an en dash, which GitHub does not.
        let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        // Ours first: postprocessing goes in this order, and the variables' must see the text
        // nodes before autolink's merges them.
        for syntax in extensions { cmark_parser_attach_syntax_extension(parser, syntax) }
        for name in extensionNames {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        var bytes = Array(body.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parser_feed(parser, $0, buffer.count)
            }
        }
        return cmark_parser_finish(parser)
    }
}
