import Foundation
import Synchronization

/// What a `Renderer` and its copies share: the themes loaded and the fonts. Renders notes, each
/// in the same steps: read the source → front matter → theme → page plan (geometry, badge,
/// metadata) → styled blocks → pages → output. Used only inside `FontWork.exclusively`, which
/// makes one rendering at a time in the process and so guards this object's state too.
final class RenderEngine: @unchecked Sendable {
    let options: RenderOptions
    private var themes: ThemeCache
    /// A theme given as a value (`Renderer(theme: .value(…))`), used for every note.
    private let fixedTheme: Theme?
    /// Made when first needed, after the theme file is read, so that fontconfig's loading
    /// (see `StartUpWarmUp`) has that long to finish.
    private(set) lazy var fonts = FontContext()
    /// Lets one document use the machine's other cores: Markdown parsed and styled on a second
    /// thread while this one typesets (see `parseBeside`), and a one-page PNG compressed in two
    /// bands at once. Off where other processes already use every core. Atomic: `Renderer`
    /// copies share the engine, and any may set it while another renders.
    private let spareCores = Atomic(true)
    var usesSpareCores: Bool {
        get { spareCores.load(ordering: .relaxed) }
        set { spareCores.store(newValue, ordering: .relaxed) }
    }

    init(options: RenderOptions, themes: ThemeLoader, fixedTheme: Theme?) {
        self.options = options
        self.themes = ThemeCache(loader: themes, scale: options.textScale)
        self.fixedTheme = fixedTheme
    }

    /// How a note's Markdown is parsed and styled: all of it before typesetting starts, or on a
    /// second thread, block by block into a stream of at most `capacity` blocks (made for each
    /// layout, with the note's theme), while this one typesets.
    enum Parsing {
        case first
        case beside(capacity: Int)

        static let beside = Parsing.beside(capacity: StyledBlockStream.defaultCapacity)
    }

    /// Renders the note at `input` (`-`: standard input) to `output` in `format`, writing each
    /// page as soon as it is typeset.
    func render(input: String, to output: URL, format: OutputFormat) throws -> RenderResult {
        let resources = Resources(note: input, options: options)
        return try render(resources: resources, to: output, format: format, inputs: input == "-" ? [] : [URL(fileURLWithPath: input)]) {
            try NoteSource(resources.readNote(), file: input)
        }
    }

    /// Renders the note `read` gives, whose files `resources` reads, to `destination`; `inputs`
    /// are files the output must never replace.
    func render(resources: Resources, to destination: URL, format: OutputFormat, inputs: [URL],
                read: () throws -> NoteSource) throws -> RenderResult {
        let rendered = try render(resources: resources, format: format, inputs: inputs, read: read,
                                  open: { try $0.open(destination) }, finish: { try $0.finish(protecting: resources.imageFiles) })
        return RenderResult(files: rendered.files, pageCount: rendered.pageCount, warnings: rendered.warnings, timings: rendered.timings)
    }

