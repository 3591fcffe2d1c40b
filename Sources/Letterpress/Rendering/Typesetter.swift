import Foundation

/// Lays styled documents out on pages: the page size and margins (the options' over the front
/// matter's over the theme's), the date badge, text around shapes and images, headers and
/// footers.
///
/// A value usable from any thread: typesetting takes its turn with every other rendering in
/// the process, as Pango and Cairo need.
///
/// ```swift
/// let theme = try Theme.named("menlo")
/// let styled = Styler(theme: theme).style(try Document(parsing: markdown))
/// let typeset = try Typesetter().typeset(styled)
/// let pdf = try OutputWriter(format: .pdf).data(for: typeset)
/// ```
///
/// The pages take their size, margins, spacing, headers, footers and badge from the theme each
/// document was styled with, which the styled document carries.
public struct Typesetter: Sendable {
    /// The page size, margins, badge, date and locale the command line would give.
    public let options: RenderOptions
    /// The folder relative image paths start from; nil for the current folder.
    public let baseURL: URL?
    private let fonts = SharedFonts()

    /// A typesetter with `options`.
    ///
    /// - Parameters:
    ///   - options: The page size, margins, badge, date and locale the command line would give.
    ///   - baseURL: The folder relative image paths start from; nil for the current folder.
    public init(options: RenderOptions = RenderOptions(), baseURL: URL? = nil) {
        self.options = options
        self.baseURL = baseURL
    }

    /// Every page of `document`, with the warnings of styling and typesetting it.
    ///
    /// - Parameter document: A document styled by `Styler.style(_:)`.
    /// - Returns: The pages, the warnings in the order of the file, and the PDF's metadata.
    /// - Throws: `LetterpressError.invalidFrontMatter` for a front matter `pageSize` or
    ///   `margin` that cannot be read, `LetterpressError.invalidOption` for margins that leave
    ///   no room for text, or `LetterpressError.outputFailed` when pages waiting for the page
    ///   count cannot be kept in a temporary file. An image that cannot be read, or that
    ///   `options.sandbox` refuses, is a warning and a placeholder.
    public func typeset(_ document: StyledDocument) throws -> TypesetDocument {
        var pages: [Page] = []
        let warnings = try typeset(document) { pages.append($0) }
        return TypesetDocument(pages: pages, warnings: warnings, metadata: try metadata(for: document))
    }

    /// The pages of `document`, in order.
    ///
    /// - Parameter document: A document styled by `Styler.style(_:)`.
    /// - Returns: The pages, without the warnings.
    /// - Throws: `LetterpressError`, as `typeset(_:)`.
    public func pages(for document: StyledDocument) throws -> [Page] {
        try typeset(document).pages
    }

    /// Typesets `document`, handing each page to `deliver` as soon as it is finished, so that a
    /// long document never holds more than a few pages (unless a header or footer shows the
    /// page count, which only the last page settles).
    ///
    /// - Parameters:
    ///   - document: A document styled by `Styler.style(_:)`.
    ///   - deliver: Called with each page in order; what it throws stops typesetting.
    /// - Returns: The warnings of styling and typesetting, in the order of the file.
    /// - Throws: `LetterpressError`, as `typeset(_:)`, or what `deliver` throws.
    @discardableResult
    public func typeset(_ document: StyledDocument, deliveringPagesTo deliver: (Page) throws -> Void) throws -> [Warning] {
        try FontWork.exclusively {
            let resources = resources(for: document)
            let plan = try PagePlan(frontMatter: document.frontMatter, styles: document.layout, options: options, resources: resources)
            let typesetter = PageTypesetter(geometry: plan.geometry, fonts: fonts.context)
            let outcome = try typesetter.typeset(StyledBlockStream(document), frontMatter: document.frontMatter, resources: resources,
                                                 badge: plan.badge, runningDate: plan.runningDate,
                                                 runningVariables: plan.runningVariables, deliver: deliver)
            return Warning.summarized(Warning.inFileOrder(outcome.warnings + plan.warnings))
        }
    }

    /// What a PDF of `document` says of it: title, author, date. `OutputWriter` needs it
    /// before the first page when pages are written as they are typeset.
    ///
    /// - Parameter document: A document styled by `Styler.style(_:)`.
    /// - Returns: The front matter's title and author, the creation date (the note's date, if
    ///   it has one), and the language (the front matter's `lang`, else the options').
    /// - Throws: `LetterpressError.invalidFrontMatter` for a front matter `pageSize` or
    ///   `margin` that cannot be read, as `typeset(_:)` does.
    public func metadata(for document: StyledDocument) throws -> DocumentMetadata {
        try PagePlan(frontMatter: document.frontMatter, styles: document.layout, options: options, resources: resources(for: document))
            .metadata
    }

    private func resources(for document: StyledDocument) -> Resources {
        let folder = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return Resources(file: document.file, folder: folder, sandbox: options.sandbox ? folder : nil, date: options.date,
                         sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    }
}

/// A font context made on first use and shared by copies of a value. Used only inside
/// `FontWork.exclusively`, which is what makes sharing it between threads safe.
/// Unchecked: used inside `FontWork.exclusively` only, as the summary says.
final class SharedFonts: @unchecked Sendable {
    private var made: FontContext?

    var context: FontContext {
        if let made { return made }
        let context = FontContext()
        made = context
        return context
    }
}
