import Foundation

/// Page size and margins of a rendering, after command-line and front matter overrides.
public struct PageGeometry: Sendable, Equatable {
    public var size: PageSize
    public var margins: Margins

    public init(size: PageSize, margins: Margins) {
        self.size = size
        self.margins = margins
    }

    /// The column text is set in.
    var column: Column { Column(x: margins.left, width: size.width - margins.left - margins.right) }
    var contentHeight: Double { size.height - margins.top - margins.bottom }
}

/// What typesetting a document made besides its pages, which went out one by one.
struct TypesetOutcome {
    var pageCount: Int
    var warnings: [Warning]
    var timings: Timings
}

/// A typeset document: its pages in order, ready for any drawer.
public struct TypesetDocument {
    public var pages: [Page]
    public var warnings: [Warning]
    /// Time spent parsing and styling for this document (on another thread when they ran
    /// beside typesetting), for `--timings`.
    public var timings = Timings()
}

extension TypesetDocument {
    /// The font files the document's text is drawn with, as `family style → file`, sorted.
    public var usedFonts: [String] {
        var fonts = Set<String>()
        for page in pages {
            for case let .text(line) in page.items {
                for run in line.runs { fonts.insert("\(run.font.face.name) → \(run.font.face.file)") }
            }
        }
        return fonts.sorted()
    }
}

/// Lays a styled document out on pages: collect slices, paginate, add headers and footers.
public struct Typesetter {
    public let theme: Theme
    public let geometry: PageGeometry
    let fonts: FontContext
    /// See `Collector.waitsForHelper`.
    var waitsForHelper = false

    public init(theme: Theme, geometry: PageGeometry, fonts: FontContext) {
        self.theme = theme
        self.geometry = geometry
        self.fonts = fonts
    }

    /// Typesets `document`; images are found relative to `baseURL`; warnings name `file`. The
    /// badge, when given, sits on the first page, and the text flows around it and around the
    /// front matter's shapes.
    /// With `sandbox`, images outside that folder are refused.
    public func typeset(_ document: Document, baseURL: URL?, file: String, badge: BadgePlan? = nil,
                        sandbox: URL? = nil) throws -> TypesetDocument {
        var pages: [Page] = []
        let outcome = try typeset(document, baseURL: baseURL, file: file, badge: badge, sandbox: sandbox) {
            pages.append($0)
        }
        return TypesetDocument(pages: pages, warnings: outcome.warnings, timings: outcome.timings)
    }

    /// Typesets `document` like `typeset(_:baseURL:file:badge:sandbox:)`, handing each page to
    /// `deliver` as it is finished.
    func typeset(_ document: Document, baseURL: URL?, file: String, badge: BadgePlan? = nil, sandbox: URL? = nil,
                 deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        let start = Timings.now()
        let styler = Styler(theme: theme, file: file)
        var warnings = document.warnings
        let blocks = styler.style(document.blocks, paragraph: theme.body.text, warnings: &warnings)
        let footnotes = styler.style(document.footnotes, warnings: &warnings)
        let stream = StyledBlockStream(blocks: blocks, ending: .init(footnotes: footnotes, warnings: warnings,
                                                                      styleSeconds: Timings.now() - start))
        return try typeset(stream, frontMatter: document.frontMatter, baseURL: baseURL, file: file, badge: badge,
                           sandbox: sandbox, deliver: deliver)
    }

    /// Fails when the margins leave too little of the page for text.
    func checkRoom() throws {
        guard geometry.column.width >= 36, geometry.contentHeight >= 36 else {
            throw LetterpressError.invalidOption("the margins leave no room for text on a \(geometry.size.width)×\(geometry.size.height) pt page")
        }
    }

    /// Whether a header or footer shows the page count, which only the last page settles.
    var showsPageCount: Bool {
        [theme.page.header, theme.page.footer].contains { style in
            guard let style else { return false }
            return [style.left, style.center, style.right].contains { $0.contains("{pages}") }
        }
    }