    /// Renders the notes at `inputs` into one PDF at `destination`, in their order: each starts
    /// a page, keeps its own front matter and theme, and has an entry of the outline (see
    /// `MergedNotes`); the first note's metadata is the document's. Page numbers run on from
    /// note to note. Every note is read first, so that a bad one stops the run before anything
    /// is written; then they are typeset one at a time, each in memory, and its pages written
    /// before the next is typeset. When a note's header or footer shows `{pages}`, a first
    /// round counts the document's pages.
    func renderMerged(inputs: [String], to destination: URL) throws -> RenderResult {
        try FontWork.exclusively {
            let clock = StepClock()
            let merged = MergedNotes(inputs: inputs)
            var output: PageOutput?
            var warnings: [Warning] = []
            var imageFiles: [URL] = []
            let notes = try inputs.map { try MergedNote(input: $0, engine: self, clock: clock) }
            // The count's round gives the warnings: a theme's are given once, when it is first used.
            var total: Int?
            var counted: [TypesetOutcome] = []
            if notes.contains(where: { PageTypesetter.showsPageCount($0.theme.layout.page) }) {
                var pages = 0
                for note in notes {
                    let outcome = try typeset(note, numbering: PageNumbering(first: pages + 1), clock: clock).outcome
                    pages += outcome.pageCount
                    counted.append(outcome)
                }
                total = pages
            }
            var pageCount = 0
            for (index, note) in notes.enumerated() {
                let pages = try typeset(note, numbering: PageNumbering(first: pageCount + 1, total: total), clock: clock)
                let noteWarnings = index < counted.count ? counted[index].warnings : pages.outcome.warnings
                if options.strict && noteWarnings.contains(where: { !$0.isAboutInstallation }) {
                    throw LetterpressError.strictWarnings(file: note.resources.file, warnings: noteWarnings)
                }
                warnings += noteWarnings
                if output == nil {
                    var writer = OutputWriter(format: .pdf, dpi: options.dpi, metadata: note.plan.metadata)
                    writer.tagged = options.tagged
                    writer.inputs = inputs.map { URL(fileURLWithPath: $0) }
                    writer.sandbox = note.resources.sandbox
                    output = try writer.open(destination)
                }
                for page in merged.pages(pages.pages, ofNote: index, title: note.source.frontMatter.title) { try output?.add(page) }
                pageCount += pages.pages.count
                imageFiles += note.resources.imageFiles
            }
            guard let output else { throw LetterpressError.invalidOption(.nothingToMerge, "no notes to merge") }
            clock.add(output.drawSeconds, to: \.draw)
            let files = try output.finish(protecting: imageFiles)
            clock.add(output.writeSeconds, to: \.write)
            return RenderResult(files: files, pageCount: pageCount, warnings: warnings, timings: clock.timings)
        }
    }

    /// One note of a merged document, read, with its theme and page plan.
    private struct MergedNote {
        let resources: Resources
        let source: NoteSource
        let theme: Theme
        let plan: PagePlan

        init(input: String, engine: RenderEngine, clock: StepClock) throws {
            let file = Resources(note: input, options: engine.options)
            let source = try clock.measure(\.parse) { try NoteSource(file.readNote(), file: input) }
            let resources = source.resources(file)
            theme = try clock.measure(\.theme) { try engine.theme(for: source.frontMatter, resources: resources) }
            plan = try PagePlan(frontMatter: source.frontMatter, styles: theme.layout, options: engine.options, resources: resources)
            (self.resources, self.source) = (resources, source)
        }
    }

    /// `note`'s pages, numbered as `numbering` says, in memory.
    private func typeset(_ note: MergedNote, numbering: PageNumbering, clock: StepClock) throws -> (pages: [Page], outcome: TypesetOutcome) {
        if case let .markdown(body) = note.source.body { HighlightLibrary.openAhead(for: body) }
        defer { HighlightLibrary.settle() }
        var pages: [Page] = []
        let outcome = try clock.measure(\.typeset) {
            try deliverPages(of: note.source, theme: note.theme, plan: note.plan, resources: note.resources, parsing: .first,
                             numbering: numbering, clock: clock, start: { pages = [] }) { pages.append($0) }
        }
        return (pages, outcome)
    }

    /// Renders the note `read` gives, whose files `resources` reads, into memory.
    func renderInMemory(resources: Resources, format: OutputFormat, read: () throws -> NoteSource) throws -> RenderedDocument {
        try renderInMemoryTimed(resources: resources, format: format, read: read).document
    }

    /// Renders the note at `input` (`-`: standard input) into memory, with its timings.
    func renderInMemory(input: String, format: OutputFormat) throws -> (document: RenderedDocument, timings: Timings) {
        let resources = Resources(note: input, options: options)
        return try renderInMemoryTimed(resources: resources, format: format) { try NoteSource(resources.readNote(), file: input) }
    }

