import Foundation
import LetterpressCore
import LetterpressTypesetting

/// Draws typeset pages into files, each written under a temporary name and renamed into place
/// only when complete, so that a failed render never leaves a partial file.
public struct OutputWriter: Sendable {
    /// The format of the files written.
    public var format: OutputFormat
    /// The resolution of PNG pages in pixels per inch: 72 gives a pixel per point. PDF and SVG
    /// pages are drawn in points whatever it is.
    public var dpi: Double
    /// What a PDF says of itself; when left empty, `write(_:to:)` takes the document's.
    public var metadata: DocumentMetadata
    /// Whether a PDF is tagged: its structure tree (headings, paragraphs, lists, tables,
    /// figures with their alt text…) in reading order and its language, for screen readers.
    public var tagged = true
    /// Seconds spent painting pages, and encoding and writing files, by `write` so far.
    package private(set) var drawSeconds = 0.0
    package private(set) var writeSeconds = 0.0
    /// Threads that may compress one PNG page (the bytes are the same for any number). Only a
    /// document of one page uses more than one: the pages of a longer one are already
    /// compressed side by side.
    package var encodingThreads = ProcessInfo.processInfo.activeProcessorCount
    /// Files an output must never replace: the note being rendered.
    package var inputs: [URL] = []
    /// With `--sandbox`, the folder an output's symbolic link may lead into.
    package var sandbox: URL?

    /// The resolutions the command line accepts: beyond them a page holds a few letters, or
    /// its pixels take gigabytes.
    package static let dpiRange = 9.0...1200.0

    /// A writer of files in `format`.
    /// - Parameters:
    ///   - format: The format of the files written.
    ///   - dpi: The resolution of PNG pages in pixels per inch.
    ///   - metadata: What a PDF says of itself: title, author, date.
    public init(format: OutputFormat, dpi: Double = 144, metadata: DocumentMetadata = DocumentMetadata()) {
        self.format = format
        self.dpi = dpi
        self.metadata = metadata
    }

    /// The files `pageCount` pages become at `destination`: one PDF, or one PNG/SVG per page:
    /// `out.png` for one page, else `out-1.png` … `out-9.png`, or `out-01.png` … `out-12.png`
    /// with the numbers padded to the page count's digits, as pdftoppm names them, so that they
    /// sort. A destination whose name holds `{p}` (the number) or `{0p}` (the number padded)
    /// is a template every page is named by, even a single one: `page-{0p}.png`.
    /// - Parameters:
    ///   - destination: The file asked for, such as `out.png`, or a template.
    ///   - pageCount: The number of pages, at least 1.
    /// - Returns: The files, in page order.
    public func outputURLs(for destination: URL, pageCount: Int) -> [URL] {
        guard format.writesFilePerPage, pageCount > 1 || Self.isTemplate(destination) else { return [destination] }
        return stride(from: 1, through: pageCount, by: 1).map { pageURL(for: destination, number: $0, of: pageCount) }
    }

    /// The file of page `number` of `pageCount` at `destination` (see `outputURLs`).
    package func pageURL(for destination: URL, number: Int, of pageCount: Int) -> URL {
        Self.pageURL(for: destination, number: number, width: String(pageCount).count)
    }

