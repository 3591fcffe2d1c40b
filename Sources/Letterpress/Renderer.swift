import Foundation

/// Options of one rendering, as the command line gives them.
public struct RenderOptions: Sendable, Codable {
    /// Theme name or path; nil to use the front matter's `theme`, else `default`.
    public var theme: String?
    public var pageSize: PageSize?
    public var margins: Margins?
    public var dpi: Double = 144
    /// The note's date, when the front matter has none.
    public var date: String?
    /// Fail, writing nothing, when there are warnings.
    public var strict = false
    /// Multiplies every text size of the theme (`--text-size`, `--scale`).
    public var textScale = 1.0
    /// Draws the date badge on the first page (`--no-badge` turns it off).
    public var badge = true
    /// The locale the badge's date is written for, such as `en`, `de` or `zh-Hans`.
    public var locale = "en"
    /// Reads nothing outside the note's folder and the themes: images and theme files
    /// elsewhere are refused.
    public var sandbox = false
    /// Values for `{{name}}` (`--var name=value`), before the front matter's.
    public var variables: [String: String] = [:]

    public init() {}
}

/// What rendering one document produced.
public struct RenderResult {
    public var files: [URL]
    public var pageCount: Int
    public var warnings: [Warning]
    public var timings: Timings
}

/// The whole pipeline: parse, style, typeset, draw.
public final class Renderer {
    /// The release, printed by `render --version`.
    public static let version = "0.1.0"

    public let options: RenderOptions
    let themes: ThemeLoader
    /// Made when first needed, after the theme file is read, so that fontconfig's loading
    /// (see `StartUpWarmUp`) has that long to finish. Like the rest of a renderer, used
    /// from one thread.
    private(set) lazy var fonts = FontContext()
    private var loadedThemes: [ThemeKey: Theme] = [:]

    /// A theme loaded for one sandbox folder is not allowed for another.
    private struct ThemeKey: Hashable {
        var name: String
        var sandbox: URL?
    }

    /// Theme warnings not yet reported: each theme's are reported once, with the first
    /// document that uses it.
    private var pendingThemeWarnings: [Warning] = []
    /// Time spent loading themes since the last rendering, for its timings.
    private var themeSeconds = 0.0
    /// Lets one document use the machine's other cores: Markdown parsed and styled on a second
    /// thread while this one typesets (see `typesetConcurrently`), and a one-page PNG compressed
    /// in two bands at once. Off where other processes already use every core.
    public var usesSpareCores = true

    public init(options: RenderOptions, themes: ThemeLoader = ThemeLoader()) {
        self.options = options
        self.themes = themes
    }

    /// The theme named `name`, loaded once per renderer; with `sandbox`, a theme file must lie
    /// in that folder (or among the shipped themes).
    public func theme(named name: String, sandbox: URL? = nil) throws -> Theme {
        let key = ThemeKey(name: name, sandbox: sandbox)
        if let theme = loadedThemes[key] { return theme }
        let start = Timings.now()
        defer { themeSeconds += Timings.now() - start }
        var loader = themes
        loader.allowedFolders = sandbox.map { [$0] }
        let (theme, warnings) = try loader.loadReportingWarnings(name, scale: options.textScale)
        loadedThemes[key] = theme
        pendingThemeWarnings += warnings + missingFonts(in: theme)
        return theme
    }

    /// A warning for each family a theme asks for first that is not installed, naming the
    /// font used instead.
    private func missingFonts(in theme: Theme) -> [Warning] {
        var lists = [theme.body, theme.code, theme.quote, theme.footnotes, theme.table.cell, theme.table.header]
            .map(\.text.fontFamilies) + theme.headings.map(\.text.fontFamilies)
        lists += [theme.badge.fontFamilies, theme.page.header?.style.fontFamilies, theme.page.footer?.style.fontFamilies,
                  theme.inlineCode.fontFamilies].compactMap { $0 }
        lists += theme.customStyles.values.compactMap(\.font) + theme.highlights.compactMap(\.style.font)
        var warned = Set<String>()
        var warnings: [Warning] = []
        for list in lists {
            guard let first = list.first, !warned.contains(first), !fonts.isInstalled(first) else { continue }
            warned.insert(first)
            let fallback = list.dropFirst().first(where: fonts.isInstalled) ?? "the system's default"
            warnings.append(Warning(file: "theme '\(theme.name)'", message: "font '\(first)' is not installed; using \(fallback)"))
        }
        return warnings
    }