    private func renderInMemoryTimed(resources: Resources, format: OutputFormat,
                                     read: () throws -> NoteSource) throws -> (document: RenderedDocument, timings: Timings) {
        let rendered = try render(resources: resources, format: format, inputs: [], read: read,
                                  open: { try $0.openInMemory() }, finish: { try $0.finishInMemory() })
        return (RenderedDocument(files: rendered.files, pageCount: rendered.pageCount, warnings: rendered.warnings), rendered.timings)
    }

    /// What a rendering gives: its files (names or bytes), and what it found on the way.
    private struct Rendered<Files> {
        var files: Files
        var pageCount: Int
        var warnings: [Warning]
        var timings: Timings
    }

    /// Renders the note `read` gives into the output `open` makes from the writer the note's
    /// plan settles, then `finish` gives the files.
    private func render<Files>(resources: Resources, format: OutputFormat, inputs: [URL], read: () throws -> NoteSource,
                               open: (OutputWriter) throws -> PageOutput, finish: (PageOutput) throws -> Files) throws -> Rendered<Files> {
        try FontWork.exclusively {
            let clock = StepClock()
            // Reading and decoding the file count as parsing on this thread.
            let note = try clock.measure(\.parse, read)
            let resources = note.resources(resources)
            if case let .markdown(body) = note.body { HighlightLibrary.openAhead(for: body) }
            defer { HighlightLibrary.settle() }
            let theme = try clock.measure(\.theme) { try self.theme(for: note.frontMatter, resources: resources) }
            let (outcome, output) = try clock.measure(\.typeset) {
                let plan = try PagePlan(frontMatter: note.frontMatter, styles: theme.layout, options: options, resources: resources)
                var writer = OutputWriter(format: format, dpi: options.dpi, metadata: plan.metadata)
                writer.tagged = options.tagged
                if !usesSpareCores { writer.encodingThreads = 1 }
                writer.inputs = inputs
                writer.sandbox = resources.sandbox
                var opened: PageOutput?
                let parsing: Parsing = usesSpareCores ? .beside : .first
                let outcome = try deliverPages(of: note, theme: theme, plan: plan, resources: resources, parsing: parsing, clock: clock,
                                               start: {
                                                   // A layout whose numbers did not hold is dropped, its files with it.
                                                   opened = nil
                                                   opened = try open(writer)
                                               }) {
                    try opened?.add($0)
                }
                guard let output = opened else { throw LetterpressError.invalidOption(.internalError, "no output was opened") }
                // Pages were drawn and written as they were typeset.
                clock.add(output.drawSeconds, to: \.draw)
                clock.add(output.writeSeconds, to: \.write)
                return (outcome, output)
            }
            if options.strict && outcome.warnings.contains(where: { !$0.isAboutInstallation }) {
                throw LetterpressError.strictWarnings(file: resources.file, warnings: outcome.warnings)
            }
            // Past the last page, a cancellation still leaves nothing: finishing renames the files into place.
            try Cancellation.check()
            // Finishing writes what is left (the PDF's end, PNG pages still being compressed).
            let written = output.writeSeconds
            let files = try finish(output)
            clock.add(output.writeSeconds - written, to: \.write)
            return Rendered(files: files, pageCount: outcome.pageCount, warnings: outcome.warnings, timings: clock.timings)
        }
    }

    /// Parses and typesets the Markdown `source`; `file` names it in messages and locates its
    /// images.
    func typeset(source: String, file: String) throws -> TypesetNote {
        try typeset(NoteSource(markdown: source, file: file), file: file)
    }

    /// Typesets the note in `data` (Markdown, or a saved run archive); `file` names it in
    /// messages and locates its images.
    func typeset(data: Data, file: String) throws -> TypesetNote {
        try typeset(NoteSource(data, file: file), file: file)
    }

    /// Typesets a parsed document; `file` names it in messages and locates its images, and its
    /// modification time dates the badge when nothing else does.
    func typeset(_ document: Document, file: String) throws -> TypesetNote {
        try typeset(NoteSource(parsed: document), file: file)
    }

