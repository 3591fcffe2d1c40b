import Foundation
import LetterpressCore
import LetterpressTypesetting

/// A document's pages being written as they are typeset: each is drawn when it comes and then
/// let go, so that memory holds a few pages however long the document. The files keep
/// temporary names until `finish` renames them all into place as one set, and removes the page
/// files of an earlier rendering that the new ones do not replace; an output dropped before
/// then (on a failure) removes them, and leaves the earlier files as they were. An output
/// opened in memory (`OutputWriter.openInMemory()`) writes the same bytes to `MemoryFile`s,
/// which `finishInMemory()` hands back, and touches no folder.
public final class PageOutput {
    private let settings: OutputWriter
    /// Where the files go; nil for an output in memory.
    private let destination: URL?
    /// What messages call the output.
    private let fileName: String
    private let writer: PageWriter
    /// The pages added so far.
    public private(set) var pageCount = 0
    /// Seconds this thread spent painting pages, and encoding and writing files (for PNG,
    /// which other threads compress, waiting for them).
    package var drawSeconds: Double { writer.drawSeconds }
    package var writeSeconds: Double { writer.writeSeconds }
    /// One per page for PNG and SVG, the first named for the destination until the page count
    /// settles the names; none in memory.
    private var temporaries: [TemporaryFile] = []
    /// The files of an output in memory, as `temporaries` are on a disk.
    private var memoryFiles: [MemoryFile] = []
    /// The files `finish` renamed into place; nil until then.
    private var finished: [URL]?
    /// The bytes `finishInMemory` gave; nil until then.
    private var finishedInMemory: [Data]?

    /// An output whose files go to `destination` (nil: into memory).
    package init(_ settings: OutputWriter, destination: URL?) throws {
        self.settings = settings
        self.destination = destination
        fileName = destination?.path ?? "<memory>"
        let fonts = CairoFonts()
        switch settings.format {
        case .pdf: writer = PDFWriter(metadata: settings.metadata, fonts: fonts, fileName: fileName, tagged: settings.tagged)
        case .png: writer = PNGWriter(dpi: settings.dpi, encodingThreads: settings.encodingThreads, fonts: fonts, fileName: fileName)
        case .svg: writer = SVGWriter(fonts: fonts, fileName: fileName)
        }
        try makeFile(forPage: 1)
    }

    /// Makes the file page `number` is written to, beside the destination or in memory.
    private func makeFile(forPage number: Int) throws {
        guard let destination else {
            memoryFiles.append(try MemoryFile())
            return
        }
        let name = number == 1 ? settings.outputURLs(for: destination, pageCount: 1)[0]
            : settings.pageURL(for: destination, number: number, of: number)
        temporaries.append(try TemporaryFile(beside: OutputPath.resolved(name)))
    }

    /// The file the last page made goes to.
    private var lastFile: any PageFile { destination == nil ? memoryFiles[memoryFiles.count - 1] : temporaries[temporaries.count - 1] }

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
            throw LetterpressError.outputFailed(file: Excerpt.name(fileName), reason: "a page was added after finish()")
        }
        pageCount += 1
        if settings.format.writesFilePerPage && pageCount > 1 { try makeFile(forPage: pageCount) }
        try writer.add(page, number: pageCount, to: lastFile)
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
        guard let destination else {
            throw LetterpressError.outputFailed(file: fileName, reason: "an output in memory is finished with finishInMemory()")
        }
        try finishWriting(firstFile: temporaries[0])
        let targets = settings.outputURLs(for: destination, pageCount: pageCount)
        try TemporaryFile.commit(temporaries, to: targets, protecting: settings.inputs + files,
                                 removing: settings.stalePages(at: destination, pageCount: pageCount), sandbox: settings.sandbox)
        finished = targets
        return targets
    }

    /// Writes what is left of an output opened in memory; returns each file's bytes. Called
    /// again, it returns the same bytes.
    /// - Returns: One PDF, or one PNG or SVG per page, in page order.
    /// - Throws: `LetterpressError.outputFailed` when a page cannot be drawn, or when the
    ///   output writes files rather than to memory.
    package func finishInMemory() throws -> [Data] {
        try FontWork.exclusively {
            if let finishedInMemory { return finishedInMemory }
            guard destination == nil else {
                throw LetterpressError.outputFailed(file: fileName, reason: "an output to files is finished with finish()")
            }
            try finishWriting(firstFile: memoryFiles[0])
            let contents = try memoryFiles.map { try $0.contents() }
            finishedInMemory = contents
            return contents
        }
    }

    /// Has the writer write what is left, once every page is added.
    private func finishWriting(firstFile: any PageFile) throws {
        guard pageCount > 0 else {
            throw LetterpressError.outputFailed(file: Excerpt.name(fileName), reason: "no page was added to write")
        }
        try writer.finish(pageCount: pageCount, firstFile: firstFile)
    }
}
