import Foundation

/// Draws typeset pages into files, each written under a temporary name and renamed into place
/// only when complete, so that a failed render never leaves a partial file.
public struct OutputWriter {
    public var format: OutputFormat
    public var dpi: Double
    public var metadata: DocumentMetadata
    /// Seconds spent painting pages, and encoding and writing files, by `write` so far.
    public private(set) var drawSeconds = 0.0
    public private(set) var writeSeconds = 0.0
    /// Threads that may compress one PNG page (the bytes are the same for any number). Only a
    /// document of one page uses more than one: the pages of a longer one are already
    /// compressed side by side.
    public var encodingThreads = ProcessInfo.processInfo.activeProcessorCount
    /// Files an output must never replace: the note being rendered.
    public var inputs: [URL] = []

    public init(format: OutputFormat, dpi: Double = 144, metadata: DocumentMetadata = DocumentMetadata()) {
        self.format = format
        self.dpi = dpi
        self.metadata = metadata
    }

    /// The files `pageCount` pages become at `destination`: one PDF, or one PNG/SVG per page
    /// (`out.png` for one page, else `out-1.png`, `out-2.png`, …).
    public func outputURLs(for destination: URL, pageCount: Int) -> [URL] {
        guard format != .pdf, pageCount > 1 else { return [destination] }
        return (1...pageCount).map { pageURL(for: destination, number: $0) }
    }

    /// The file of page `number` at `destination` in a document of more than one page.
    func pageURL(for destination: URL, number: Int) -> URL {
        let stem = destination.deletingPathExtension().lastPathComponent
        return destination.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number).\(destination.pathExtension)")
    }

    /// The page files an earlier rendering to `destination` made that `pageCount` pages do not
    /// replace: `out.png` beside pages, and the pages past the last, `out-N.png` for as long as
    /// they run on from `out-1.png` (other files that merely look like pages are left alone).
    func stalePages(at destination: URL, pageCount: Int) -> [URL] {
        guard format != .pdf else { return [] }
        func isRegularFile(_ url: URL) -> Bool {
            var status = stat()
            return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
        var stale = pageCount > 1 && isRegularFile(destination) ? [destination] : []
        var number = 1
        while isRegularFile(pageURL(for: destination, number: number)) {
            if pageCount == 1 || number > pageCount { stale.append(pageURL(for: destination, number: number)) }
            number += 1
        }
        return stale
    }

    /// Starts writing pages to `destination` as they come.
    public func open(_ destination: URL) throws -> PageOutput {
        try PageOutput(self, destination: destination)
    }

    /// Writes `document` to `destination` and returns the files written.
    @discardableResult
    public mutating func write(_ document: TypesetDocument, to destination: URL) throws -> [URL] {
        let output = try open(destination)
        for page in document.pages { try output.add(page) }
        let files = try output.finish()
        drawSeconds += output.drawSeconds
        writeSeconds += output.writeSeconds
        return files
    }
}