    /// The document that rendering the note at `input` typesets, as a run archive keeps it:
    /// parsed with the note's theme (its markup, dialect, title block and math macros), its
    /// contents and page references holding the pages a rendering settles on, its front matter
    /// with `markup` as read. Also the folder its relative paths start from, and the warnings of
    /// reading and parsing it.
    func renderedDocument(input: String) throws -> (document: Document, folder: URL?, warnings: [Warning]) {
        try FontWork.exclusively {
            let file = Resources(note: input, options: options)
            let note = try NoteSource(file.readNote(), file: input)
            let resources = note.resources(file)
            guard case let .markdown(body) = note.body, let text = note.text else {
                guard case let .parsed(document) = note.body else { throw LetterpressError.invalidOption(.internalError, "the note was not read") }
                return (document, resources.folder, note.warnings)
            }
            let theme = try self.theme(for: note.frontMatter, resources: resources)
            let plan = try PagePlan(frontMatter: note.frontMatter, styles: theme.layout, options: options, resources: resources)
            var numbers: PageNumbers?
            if showsPageNumbers(note, theme: theme, file: input) {
                // The numbers the last layout is given, which are those its pages show.
                _ = try PageNumbers.settle { given in
                    guard let given else {
                        return try measure(note, theme: theme, plan: plan, resources: resources, parsing: .first, numbering: .alone, clock: StepClock())
                    }
                    numbers = given
                    var found = PageNumbers()
                    var page = 0
                    _ = try layOut(note, theme: theme, plan: plan, resources: resources, parsing: .first, pageNumbers: given,
                                   numbering: .alone, clock: StepClock()) {
                        page += 1
                        found.record(destinationsOf: $0, page: page)
                    }
                    return found
                }
            }
            let markup = NoteMarkup.of(file: input, frontMatter: note.frontMatter, theme: theme.markup)
            var document = parse(body, markup: markup, frontMatter: note.frontMatter, file: input,
                                 strings: try stringTable(for: note.frontMatter, resources: resources), pageNumbers: numbers, theme: theme)
            document.frontMatter = note.frontMatter
            document.frontMatter.markup = markup
            let warnings = CharacterColumns.converted(note.warnings + document.warnings, file: input, text: text, firstLine: note.bodyLine)
            return (document, resources.folder, themes.takeWarnings() + warnings)
        }
    }

    /// Typesets `note` in memory, its Markdown parsed as `parsing` says.
    func typeset(_ note: NoteSource, file: String, parsing: Parsing = .first) throws -> TypesetNote {
        try FontWork.exclusively { try typesetAlone(note, file: file, parsing: parsing) }
    }

    private func typesetAlone(_ note: NoteSource, file: String, parsing: Parsing) throws -> TypesetNote {
        let clock = StepClock()
        let resources = note.resources(Resources(note: file, options: options))
        let theme = try clock.measure(\.theme) { try self.theme(for: note.frontMatter, resources: resources) }
        let plan = try PagePlan(frontMatter: note.frontMatter, styles: theme.layout, options: options, resources: resources)
        var pages: [Page] = []
        var missing = Set<Unicode.Scalar>()
        let outcome = try deliverPages(of: note, theme: theme, plan: plan, resources: resources, parsing: parsing, clock: clock,
                                       start: { (pages, missing) = ([], []) }) {
            missing.formUnion($0.missingCharacters)
            pages.append($0)
        }
        return TypesetNote(document: TypesetDocument(pages: pages, warnings: outcome.warnings, metadata: plan.metadata, timings: clock.timings),
                           metadata: plan.metadata, missingCharacters: MissingCharacters.placed(missing, in: note.text))
    }

