import Foundation
import LetterpressCore
import LetterpressMarkup
import LetterpressStyling

/// Lays a styled document out on pages: collect slices, paginate, add headers and footers,
/// in the block-level look the document was styled with (its stream's `layout`).
package struct PageTypesetter {
    package let geometry: PageGeometry
    package let fonts: FontContext
    /// See `HelpedCollection.waitsForHelper`.
    var waitsForHelper = false

    package init(geometry: PageGeometry, fonts: FontContext) {
        self.geometry = geometry
        self.fonts = fonts
    }

    /// Typesets `document`; images are found relative to `baseURL`; warnings name `file`. The
    /// badge, when given, sits on the first page, and the text flows around it and around the
    /// front matter's shapes.
    /// With `sandbox`, images outside that folder are refused.
    package func typeset(_ document: StyledDocument, baseURL: URL?, file: String, badge: BadgePlan? = nil,
                        sandbox: URL? = nil) throws -> TypesetDocument {
        var pages: [Page] = []
        let outcome = try typeset(document, baseURL: baseURL, file: file, badge: badge, sandbox: sandbox) {
            pages.append($0)
        }
        return TypesetDocument(pages: pages, warnings: outcome.warnings, timings: outcome.timings)
    }

    /// Typesets `document` like `typeset(_:baseURL:file:badge:sandbox:)`, handing each page to
    /// `deliver` as it is finished.
    package func typeset(_ document: StyledDocument, baseURL: URL?, file: String, badge: BadgePlan? = nil, sandbox: URL? = nil,
                         deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        try typeset(StyledBlockStream(document), frontMatter: document.frontMatter,
                    resources: Resources(file: file, folder: baseURL, sandbox: sandbox), badge: badge, deliver: deliver)
    }

    /// Fails when the margins leave too little of the page for text.
    package func checkRoom() throws {
        guard geometry.column.width >= 36, geometry.contentHeight >= 36 else {
            throw LetterpressError.invalidOption(.noRoomForText, "the margins leave no room for text on a \(geometry.size.width)×\(geometry.size.height) pt page")
        }
    }

    /// Whether a header or footer of `page` shows the page count, which only the last page
    /// settles.
    package static func showsPageCount(_ page: PageStyle) -> Bool {
        [page.header, page.footer].contains { $0?.shows("{pages}") ?? false }
    }

    /// Typesets the blocks of `stream` as they arrive, for a document with `frontMatter` whose
    /// images `resources` reads (its headers' and footers' `{{…}}` by what is inside the braces
    /// in `runningVariables`, as `PagePlan` formats them), and hands each page to `deliver` as
    /// soon as it is finished (and the second thread lays nothing out), so that pages already
    /// drawn are not kept; all at the end when the headers or footers show the page count and
    /// `numbering` does not give it. `numbering` says what `{page}` and `{pages}` print.
    package func typeset(_ stream: StyledBlockStream, frontMatter: FrontMatter, resources: Resources,
                 badge: BadgePlan? = nil, runningDate: String? = nil, runningVariables: [String: String] = [:],
                 numbering: PageNumbering = .alone, gate: HelperGate = HelperGate(),
                 deliver: (Page) throws -> Void) throws -> TypesetOutcome {
        try checkRoom()
        let styles = stream.layout
        var collector = Collector(styles: styles, fonts: fonts, contentHeight: geometry.contentHeight, resources: resources)
        var collection = HelpedCollection()
        collection.waitsForHelper = waitsForHelper
        let (exclusions, drawn) = ShapeBuilder(styles: styles, geometry: geometry, fonts: fonts)
            .build(badge: badge, specs: frontMatter.exclusions)
        var paginator = Paginator(contentHeight: geometry.contentHeight, column: geometry.column,
                                  contentTop: geometry.margins.top, exclusions: exclusions, fonts: fonts)
        let noteWarnings = setNotesAtFoot(of: stream, collector: &collector, collection: &collection, paginator: &paginator,
                                          file: resources.file)
        // Pages wait on disk for the page count, which only the last page settles.
        let spool = Self.showsPageCount(styles.page) && numbering.total == nil ? try PageSpool() : nil
        var waiting: [Paginator.PageContent] = []
        var pageCount = 0
        var missingCharacters = Set<Unicode.Scalar>()
        func deliverWaitingPages() throws {
            let total = numbering.total ?? spool.map { numbering.number(ofNotePage: pageCount + $0.count + waiting.count) }
            func deliverNext(_ content: Paginator.PageContent) throws {
                try Cancellation.check()
                pageCount += 1
                let finished = page(content, number: pageCount, shownAs: numbering.number(ofNotePage: pageCount), of: total, style: styles.page,
                                    drawn: drawn[pageCount] ?? [], frontMatter: frontMatter, runningDate: runningDate, variables: runningVariables)
                missingCharacters.formUnion(finished.missingCharacters)
                try deliver(finished)
            }
            try spool?.drain(deliverNext)
            for index in waiting.indices {
                // Each page's content goes as soon as the page is delivered.
                let content = waiting[index]
                waiting[index] = Paginator.PageContent()
                try deliverNext(content)
            }
            waiting = []
        }
        let ending = try collection.collect(stream, with: &collector, column: geometry.column, gate: gate) { slices, containers in
            try Cancellation.check()
            paginator.containers += containers
            waiting += paginator.add(slices)
            if let spool {
                for content in waiting { try spool.append(content) }
                waiting = []
            } else {
                // Pages wait while the second thread lays out (see `HelperGate`).
                _ = try gate.ifIdle(deliverWaitingPages)
            }
        }
        if let error = collector.mathFontError { throw error }
        waiting += paginator.add([], ending: true)
        try gate.whenIdle(deliverWaitingPages)
        var timings = Timings()
        if stream.concurrent {
            (timings.parseBeside, timings.styleBeside) = (ending.parseSeconds, ending.styleSeconds)
            timings.waiting = stream.waitingSeconds + collection.waitingSeconds
            timings.typesetBeside = collection.helperSeconds
        } else {
            (timings.parse, timings.style) = (ending.parseSeconds, ending.styleSeconds)
        }
        return TypesetOutcome(pageCount: pageCount, warnings: ending.warnings + collector.warnings + collector.formulaWarnings + noteWarnings,
                              timings: timings,
                              missingCharacters: missingCharacters)
    }

    /// With `footnotes: page`, lays out the stream's footnotes for the foot of the pages of
    /// their references, before any block: the paginator needs a note's height to place its
    /// reference's line. The stream then holds the whole document (`RenderEngine` parses such
    /// a note first), so its footnotes are known. Returns a warning for each note too tall for
    /// a page's foot, which stays at the end of the document.
    private func setNotesAtFoot(of stream: StyledBlockStream, collector: inout Collector, collection: inout HelpedCollection,
                                paginator: inout Paginator, file: String) -> [Warning] {
        guard stream.layout.footnotePlacement == .page, !stream.concurrent else { return [] }
        let footnotes = stream.end.footnotes
        guard !footnotes.isEmpty else { return [] }
        let notes = FootNotes(footnotes, collector: &collector, column: geometry.column, tallest: geometry.contentHeight / 2)
        paginator.footNotes = notes
        paginator.containers += collector.newContainers()
        collection.footnotesOnPages = Set(notes.notes.keys)
        let labels = Dictionary(uniqueKeysWithValues: footnotes.map { ($0.number, Excerpt.quoted("[^" + $0.label + "]")) })
        return notes.leftForTheEnd.map { number, citedFrom in
            let note = labels[number] ?? String(number)
            let reason = citedFrom.map { "it is cited from footnote \(labels[$0] ?? String($0)), which is" } ?? "it is taller than half a page, so it is"
            return Warning(code: .footnoteMoved, file: file, message: "footnote \(note): \(reason) set at the end of the document")
        }
    }

    /// The note's page `number` of `content`, below the shapes `drawn` on it, with its header
    /// and footer, which print it as page `shown` of `pages`.
    private func page(_ content: Paginator.PageContent, number: Int, shownAs shown: Int, of pages: Int?, style: PageStyle, drawn: [PageItem],
                      frontMatter: FrontMatter, runningDate: String?, variables: [String: String]) -> Page {
        let top = geometry.margins.top
        var items = drawn + content.items.map { $0.offsetBy(dy: top) }
        let running = runningText(page: number, shownAs: shown, of: pages, style: style, frontMatter: frontMatter, date: runningDate,
                                  variables: variables)
        // Headers and footers repeat on every page: they belong to no part of the document.
        if !running.isEmpty { items += [.structure([])] + running }
        return Page(size: geometry.size, background: style.background, items: Page.joiningLinks(items),
                    outline: content.outline.map { OutlineEntry(level: $0.level, title: $0.title, y: $0.y + top) })
    }

    /// Header and footer lines for the note's page `page`, printed as page `shown`, with
    /// `{page}`, `{pages}` (when known: see `showsPageCount`), `{title}`, `{author}`, `{date}`
    /// (the note's `date`, as its locale writes it) filled, and `{{…}}` from `variables`.
    private func runningText(page: Int, shownAs shown: Int, of pages: Int?, style pageStyle: PageStyle, frontMatter: FrontMatter,
                             date: String?, variables: [String: String]) -> [PageItem] {
        let values = ["page": String(shown), "pages": pages.map(String.init) ?? "", "title": frontMatter.title ?? "",
                      "author": frontMatter.author ?? "", "date": date ?? ""]
        func fill(_ template: String) -> String {
            HeaderFooter.filled(template, placeholders: values, variables: variables)
        }
        var items: [PageItem] = []
        let column = geometry.column
        let placements: [(HeaderFooter?, Double)] = [
            (pageStyle.header, geometry.margins.top / 2),
            (pageStyle.footer, geometry.size.height - geometry.margins.bottom / 2),
        ]
        for case let (style?, middle) in placements where page > 1 || style.firstPage {
            for (template, align) in [(style.left, TextAlignment.left), (style.center, .center), (style.right, .right)] {
                let text = fill(template).trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                let layout = TextLayout(StyledText(text, style: style.style).breakingLongWords(), width: column.width, align: align,
                                        lineHeight: 1, context: fonts)
                guard let line = layout.lines.first else { continue }
                let baseline = middle - line.height / 2 + line.baseline - line.top
                items.append(.text(layout.textLine(0, origin: Point(x: column.x + line.x, y: baseline))))
            }
        }
        return items
    }
}
