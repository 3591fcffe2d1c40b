import Foundation
import LetterpressCore
import LetterpressTypesetting

/// A document's pages being written as they are typeset: each is drawn when it comes and then
/// let go, so that memory holds a few pages however long the document. The files keep
/// temporary names until `finish` renames them all into place as one set, and removes the page
/// files of an earlier rendering that the new ones do not replace; an output dropped before
/// then (on a failure) removes them, and leaves the earlier files as they were.
public final class PageOutput {
    private let settings: OutputWriter
    private let destination: URL
    private let writer: PageWriter
    /// The pages added so far.
    public private(set) var pageCount = 0
    /// Seconds this thread spent painting pages, and encoding and writing files (for PNG,
    /// which other threads compress, waiting for them).
    package var drawSeconds: Double { writer.drawSeconds }
    package var writeSeconds: Double { writer.writeSeconds }
    /// One per page for PNG and SVG, the first named for the destination until the page count
    /// settles the names.
    private var temporaries: [TemporaryFile] = []
    /// The files `finish` renamed into place; nil until then.
    private var finished: [URL]?

    package init(_ settings: OutputWriter, destination: URL) throws {
        self.settings = settings
        self.destination = destination
        let fonts = CairoFonts()
        switch settings.format {
        case .pdf: writer = PDFWriter(metadata: settings.metadata, fonts: fonts, destination: destination)
        case .png: writer = PNGWriter(dpi: settings.dpi, encodingThreads: settings.encodingThreads, fonts: fonts, destination: destination)
        case .svg: writer = SVGWriter(fonts: fonts, destination: destination)
        }
        temporaries.append(try TemporaryFile(beside: OutputPath.resolved(settings.outputURLs(for: destination, pageCount: 1)[0])))
    }

    deinit {
        // On failure, the pages already drawn still finish before the files go.
        writer.abandon()
        TemporaryFile.remove(temporaries)
    }

    /// Draws the next page, and writes it or hands it to a thread that compresses it.
    /// - Parameter page: The page after those already added.
    /// - Throws: `LetterpressError.outputFailed` when the page cannot be drawn or its file
    ///   cannot be made or written, or the output is finished.
    public func add(_ page: Page) throws {
        try FontWork.exclusively { try addAlone(page) }
    }

    private func addAlone(_ page: Page) throws {
        guard finished == nil else {
            throw LetterpressError.outputFailed(file: Excerpt.name(destination.path), reason: "a page was added after finish()")
        }
        pageCount += 1
        if settings.format != .pdf && pageCount > 1 {
            temporaries.append(try TemporaryFile(beside: OutputPath.resolved(settings.pageURL(for: destination, number: pageCount, of: pageCount))))
        }
        try writer.add(page, number: pageCount, to: temporaries[temporaries.count - 1])
    }

    /// Writes what is left and renames the files into place; returns them. Called again, it
    /// returns the same files.
    /// - Returns: The files, named as `OutputWriter.outputURLs(for:pageCount:)` says.
    /// - Throws: `LetterpressError.outputFailed` when a file cannot be written or renamed
    ///   into place, or would replace something that is not a regular file.
    public func finish() throws -> [URL] {
        try finish(protecting: [])
    }

    /// Finishes as `finish()` does, never replacing or removing `files` as well as the
    /// writer's inputs: the images the note showed, which only typesetting knew.
    package func finish(protecting files: [URL]) throws -> [URL] {
        try FontWork.exclusively { try finishAlone(protecting: files) }
    }

    private func finishAlone(protecting files: [URL]) throws -> [URL] {
        if let finished { return finished }
        guard pageCount > 0 else {
            throw LetterpressError.outputFailed(file: Excerpt.name(destination.path), reason: "no page was added to write")
        }
        try writer.finish(pageCount: pageCount, firstFile: temporaries[0])
        let targets = settings.outputURLs(for: destination, pageCount: pageCount)
        try TemporaryFile.commit(temporaries, to: targets, protecting: settings.inputs + files,
                                 removing: settings.stalePages(at: destination, pageCount: pageCount), sandbox: settings.sandbox)
        finished = targets
        return targets
    }
}