    /// The theme `themeName` names for the note.
    private func theme(for frontMatter: FrontMatter, resources: Resources) throws -> Theme {
        if let fixedTheme { return themes.fixed(fixedTheme) { fonts } }
        let name = Renderer.themeName(options.theme, frontMatter: frontMatter, folder: resources.folder)
        do {
            return try themes.theme(named: name, resources: resources) { fonts }
        } catch let error as LetterpressError where options.theme == nil && frontMatter.theme != nil {
            // A theme the front matter names that cannot be found: the note's line says which.
            let location = frontMatter.locations["theme"]
            switch error {
            case .unknownTheme:
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: location, message: "theme: " + error.description)
            case let .unreadableInput(file, reason) where file == name:
                // Named as the note writes it, not as found from its folder.
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: location,
                                                          message: "theme: \(Excerpt.name(frontMatter.theme ?? file)): \(reason)")
            case .unreadableInput:
                throw LetterpressError.invalidFrontMatter(file: resources.file, location: location, message: "theme: " + error.description)
            default:
                throw error
            }
        }
    }

    /// Styles the note's blocks and typesets them, handing each page to `deliver` as it is
    /// finished, after calling `start`; the warnings are the themes' not yet reported, then the
    /// note's in the order of the file.
    ///
    /// A note that shows the pages of its anchors (a table of contents, `{page:#…}`) is first
    /// laid out without drawing to find them, then laid out and delivered with the numbers
    /// found, which that layout finds again (see `PageNumbers.settle`): should it find others,
    /// `start` is called again (the caller drops what it was handed) and it is laid out anew.
    private func deliverPages(of note: NoteSource, theme: Theme, plan: PagePlan, resources: Resources, parsing: Parsing,
                              numbering: PageNumbering = .alone, clock: StepClock, start: () throws -> Void, deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        var outcome: TypesetOutcome?
        var unsettled: [Warning] = []
        if showsPageNumbers(note, theme: theme, file: resources.file) {
            let settlement = try PageNumbers.settle { numbers in
                guard let numbers else {
                    return try measure(note, theme: theme, plan: plan, resources: resources, parsing: parsing, numbering: numbering, clock: clock)
                }
                try start()
                var found = PageNumbers()
                var page = numbering.first - 1
                outcome = try layOut(note, theme: theme, plan: plan, resources: resources, parsing: parsing, pageNumbers: numbers,
                                     numbering: numbering, clock: clock) {
                    page += 1
                    found.record(destinationsOf: $0, page: page)
                    try deliver($0)
                }
                return found
            }
            clock.count(layouts: settlement.layouts)
            if !settlement.settled { unsettled = [Warning(code: .pageNumbersUnsettled, file: resources.file, message: settlement.unsettledMessage)] }
        } else {
            try start()
            outcome = try layOut(note, theme: theme, plan: plan, resources: resources, parsing: parsing, pageNumbers: nil,
                                 numbering: numbering, clock: clock, deliver: deliver)
        }
        guard var outcome else { throw LetterpressError.invalidOption(.internalError, "the note was not laid out") }
        let missing = MissingCharacters.warnings(for: outcome.missingCharacters, in: note.text, file: resources.file)
        var located = outcome.warnings + plan.warnings
        if let text = note.text {
            located = CharacterColumns.converted(located, file: resources.file, text: text, firstLine: note.bodyLine)
        }
        outcome.warnings = themes.takeWarnings() + Warning.summarized(Warning.inFileOrder(located + missing))
            + unsettled
        return outcome
    }

    /// Styles the note's blocks, with `pageNumbers` in its contents and page references, and
    /// typesets them, handing each page to `deliver` as it is finished.
    private func layOut(_ note: NoteSource, theme: Theme, plan: PagePlan, resources: Resources, parsing: Parsing,
                        pageNumbers: PageNumbers?, numbering: PageNumbering, clock: StepClock,
                        deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        let typesetter = PageTypesetter(geometry: plan.geometry, fonts: fonts)
        let strings = try stringTable(for: note.frontMatter, resources: resources)
        let blocks = try styledBlocks(note, theme: theme, typesetter: typesetter, parsing: parsing, file: resources.file, strings: strings,
                                      pageNumbers: pageNumbers, clock: clock)
        defer { blocks.close() }
        let outcome = try typesetter.typeset(blocks, frontMatter: note.frontMatter, resources: resources, badge: plan.badge,
                                             runningDate: plan.runningDate, runningVariables: plan.runningVariables, numbering: numbering,
                                             deliver: deliver)
        clock.add(outcome.timings)
        return outcome
    }

    /// Whether `note` is Markdown that shows the pages of its anchors (`PageNumbers.areShown`);
    /// a saved run archive keeps the numbers it holds.
    private func showsPageNumbers(_ note: NoteSource, theme: Theme, file: String) -> Bool {
        guard case let .markdown(body) = note.body else { return false }
        return NoteMarkup.of(file: file, frontMatter: note.frontMatter, theme: theme.markup) == .markdown
            && PageNumbers.areShown(in: body, frontMatter: note.frontMatter)
    }

    /// The pages `note`'s anchors land on in a layout without page numbers that draws nothing:
    /// each page is let go as soon as its anchors are recorded. Its parsing and styling count
    /// as measuring.
    private func measure(_ note: NoteSource, theme: Theme, plan: PagePlan, resources: Resources, parsing: Parsing,
                         numbering: PageNumbering, clock: StepClock) throws -> PageNumbers {
        try clock.measure(\.measure) {
            var found = PageNumbers()
            var page = numbering.first - 1
            _ = try layOut(note, theme: theme, plan: plan, resources: resources, parsing: parsing, pageNumbers: nil,
                           numbering: numbering, clock: StepClock()) {
                page += 1
                found.record(destinationsOf: $0, page: page)
            }
            return found
        }
    }

    /// The note's blocks, styled with `theme`: all at once, or arriving from a second thread
    /// while `typesetter` lays them out.
    private func styledBlocks(_ note: NoteSource, theme: Theme, typesetter: PageTypesetter, parsing: Parsing, file: String, strings: StringTable,
                              pageNumbers: PageNumbers?, clock: StepClock) throws -> StyledBlockStream {
        let markup = NoteMarkup.of(file: file, frontMatter: note.frontMatter, theme: theme.markup)
        switch (note.body, parsing) {
        case let (.parsed(document), _):
            // Parsed already: a run archive says when its blocks were read as plain text.
            return styled(document, theme: theme, file: file, warnings: note.warnings, language: language(of: note.frontMatter),
                          markup: note.frontMatter.markup ?? .markdown)
        case let (.markdown(body), .first),
             // Notes set at the foot of their pages are needed before their references are
             // placed, and cmark gives them only after the last block: such a note is parsed
             // first (only one with a `[^`, which every reference has).
             let (.markdown(body), .beside) where markup == .markdown && theme.footnotePlacement == .page
                && body.containsBytes("[^"):
            let document = clock.measure(\.parse) {
                parse(body, markup: markup, frontMatter: note.frontMatter, file: file, strings: strings, pageNumbers: pageNumbers,
                      theme: theme)
            }
            return styled(document, theme: theme, file: file, warnings: note.warnings, language: language(of: note.frontMatter),
                          markup: markup)
        case let (.markdown(body), .beside(capacity)):
            // Checked before the parser starts. Once it runs, only delivering a page can fail,
            // which closes the stream: the parser then stops its walk, and the second thread
            // takes no more runs. Should this thread leave before offering it work, the
            // parser's thread stops waiting for the offer.
            try typesetter.checkRoom()
            let stream = StyledBlockStream(layout: theme.layout, capacity: capacity)
            parseBeside(body, markup: markup, frontMatter: note.frontMatter, file: file, warnings: note.warnings, strings: strings,
                        pageNumbers: pageNumbers, theme: theme, into: stream)
            return stream
        }
    }

    /// A stream holding `document`'s blocks and footnotes, all styled with `theme`, after
    /// `warnings` and the document's, in `language` (else the front matter's); styling's time is
    /// the stream's to report.
    private func styled(_ document: Document, theme: Theme, file: String, warnings earlier: [Warning], language: LanguageTag?,
                        markup: NoteMarkup = .markdown) -> StyledBlockStream {
        let styler = Styler(theme: theme, file: file, language: language ?? document.frontMatter.lang, markup: markup)
        return StyledBlockStream(styler.style(document, after: earlier))
    }

    /// The note's math: the front matter's, off when `--no-math` or the theme's `math: false`
    /// says, with the theme's macros under the front matter's.
    private func mathSetting(_ frontMatter: FrontMatter, theme: MathTheme) -> MathSetting {
        frontMatter.math.over(MathSetting(enabled: theme.enabled, macros: theme.macros)).enabled(options.math)
    }

    /// The language of the note's text: the front matter's `lang`, else `--lang`.
    private func language(of frontMatter: FrontMatter) -> LanguageTag? {
        frontMatter.lang ?? options.language
    }

    /// Parses `body` as `markup` says, handing `deliver` the blocks as they are made; the
    /// document returned has the footnotes and warnings, not the blocks.
    private func parse(_ body: String, markup: NoteMarkup, frontMatter: FrontMatter, file: String, strings: StringTable,
                       pageNumbers: PageNumbers?, theme: Theme, delivering deliver: ([Block]) -> Bool) -> Document {
        switch markup {
        case .markdown:
            return MarkdownParser.parseBody(body, file: file, variables: frontMatter.variables(overriddenBy: options.variables),
                                            locale: frontMatter.locale ?? options.locale.identifier, strings: strings, contents: frontMatter.toc,
                                            pageNumbers: pageNumbers, math: mathSetting(frontMatter, theme: theme.math),
                                            dialect: options.dialect ?? frontMatter.dialect ?? theme.dialect ?? .automatic,
                                            titleBlock: theme.titleBlock.enabled == false ? nil : TitleBlock(frontMatter, always: theme.titleBlock.enabled == true),
                                            embeds: file == "-" ? nil : NoteEmbeds(note: file, size: body.utf8.count,
                                                                                  sandbox: Resources(note: file, options: options).sandbox),
                                            delivering: deliver)
        case .plain:
            PlainTextParser.parseBody(body, title: frontMatter.title, delivering: deliver)
            return Document(blocks: [])
        }
    }

    /// The whole document in `body`, parsed as `markup` says.
    private func parse(_ body: String, markup: NoteMarkup, frontMatter: FrontMatter, file: String, strings: StringTable,
                       pageNumbers: PageNumbers?, theme: Theme) -> Document {
        var blocks: [Block] = []
        var document = parse(body, markup: markup, frontMatter: frontMatter, file: file, strings: strings, pageNumbers: pageNumbers,
                             theme: theme) {
            blocks += $0
            return true
        }
        document.blocks = blocks
        return document
    }

    /// Starts a second thread that parses `body` (Markdown with cmark, or plain text), and
    /// styles it top-level block by block into `stream`, while this one lays out the blocks already
    /// styled. `warnings` are those of reading the source, reported with the rest.
    private func parseBeside(_ body: String, markup: NoteMarkup, frontMatter: FrontMatter, file: String, warnings readWarnings: [Warning],
                             strings: StringTable, pageNumbers: PageNumbers?, theme: Theme, into stream: StyledBlockStream) {
        let styler = Styler(theme: theme, file: file, language: language(of: frontMatter), markup: markup)
        let base = theme.body.text
        let parse = {
            var warnings: [Warning] = []
            var styleSeconds = 0.0
            let start = Timings.now()
            let document = self.parse(body, markup: markup, frontMatter: frontMatter, file: file, strings: strings,
                                      pageNumbers: pageNumbers, theme: theme) { blocks in
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
        _ = TextLayout(StyledText("x", style: base), width: nil, align: .left, lineHeight: 1, context: fonts)
    }
}
