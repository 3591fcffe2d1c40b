import Foundation

/// Renders Markdown notes to PDF, PNG or SVG: the whole pipeline in one call.
///
/// A renderer is a value: copy it, keep it in a `static let`, or use it from several tasks at
/// once. Copies share the themes already loaded and the fonts. Pango and Cairo must not lay out
/// or draw on two threads at once, so renderings in one process take turns; the `async`
/// methods wait for their turn on a thread of their own rather than on one of the tasks'.
///
/// ```swift
/// let renderer = Renderer(theme: .named("menlo"))
/// let pdf: Data = try renderer.render(markdown: "# Hello\n\nWorld", baseURL: nil, as: .pdf)
/// try renderer.render(contentsOf: noteURL, to: outputURL)
/// ```
public struct Renderer: Sendable {
    /// The release, printed by `render --version`.
    public static let version = "0.1.0"

    /// Where a renderer's theme comes from.
    public enum ThemeChoice: Sendable {
        /// A shipped theme (`default`, `menlo`, `night`, …) or one in the theme search path.
        case named(String)
        /// A theme file.
        case file(URL)
        /// A theme already loaded or made in code, used for every note whatever its front
        /// matter says; its warnings, and the fonts it names that are not installed, come with
        /// the first document.
        case theme(Theme)
    }

    /// The options every note is rendered with, as the command line gives them.
    public let options: RenderOptions
    let engine: RenderEngine

    /// A renderer with `options`; the theme is `options.theme`, else each note's front matter
    /// `theme`, else `default`.
    ///
    /// - Parameter options: The options every note is rendered with.
    public init(options: RenderOptions = RenderOptions()) {
        self.init(options: options, themes: ThemeLoader())
    }

    /// A renderer whose theme is `theme`, over any the notes' front matter names.
    ///
    /// - Parameters:
    ///   - theme: The theme every note is rendered with; it replaces `options.theme`.
    ///   - options: The options every note is rendered with.
    public init(theme: ThemeChoice, options: RenderOptions = RenderOptions()) {
        var options = options
        var fixed: Theme?
        switch theme {
        case let .named(name): options.theme = name
        case let .file(url): options.theme = url.path
        case let .theme(value): fixed = value
        }
        self.options = options
        engine = RenderEngine(options: options, themes: ThemeLoader(), fixedTheme: fixed)
    }

    /// A renderer that finds themes with `themes`.
    package init(options: RenderOptions, themes: ThemeLoader) {
        self.options = options
        engine = RenderEngine(options: options, themes: themes, fixedTheme: nil)
    }

    /// Whether one document may use the machine's other cores: Markdown parsed and styled on a
    /// second thread while this one typesets, and a one-page PNG compressed in bands. Off
    /// where other processes already use every core (`render --jobs`' workers).
    package var usesSpareCores: Bool {
        get { engine.usesSpareCores }
        nonmutating set { engine.usesSpareCores = newValue }
    }

    // MARK: Rendering to memory

    /// Renders `markdown` (front matter included) into one file's bytes: a PDF of every page,
    /// or the PNG or SVG of a one-page note.
    ///
    /// - Parameters:
    ///   - markdown: The note, as a `.md` file would hold it.
    ///   - baseURL: The folder its relative image paths (and front matter `strings:`) start
    ///     from; nil for the current folder.
    ///   - format: The format of the bytes.
    /// - Returns: The file's bytes.
    /// - Throws: `LetterpressError`: a note that cannot be read (bad front matter, with its
    ///   line and column), warnings when `options.strict` is set, or
    ///   `LetterpressError.invalidOption` for a PNG or SVG of more than one page, which
    ///   `renderDocument(markdown:baseURL:as:)` returns page by page.
    public func render(markdown: String, baseURL: URL? = nil, as format: OutputFormat = .pdf) throws -> Data {
        try Self.oneFile(renderDocument(markdown: markdown, baseURL: baseURL, as: format), format: format)
    }