    /// Typesets the blocks of `stream` as they arrive, for a document with `frontMatter`, and
    /// hands each page to `deliver` as soon as it is finished (and the second thread lays
    /// nothing out), so that pages already drawn are not kept; all at the end when the headers
    /// or footers show the page count.
    func typeset(_ stream: StyledBlockStream, frontMatter: FrontMatter, baseURL: URL?, file: String,
                 badge: BadgePlan? = nil, sandbox: URL? = nil, gate: HelperGate = HelperGate(),
                 deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        try checkRoom()
        var collector = Collector(theme: theme, fonts: fonts, contentHeight: geometry.contentHeight,
                                  baseURL: baseURL, file: file)
        collector.sandbox = sandbox
        collector.waitsForHelper = waitsForHelper
        let (exclusions, drawn) = ShapeBuilder(theme: theme, geometry: geometry, fonts: fonts)
            .build(badge: badge, specs: frontMatter.exclusions)
        var paginator = Paginator(contentHeight: geometry.contentHeight, column: geometry.column,
                                  contentTop: geometry.margins.top, exclusions: exclusions, fonts: fonts)
        let holdsPages = showsPageCount
        var waiting: [Paginator.PageContent] = []
        var pageCount = 0
        func deliverWaitingPages() throws {
            let total = holdsPages ? pageCount + waiting.count : nil
            for index in waiting.indices {
                // Each page's content goes as soon as the page is delivered.
                let content = waiting[index]
                waiting[index] = Paginator.PageContent()
                pageCount += 1
                try deliver(page(content, number: pageCount, of: total, drawn: drawn[pageCount] ?? [], frontMatter: frontMatter))
            }
            waiting = []
        }
        let ending = try collector.collect(stream, column: geometry.column, gate: gate) { slices, containers in
            paginator.containers += containers
            waiting += paginator.add(slices)
            // Pages wait while the second thread lays out (see `HelperGate`), or for the count.
            if !holdsPages { _ = try gate.ifIdle(deliverWaitingPages) }
        }
        waiting += paginator.add([], ending: true)
        try gate.whenIdle(deliverWaitingPages)
        var timings = Timings()
        if stream.concurrent {
            (timings.parseBeside, timings.styleBeside) = (ending.parseSeconds, ending.styleSeconds)
            timings.waiting = stream.waitingSeconds + collector.waitingForHelperSeconds
            timings.typesetBeside = collector.helperSeconds
        } else {
            (timings.parse, timings.style) = (ending.parseSeconds, ending.styleSeconds)
        }
        return TypesetOutcome(pageCount: pageCount, warnings: ending.warnings + collector.warnings, timings: timings)
    }

    /// Page `number` of `content`, below the shapes `drawn` on it, with its header and footer.
    private func page(_ content: Paginator.PageContent, number: Int, of pages: Int?, drawn: [PageItem],
                      frontMatter: FrontMatter) -> Page {
        let top = geometry.margins.top
        var items = drawn + content.items.map { $0.offsetBy(dy: top) }
        items += runningText(page: number, of: pages, frontMatter: frontMatter)
        return Page(size: geometry.size, background: theme.page.background, items: items,
                    outline: content.outline.map { OutlineEntry(level: $0.level, title: $0.title, y: $0.y + top) })
    }

    /// Header and footer lines for page `page`, with `{page}`, `{pages}` (when known: see
    /// `showsPageCount`), `{title}`, `{author}`, `{date}` filled.
    private func runningText(page: Int, of pages: Int?, frontMatter: FrontMatter) -> [PageItem] {
        let values = ["page": String(page), "pages": pages.map(String.init) ?? "", "title": frontMatter.title ?? "",
                      "author": frontMatter.author ?? "", "date": frontMatter.date ?? ""]
        func fill(_ template: String) -> String {
            values.reduce(template) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        var items: [PageItem] = []
        let column = geometry.column
        let placements: [(HeaderFooter?, Double)] = [
            (theme.page.header, geometry.margins.top / 2),
            (theme.page.footer, geometry.size.height - geometry.margins.bottom / 2),
        ]
        for case let (style?, middle) in placements where page > 1 || style.firstPage {
            for (template, align) in [(style.left, TextAlignment.left), (style.center, .center), (style.right, .right)] {
                let text = fill(template).trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                let layout = TextLayout(StyledText(text, style: style.style), width: column.width, align: align,
                                        lineHeight: 1, context: fonts)
                guard let line = layout.lines.first else { continue }
                let baseline = middle - line.height / 2 + line.baseline - line.top
                items.append(.text(layout.textLine(0, origin: Point(x: column.x + line.x, y: baseline))))
            }
        }
        return items
    }
}