    /// Whether `url` is, or may become, one of the files a rendering to `destination` writes:
    /// the destination itself, or a page named after it with any number and padding.
    package func mayWrite(_ url: URL, renderingTo destination: URL) -> Bool {
        let url = url.standardizedFileURL, destination = destination.standardizedFileURL
        if url == destination { return true }
        guard format.writesFilePerPage, url.deletingLastPathComponent() == destination.deletingLastPathComponent() else { return false }
        let name = destination.lastPathComponent
        let (before, after): (Substring, Substring)
        if let range = name.range(of: "{0p}") ?? name.range(of: "{p}") {
            (before, after) = (name[..<range.lowerBound], name[range.upperBound...])
        } else {
            (before, after) = (Substring(destination.deletingPathExtension().lastPathComponent + "-"), Substring("." + destination.pathExtension))
        }
        let candidate = url.lastPathComponent
        guard candidate.count > before.count + after.count, candidate.hasPrefix(before), candidate.hasSuffix(after) else { return false }
        return candidate.dropFirst(before.count).dropLast(after.count).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether the destination's name is a template for page names: it holds `{p}` or `{0p}`.
    package static func isTemplate(_ destination: URL) -> Bool {
        let name = destination.lastPathComponent
        return name.contains("{p}") || name.contains("{0p}")
    }

    private static func pageURL(for destination: URL, number: Int, width: Int) -> URL {
        let padded = String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
        let folder = destination.deletingLastPathComponent()
        guard isTemplate(destination) else {
            let stem = destination.deletingPathExtension().lastPathComponent
            return folder.appendingPathComponent("\(stem)-\(padded).\(destination.pathExtension)")
        }
        let name = destination.lastPathComponent.replacingOccurrences(of: "{0p}", with: padded)
            .replacingOccurrences(of: "{p}", with: String(number))
        return folder.appendingPathComponent(name)
    }

    /// The page files a rendering to `destination` left: the longest run of files from the
    /// first page on, however the numbers were padded (other files that merely look like pages
    /// are not among them); `destination` itself when there are none.
    package func existingPages(at destination: URL) -> [URL] {
        guard format.writesFilePerPage else { return Self.isRegularFile(destination) ? [destination] : [] }
        let longest = pageRuns(at: destination).max { $0.count < $1.count } ?? []
        return longest.isEmpty && Self.isRegularFile(destination) && !Self.isTemplate(destination) ? [destination] : longest
    }

    /// For each way of padding page numbers, the page files that run on from the first.
    private func pageRuns(at destination: URL) -> [[URL]] {
        (1...Self.widestPadding).map { width in
            var run: [URL] = []
            while case let next = Self.pageURL(for: destination, number: run.count + 1, width: width), Self.isRegularFile(next) {
                run.append(next)
            }
            return run
        }
    }

    /// Page numbers are padded to at most this many digits when looking for earlier pages.
    private static let widestPadding = 6

    /// The page files an earlier rendering to `destination` made that `pageCount` pages do not
    /// replace: `out.png` beside pages, and earlier pages not among the new ones, however
    /// their numbers were padded.
    package func stalePages(at destination: URL, pageCount: Int) -> [URL] {
        guard format.writesFilePerPage else { return [] }
        let targets = Set(outputURLs(for: destination, pageCount: pageCount))
        var stale = pageCount > 1 && !Self.isTemplate(destination) && Self.isRegularFile(destination) ? [destination] : []
        var seen = Set<URL>()
        for page in pageRuns(at: destination).joined() where !targets.contains(page) && seen.insert(page).inserted {
            stale.append(page)
        }
        return stale
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Starts writing pages to `destination` as they come.
    /// - Parameter destination: The file asked for, such as `out.png`, or a template; the
    ///   files are named as `outputURLs(for:pageCount:)` says.
    /// - Returns: The output to add pages to, then finish.
    /// - Throws: `LetterpressError.invalidOption` for a PNG resolution of 0 or over 1200 dpi,
    ///   or `LetterpressError.outputFailed` when the first temporary file cannot be made
    ///   beside `destination`.
    public func open(_ destination: URL) throws -> PageOutput {
        try checkResolution()
        return try PageOutput(self, destination: destination)
    }

    /// Starts writing pages into memory as they come: `PageOutput.finishInMemory()` gives the
    /// files' bytes, and no folder is written.
    /// - Throws: `LetterpressError.invalidOption` for a PNG resolution of 0 or over 1200 dpi,
    ///   or `LetterpressError.outputFailed` when no memory file can be made.
    package func openInMemory() throws -> PageOutput {
        try checkResolution()
        return try PageOutput(self, destination: nil)
    }

    private func checkResolution() throws {
        // Cairo cannot scale by 0; the command's lower bound is for legible pages, not needed here.
        guard !format.isRaster || (dpi.isFinite && dpi > 0 && dpi <= Self.dpiRange.upperBound) else {
            throw LetterpressError.invalidOption(.resolutionOutOfRange, "dpi must be more than 0 and at most 1200, not \(dpi)")
        }
    }

    /// Writes `document` to `destination` and returns the files written, named as
    /// `outputURLs(for:pageCount:)` says. A PDF says what the writer's `metadata` says, else
    /// what the document's does.
    /// - Parameters:
    ///   - document: The pages to write.
    ///   - destination: The file asked for, such as `out.png`, or a template.
    /// - Returns: The files written, in page order.
    /// - Throws: `LetterpressError.outputFailed` when a page cannot be drawn or a file cannot
    ///   be written or renamed into place.
    @discardableResult
    public mutating func write(_ document: TypesetDocument, to destination: URL) throws -> [URL] {
        var settings = self
        if settings.metadata == DocumentMetadata() { settings.metadata = document.metadata }
        let output = try settings.open(destination)
        for page in document.pages { try output.add(page) }
        let files = try output.finish()
        drawSeconds += output.drawSeconds
        writeSeconds += output.writeSeconds
        return files
    }

    /// The bytes of `document`'s files: one PDF, or one PNG or SVG per page.
    ///
    /// - Parameter document: The pages to draw.
    /// - Returns: Each file's bytes, in page order.
    /// - Throws: `LetterpressError.outputFailed` when Cairo cannot draw a page (a PNG page too
    ///   large for memory, say).
    public func data(for document: TypesetDocument) throws -> [Data] {
        var settings = self
        if settings.metadata == DocumentMetadata() { settings.metadata = document.metadata }
        let output = try settings.openInMemory()
        for page in document.pages { try output.add(page) }
        return try output.finishInMemory()
    }
}