    /// Reads an input file's bytes (or standard input for `-`).
    public static func readData(_ path: String) throws -> Data {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw LetterpressError.unreadableInput(file: path, reason: "no such file")
            }
            guard !isFolder.boolValue else { throw LetterpressError.unreadableInput(file: path, reason: "is a folder") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw LetterpressError.unreadableInput(file: path, reason: "cannot be read (permission denied?)")
            }
            data = contents
        }
        return data
    }

    /// The document in `data`: a saved run archive (`render inspect --json`), else Markdown
    /// (with `variables` for `{{name}}`, before the front matter's).
    public static func document(from data: Data, file: String, variables: [String: String] = [:]) throws -> Document {
        if let archive = try DocumentArchive.read(data, file: file) { return archive.document }
        return try markdown(data, file: file, variables: variables).document
    }

    /// The Markdown in `data`, parsed, and its text.
    static func markdown(_ data: Data, file: String, variables: [String: String]) throws -> (document: Document, source: String) {
        let (source, warnings) = MarkdownParser.decode(data, file: file)
        var document = try MarkdownParser.parse(source, file: file, variables: variables)
        document.warnings = warnings + document.warnings
        return (document, source)
    }

    /// Where a document's pages go, as they are finished: made, once the document's metadata
    /// is known, before the first page.
    typealias PageDestination = (DocumentMetadata) throws -> (Page) throws -> Void

    /// Parses and typesets `source`; `file` names it in messages and locates its images.
    public func typeset(source: String, file: String) throws -> (TypesetDocument, DocumentMetadata) {
        let document = try MarkdownParser.parse(source, file: file, variables: options.variables)
        return try Self.gathering { try typeset(document, file: file, source: source, into: $0) }
    }

    /// Typesets a parsed document; `file` names it in messages and locates its images, and its
    /// modification time dates the badge when nothing else does.
    public func typeset(_ document: Document, file: String) throws -> (TypesetDocument, DocumentMetadata) {
        try Self.gathering { try typeset(document, file: file, into: $0) }
    }

    /// The pages `typeset` delivers to the destination it is given, gathered into a document.
    static func gathering(_ typeset: (PageDestination) throws -> TypesetOutcome) rethrows
        -> (TypesetDocument, DocumentMetadata) {
        var pages: [Page] = []
        var metadata = DocumentMetadata()
        let outcome = try typeset { documentMetadata in
            metadata = documentMetadata
            return { pages.append($0) }
        }
        return (TypesetDocument(pages: pages, warnings: outcome.warnings, timings: outcome.timings), metadata)
    }

    /// Typesets a parsed document, handing each page to `destination` as it is finished.
    func typeset(_ document: Document, file: String, source: String? = nil, into destination: PageDestination) throws -> TypesetOutcome {
        try typeset(frontMatter: document.frontMatter, file: file, source: source, into: destination) {
            typesetter, baseURL, badge, sandbox, deliver in
            try typesetter.typeset(document, baseURL: baseURL, file: file, badge: badge, sandbox: sandbox, deliver: deliver)
        }
    }

    /// Parses and typesets the Markdown `source` at once: a second thread parses the body with
    /// cmark and walks and styles it top-level block by block, while this one lays out the
    /// blocks already styled and hands each page to `destination` as it is finished. `warnings`
    /// are those of reading the source, reported with the rest.
    func typesetConcurrently(source: String, file: String, warnings readWarnings: [Warning] = [],
                             stream: StyledBlockStream = StyledBlockStream(),
                             into destination: PageDestination) throws -> TypesetOutcome {
        let splitStart = Timings.now()
        let (frontMatter, body) = try FrontMatterReader.split(source, file: file)
        let splitSeconds = Timings.now() - splitStart
        var outcome = try typeset(frontMatter: frontMatter, file: file, source: source, into: destination) {
            typesetter, baseURL, badge, sandbox, deliver in
            // Checked before the parser starts. Once it runs, only delivering a page can fail,
            // which closes the stream: the parser then stops its walk, and the second thread
            // takes no more runs. Should this thread leave before offering it work, the
            // parser's thread stops waiting for the offer.
            try typesetter.checkRoom()
            defer { stream.close() }
            let styler = Styler(theme: typesetter.theme, file: file)
            let base = typesetter.theme.body.text
            let parse = {
                var warnings: [Warning] = []
                var styleSeconds = 0.0
                let start = Timings.now()
                let variables = frontMatter.variables(overriddenBy: self.options.variables)
                let document = MarkdownParser.parseBody(body, file: file, variables: variables) { blocks in
                    guard !stream.isClosed else { return false }
                    let styleStart = Timings.now()
                    let styled = styler.style(blocks, paragraph: base, warnings: &warnings)
                    styleSeconds += Timings.now() - styleStart
                    stream.send(styled)
                    return true
                }
                let styleStart = Timings.now()
                let footnotes = styler.style(document.footnotes, warnings: &warnings)
                let end = Timings.now()
                styleSeconds += end - styleStart
                stream.finish(.init(footnotes: footnotes, warnings: readWarnings + document.warnings + warnings,
                                    parseSeconds: end - start - styleSeconds - stream.sendingWaitSeconds,
                                    styleSeconds: styleSeconds))
                stream.help()
            }
            // As deep as the main thread's: the walker recurses into nested quotes and emphasis.
            if !DetachedThread.start(stackSize: 8 << 20, parse) {
                stream.concurrent = false
                parse()
            }
            // While cmark reads the body, load the body's fonts, which the first paragraph needs:
            // the wait would otherwise be idle, and a thread put to sleep for it is slow to
            // wake (a note renders 8 ms sooner).
            _ = TextLayout(StyledText("x", style: base), width: nil, align: .left, lineHeight: 1, context: typesetter.fonts)
            return try typesetter.typeset(stream, frontMatter: frontMatter, baseURL: baseURL, file: file, badge: badge,
                                          sandbox: sandbox, deliver: deliver)
        }
        outcome.timings.parse += splitSeconds
        return outcome
    }

    /// Loads the theme, places the page and the badge, opens the destination, and has `typeset`
    /// lay out the blocks and deliver the pages; then puts the warnings in the order of the
    /// file, after the theme's. `source`, the file's text, locates characters no font has.
    private func typeset(
        frontMatter: FrontMatter, file: String, source: String?, into destination: PageDestination,
        _ typeset: (Typesetter, _ baseURL: URL, BadgePlan?, _ sandbox: URL?, _ deliver: (Page) throws -> Void) throws
            -> TypesetOutcome
    ) throws -> TypesetOutcome {
        let baseURL = file == "-" ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            : URL(fileURLWithPath: file).deletingLastPathComponent()
        let sandbox = options.sandbox ? baseURL : nil
        let theme: Theme
        do {
            theme = try self.theme(named: options.theme ?? frontMatter.theme ?? "default", sandbox: sandbox)
        } catch let error as LetterpressError where options.theme == nil && frontMatter.theme != nil {
            // A theme the front matter names that cannot be found: the note's line says which.
            switch error {
            case .unknownTheme, .unreadableInput:
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["theme"], message: "theme: " + error.description)
            default:
                throw error
            }
        }
        let geometry = try self.geometry(theme: theme, frontMatter: frontMatter, file: file)
        var badgeWarnings: [Warning] = []
        let badge = badgePlan(frontMatter, file: file, warnings: &badgeWarnings)
        let metadata = DocumentMetadata(
            title: frontMatter.title, author: frontMatter.author,
            creationDate: PDFDate.creationDate(frontMatter: frontMatter.date ?? options.date))
        let deliver = try destination(metadata)
        // A new set for each document, so that one that fails leaves nothing for the next.
        let missingCharacters = MissingCharacters()
        fonts.missingCharacters = missingCharacters
        var document = try typeset(Typesetter(theme: theme, geometry: geometry, fonts: fonts), baseURL, badge, sandbox,
                                   deliver)
        document.warnings += badgeWarnings + MissingCharacters.warnings(for: missingCharacters.characters, in: source, file: file)
        // In the order of the file: parsing and styling find them at different times.
        let located = document.warnings.enumerated().sorted { a, b in
            let left = a.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            let right = b.element.location.map { ($0.line, $0.column) } ?? (0, 0)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        document.warnings = pendingThemeWarnings + located
        pendingThemeWarnings = []
        return document
    }

    /// Renders the Markdown file `input` to `output` in `format`, writing each page as soon as
    /// it is typeset.
    public func render(input: String, to output: URL, format: OutputFormat) throws -> RenderResult {
        try FontWork.exclusively { try renderAlone(input: input, to: output, format: format) }
    }

    private func renderAlone(input: String, to output: URL, format: OutputFormat) throws -> RenderResult {
        themeSeconds = 0
        let start = Timings.now()
        let data = try Renderer.readData(input)
        var writer = OutputWriter(format: format, dpi: options.dpi)
        if !usesSpareCores { writer.encodingThreads = 1 }
        var pageOutput: PageOutput?
        let destination: PageDestination = { metadata in
            writer.metadata = metadata
            let opened = try writer.open(output)
            pageOutput = opened
            return { try opened.add($0) }
        }
        let outcome: TypesetOutcome
        let prepared: Double
        let archive = try DocumentArchive.read(data, file: input)
        if archive == nil && usesSpareCores {
            let (source, decodeWarnings) = MarkdownParser.decode(data, file: input)
            prepared = Timings.now()
            outcome = try typesetConcurrently(source: source, file: input, warnings: decodeWarnings, into: destination)
        } else {
            // The archive was read above: not again.
            let parsed: (document: Document, source: String?) = try archive.map { ($0.document, nil) }
                ?? Renderer.markdown(data, file: input, variables: options.variables)
            prepared = Timings.now()
            outcome = try typeset(parsed.document, file: input, source: parsed.source, into: destination)
        }
        guard let pageOutput else { preconditionFailure("typesetting opened no output") }
        var timings = outcome.timings
        timings.theme = themeSeconds
        // Pages were drawn and written while the document was typeset.
        timings.typeset = Timings.now() - prepared - timings.theme - timings.waiting - timings.parse - timings.style
            - pageOutput.drawSeconds - pageOutput.writeSeconds
        // Reading and decoding the file (and parsing it, without the parser thread) count as
        // parsing on this thread.
        timings.parse += prepared - start
        if options.strict && !outcome.warnings.isEmpty {
            throw LetterpressError.strictWarnings(file: input, warnings: outcome.warnings)
        }
        let files = try pageOutput.finish()
        timings.draw = pageOutput.drawSeconds
        timings.write = pageOutput.writeSeconds
        return RenderResult(files: files, pageCount: outcome.pageCount, warnings: outcome.warnings, timings: timings)
    }

    /// The badge for a note: dated by its front matter, else `--date`, else the file's
    /// modification time; none with `badge: false`, `--no-badge`, or standard input undated.
    private func badgePlan(_ frontMatter: FrontMatter, file: String, warnings: inout [Warning]) -> BadgePlan? {
        guard options.badge, frontMatter.badge.enabled else { return nil }
        var date: Date?
        if let text = frontMatter.date {
            date = PDFDate.parse(text.trimmingCharacters(in: .whitespaces))
            if date == nil {
                warnings.append(Warning(file: file, location: frontMatter.locations["date"],
                                        message: "front matter date '\(text)' is not YYYY-MM-DD; the badge uses another date"))
            }
        }
        if date == nil, let text = options.date { date = PDFDate.parse(text) }
        if date == nil, file != "-" {
            date = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date
        }
        guard let date else { return nil }
        let center = frontMatter.badge.center.map { Point(x: $0[0], y: $0[1]) }
        return BadgePlan(lines: BadgePlan.lines(for: date, locale: Locale(identifier: options.locale)),
                         center: center, diameter: frontMatter.badge.diameter)
    }

    private func geometry(theme: Theme, frontMatter: FrontMatter, file: String) throws -> PageGeometry {
        var geometry = PageGeometry(size: theme.page.size, margins: theme.page.margins)
        if let text = frontMatter.pageSize {
            guard let size = PageSize(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["pageSize"] ?? frontMatter.locations["page-size"],
                                                          message: "pageSize '\(text)' is not a4, a5, letter, legal or WIDTHxHEIGHT")
            }
            geometry.size = size
        }
        if let text = frontMatter.margin {
            guard let margins = Margins(parsing: text) else {
                throw LetterpressError.invalidFrontMatter(file: file, location: frontMatter.locations["margin"], message: "margin '\(text)' is not 1, 2 or 4 lengths")
            }
            geometry.margins = margins
        }
        if let size = options.pageSize { geometry.size = size }
        if let margins = options.margins { geometry.margins = margins }
        return geometry
    }
}