    /// Renders `markdown` (front matter included) into the bytes of its files: one PDF, or a
    /// PNG or SVG per page, with the warnings the note gave.
    ///
    /// - Parameters:
    ///   - markdown: The note, as a `.md` file would hold it.
    ///   - baseURL: The folder its relative image paths start from; nil for the current folder.
    ///   - format: The files' format.
    /// - Returns: The files' bytes in page order, the page count and the warnings.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func renderDocument(markdown: String, baseURL: URL? = nil, as format: OutputFormat = .pdf) throws -> RenderedDocument {
        try render(baseURL: baseURL, as: format) { try NoteSource(markdown: markdown, file: Self.inMemoryName) }
    }

    /// Renders the note `read` gives into memory, its relative paths from `baseURL`.
    private func render(baseURL: URL?, as format: OutputFormat, read: () throws -> NoteSource) throws -> RenderedDocument {
        // Without a base, the current folder: as `Typesetter` and `Document(parsing:)` take it, the sandbox too.
        let folder = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let resources = Resources(file: Self.inMemoryName, folder: folder, sandbox: options.sandbox ? folder : nil, date: options.date,
                                  sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        return try engine.renderInMemory(resources: resources, format: format, read: read)
    }

    /// The one file of `rendered`; an error for PNG or SVG pages, one file each.
    private static func oneFile(_ rendered: RenderedDocument, format: OutputFormat) throws -> Data {
        guard rendered.files.count == 1 else {
            throw LetterpressError.invalidOption(.severalPages, "the note has \(rendered.pageCount) pages, which are \(rendered.pageCount) "
                + "\(format.rawValue.uppercased()) images: use renderDocument(markdown:baseURL:as:) for one file per page")
        }
        return rendered.files[0]
    }

    /// Renders a document already parsed, or built with `StyledTextBuilder`, into one file's
    /// bytes, as `render(markdown:baseURL:as:)` renders a note.
    ///
    /// A built document does not carry its builder's theme: render it with
    /// `Renderer(theme: .theme(builder.theme))`, or it is styled as its front matter says.
    ///
    /// - Parameters:
    ///   - document: The document; its front matter chooses the theme, page and date as a
    ///     note's does.
    ///   - baseURL: The folder its relative image paths start from; nil for the current folder.
    ///   - format: The format of the bytes.
    /// - Returns: The file's bytes.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func render(_ document: Document, baseURL: URL? = nil, as format: OutputFormat = .pdf) throws -> Data {
        try Self.oneFile(renderDocument(document, baseURL: baseURL, as: format), format: format)
    }

    /// Renders a document already parsed, or built with `StyledTextBuilder`, into the bytes of
    /// its files, with its warnings, as `renderDocument(markdown:baseURL:as:)` renders a note.
    ///
    /// - Parameters:
    ///   - document: The document; its front matter chooses the theme, page and date as a
    ///     note's does.
    ///   - baseURL: The folder its relative image paths start from; nil for the current folder.
    ///   - format: The files' format.
    /// - Returns: The files' bytes in page order, the page count and the warnings.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func renderDocument(_ document: Document, baseURL: URL? = nil, as format: OutputFormat = .pdf) throws -> RenderedDocument {
        try render(baseURL: baseURL, as: format) { NoteSource(parsed: document) }
    }

    /// Renders `document` like `render(_:baseURL:as:)`, waiting for its turn without holding
    /// one of the concurrency pool's threads.
    ///
    /// - Parameters:
    ///   - document: The document, parsed or built.
    ///   - baseURL: The folder its relative image paths start from; nil for the current folder.
    ///   - format: The format of the bytes.
    /// - Returns: The file's bytes.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func render(_ document: Document, baseURL: URL? = nil, as format: OutputFormat = .pdf) async throws -> Data {
        try await Self.onRenderingThread { try render(document, baseURL: baseURL, as: format) }
    }

    /// Renders `markdown` like `render(markdown:baseURL:as:)`, waiting for its turn without
    /// holding one of the concurrency pool's threads.
    ///
    /// - Parameters:
    ///   - markdown: The note, as a `.md` file would hold it.
    ///   - baseURL: The folder its relative image paths (and front matter `strings:`) start
    ///     from; nil for the current folder.
    ///   - format: The format of the bytes.
    /// - Returns: The file's bytes.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func render(markdown: String, baseURL: URL? = nil, as format: OutputFormat = .pdf) async throws -> Data {
        try await Self.onRenderingThread { try render(markdown: markdown, baseURL: baseURL, as: format) }
    }

    /// Renders `markdown` like `renderDocument(markdown:baseURL:as:)`, waiting for its turn
    /// without holding one of the concurrency pool's threads.
    ///
    /// - Parameters:
    ///   - markdown: The note, as a `.md` file would hold it.
    ///   - baseURL: The folder its relative image paths start from; nil for the current folder.
    ///   - format: The files' format.
    /// - Returns: The files' bytes in page order, the page count and the warnings.
    /// - Throws: `LetterpressError`, as `render(markdown:baseURL:as:)`.
    public func renderDocument(markdown: String, baseURL: URL? = nil, as format: OutputFormat = .pdf) async throws -> RenderedDocument {
        try await Self.onRenderingThread { try renderDocument(markdown: markdown, baseURL: baseURL, as: format) }
    }

    /// What messages call a note rendered from a string.
    static let inMemoryName = "<markdown>"

    // MARK: Rendering files

    /// Renders the note at `note` to `output`, named as the command names its files: `out.pdf`,
    /// `out.png` for one page, else `out-1.png`, `out-2.png`… (see `OutputWriter.outputURLs`).
    ///
    /// Every file is written under a temporary name and renamed into place only when all are
    /// complete, so a failure leaves no partial file and the earlier ones as they were.
    ///
    /// - Parameters:
    ///   - note: A Markdown note, a `.txt` plain-text note, or a run archive
    ///     (`render inspect --json`).
    ///   - output: The file to write; its extension names the format unless `format` does.
    ///   - format: The format, when the extension does not say.
    /// - Returns: The files written, the page count and the warnings.
    /// - Throws: `LetterpressError`, naming the file (and line and column where there is one).
    @discardableResult
    public func render(contentsOf note: URL, to output: URL, format: OutputFormat? = nil) throws -> RenderResult {
        guard let format = format ?? OutputFormat(pathExtension: output.pathExtension) else {
            throw LetterpressError.invalidOption(.noOutputFormat, "\(Excerpt.name(output.path)): no format: name a \(OutputFormat.list(prefix: ".")) file, or give the format")
        }
        return try render(input: note.path, to: output, format: format)
    }

    /// Renders the note at `note` like `render(contentsOf:to:format:)`, waiting for its turn
    /// without holding one of the concurrency pool's threads.
    ///
    /// - Parameters:
    ///   - note: A Markdown note, a `.txt` plain-text note, or a run archive.
    ///   - output: The file to write; its extension names the format unless `format` does.
    ///   - format: The format, when the extension does not say.
    /// - Returns: The files written, the page count and the warnings.
    /// - Throws: `LetterpressError`, as `render(contentsOf:to:format:)`.
    @discardableResult
    public func render(contentsOf note: URL, to output: URL, format: OutputFormat? = nil) async throws -> RenderResult {
        try await Self.onRenderingThread { try render(contentsOf: note, to: output, format: format) }
    }

    /// Renders the note at `input` (`-`: standard input) to `output` in `format`, writing each
    /// page as soon as it is typeset.
    package func render(input: String, to output: URL, format: OutputFormat) throws -> RenderResult {
        try engine.render(input: input, to: output, format: format)
    }

    /// Renders the notes at `inputs` into one PDF at `output`, in their order, each starting a
    /// page and having an entry of the outline; links from one to another lead inside it.
    package func render(inputs: [String], toOnePDF output: URL) throws -> RenderResult {
        try engine.renderMerged(inputs: inputs, to: output)
    }

    /// Renders the note at `input` (`-`: standard input) into memory, as
    /// `render(input:to:format:)` renders it to files, with the time each step took.
    package func renderDocument(input: String, as format: OutputFormat) throws -> (document: RenderedDocument, timings: Timings) {
        try engine.renderInMemory(input: input, format: format)
    }

    // MARK: Typesetting in memory

    /// Parses and typesets the Markdown `source`; `file` names it in messages and locates its
    /// images.
    package func typeset(source: String, file: String) throws -> TypesetNote {
        try engine.typeset(source: source, file: file)
    }

    /// Typesets the note in `data` (Markdown, or a saved run archive); `file` names it in
    /// messages and locates its images.
    package func typeset(data: Data, file: String) throws -> TypesetNote {
        try engine.typeset(data: data, file: file)
    }

    /// Typesets a parsed document; `file` names it in messages and locates its images, and its
    /// modification time dates the badge when nothing else does.
    package func typeset(_ document: Document, file: String) throws -> TypesetNote {
        try engine.typeset(document, file: file)
    }

    /// Typesets `note` in memory, its Markdown parsed as `parsing` says.
    func typeset(_ note: NoteSource, file: String, parsing: RenderEngine.Parsing = .first) throws -> TypesetNote {
        try engine.typeset(note, file: file, parsing: parsing)
    }

    /// The fonts the renderer lays text out with; use inside `FontWork.exclusively`.
    package var fonts: FontContext { engine.fonts }

    // MARK: Steps

    /// The document in `data`: a saved run archive (`render inspect --json`), else plain text
    /// where the front matter or a `.txt` name says, else Markdown (with `variables` for
    /// `{{name}}`, before the front matter's, and the string tables at `strings`, before the
    /// front matter's, for `localized`).
    package static func document(from data: Data, file: String, variables: [String: String] = [:],
                                 locale: String = "en", strings: [URL] = [], math: Bool = true) throws -> Document {
        try document(from: data, file: file, variables: variables, locale: locale, strings: strings, math: math, resources: Resources(note: file))
    }

    /// The document in `data`, as `document(from:file:variables:locale:strings:math:)` reads it, its
    /// front matter's string tables found as `resources` allows; `math` false reads no TeX math.
    static func document(from data: Data, file: String, variables: [String: String], locale: String, strings: [URL],
                         math: Bool = true, resources: Resources) throws -> Document {
        if let archive = try DocumentArchive.read(data, file: file) { return archive.document }
        let (source, warnings) = MarkdownParser.decode(data, file: file)
        let (frontMatter, body) = try FrontMatterReader.split(source, file: file)
        // Without a theme here: a note the theme alone makes plain is read as Markdown.
        var document = NoteMarkup.of(file: file, frontMatter: frontMatter, theme: nil) == .plain
            ? PlainTextParser.parseBody(body, title: frontMatter.title)
            : MarkdownParser.parseBody(body, file: file, variables: frontMatter.variables(overriddenBy: variables),
                                       locale: frontMatter.locale ?? locale,
                                       strings: try stringTable(files: strings, frontMatter: frontMatter, resources: resources,
                                                                locale: frontMatter.locale ?? locale),
                                       contents: frontMatter.toc, math: frontMatter.math.enabled(math),
                                       dialect: frontMatter.dialect ?? .automatic, titleBlock: TitleBlock(frontMatter))
        document.frontMatter = frontMatter
        document.warnings = warnings + document.warnings
        return document
    }

    /// The run archive of the note at `file` (`-`: standard input), which `render` reads back to
    /// the pages this renderer gives the note (see `RenderEngine.renderedDocument`), and the
    /// warnings of reading it. It names `options.theme` (a path made absolute), else the front
    /// matter's, and keeps the `{{…}}` values, `options.variables` over the note's, and the
    /// locale, the front matter's, else `options.locale` when it is not the default.
    package func archive(of file: String) throws -> (archive: DocumentArchive, warnings: [Warning]) {
        let rendered = try engine.renderedDocument(input: file)
        var document = rendered.document
        document.frontMatter.variables = document.frontMatter.variables(overriddenBy: options.variables)
        // The text's values were formatted for `--locale`: the badge and headers are too.
        if document.frontMatter.locale == nil, options.locale != RenderOptions().locale { document.frontMatter.locale = options.locale.identifier }
        var theme = options.theme ?? document.frontMatter.theme
        // `--theme` names a file from the current folder, which rendering the archive elsewhere would not find.
        if let name = options.theme, ThemeLoader.isPath(name) { theme = URL(fileURLWithPath: name).standardizedFileURL.path }
        return (DocumentArchive(document, theme: theme, folder: rendered.folder), rendered.warnings)
    }

    /// The theme the command line names (`theme`), else the front matter (a path in it relative
    /// to the note's folder, `folder`), else `default`: what `--watch` watches too.
    package static func themeName(_ theme: String?, frontMatter: FrontMatter, folder: URL?) -> String {
        let name = theme ?? frontMatter.theme ?? "default"
        guard theme == nil, let folder, ThemeLoader.isPath(name), !name.hasPrefix("/") else { return name }
        return URL(fileURLWithPath: name, relativeTo: folder).standardizedFileURL.path
    }

    /// Runs `body` on a thread of its own: a rendering may wait for another to finish, and a
    /// task waiting there would hold one of the few threads every task shares. Cancelling the
    /// task stops the rendering at the next block or page with `CancellationError`.
    private static func onRenderingThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let flag = Cancellation.Flag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let run: @Sendable () -> Void = {
                    continuation.resume(with: Result {
                        try Cancellation.checking(flag) {
                            try Cancellation.check()
                            return try body()
                        }
                    })
                }
                // As deep as the main thread's: the parser and the typesetter recurse into nested blocks.
                if !DetachedThread.start(stackSize: 8 << 20, run) { run() }
            }
        } onCancel: {
            flag.set()
        }
    }
}

/// A note rendered in memory.
public struct RenderedDocument: Sendable {
    /// The files' bytes: one PDF, or one PNG or SVG per page.
    public var files: [Data]
    /// The number of pages typeset.
    public var pageCount: Int
    /// What the note should fix, in the order of the file.
    public var warnings: [Warning]
}