/// PDF creation dates, never taken from the clock so output is reproducible.
public enum PDFDate {
    /// The front matter's date (`2024-03-05`, `2024-03-05 14:30`, ISO 8601), else
    /// `SOURCE_DATE_EPOCH`, else nil.
    static func creationDate(frontMatter: String?) -> String? {
        if let text = frontMatter?.trimmingCharacters(in: .whitespaces), let date = parse(text) {
            return format(date)
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(epoch) {
            return format(Date(timeIntervalSince1970: seconds))
        }
        return nil
    }

    /// `YYYY-MM-DD`, optionally with a time (`T` or a space, then `HH:MM` or `HH:MM:SS`) and a
    /// zone (`Z`, `±HH:MM` or ` ±HHMM`); UTC when no zone is given. Parsed by hand: a date
    /// formatter would load ICU, several milliseconds of every start.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var hour = 0, minute = 0, second = 0, offset = 0
        if index < bytes.count {
            guard skip(UInt8(ascii: "T")) || skip(UInt8(ascii: " ")), let h = number(2), skip(UInt8(ascii: ":")),
                  let m = number(2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if skip(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = s
            }
            _ = skip(UInt8(ascii: " "))
            if skip(UInt8(ascii: "Z")) {
                offset = 0
            } else if index < bytes.count {
                let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                guard skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-")), let zoneHours = number(2) else { return nil }
                _ = skip(UInt8(ascii: ":"))
                guard let zoneMinutes = number(2) else { return nil }
                offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
            }
            guard index == bytes.count else { return nil }
        }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        // timegm moves 30 February to 2 March: such a date is not one.
        guard parts.tm_mday == Int32(day), parts.tm_mon == Int32(month - 1) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds - offset))
    }

    static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
