import CPNGWriter
import CCairo
import Foundation

/// The file formats `render` writes.
public enum OutputFormat: String, CaseIterable, Sendable, Codable {
    case pdf, png, svg

    /// The format an output path's extension names, if any.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}

/// Document information written into PDF output.
public struct DocumentMetadata: Sendable, Equatable {
    public var title: String?
    public var author: String?
    public var subject: String?
    /// `YYYY-MM-DDThh:mm:ss` (with an optional zone), or nil to leave the date out.
    public var creationDate: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, creationDate: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
    }
}

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

    /// zlib's level for PNG output: its fastest, which on text pages is within a few percent
    /// of its smallest.
    static let pngCompression = 1

    /// Compresses 0x00RRGGBB pixels to a PNG file with zlib, writing runs of repeated rows
    /// itself (Cairo's own writer offers no compression level and takes several times longer).
    static func encodePNG(_ pixels: UnsafePointer<UInt8>, width: Int32, height: Int32, stride: Int32, threads: Int = 1,
                          to file: TemporaryFile, naming destination: URL) throws {
        var message = [CChar](repeating: 0, count: 256)
        let status = letterpress_write_png(file.descriptor, pixels, width, height, stride, Int32(pngCompression),
                                           Int32(clamping: threads), &message, Int32(message.count))
        guard status == 0 else {
            throw LetterpressError.outputFailed(file: destination.path, reason: String(cString: message))
        }
    }
}

/// A document's pages being written as they are typeset: each is drawn when it comes and then
/// let go, so that memory holds a few pages however long the document. The files keep
/// temporary names until `finish` renames them all into place; an output dropped before then
/// (on a failure) removes them.
public final class PageOutput {
    private let settings: OutputWriter
    private let destination: URL
    public private(set) var pageCount = 0
    /// Seconds this thread spent painting pages, and encoding and writing files (for PNG,
    /// which other threads compress, waiting for them).
    public private(set) var drawSeconds = 0.0
    public private(set) var writeSeconds = 0.0
    /// One per page for PNG and SVG, the first named for the destination until the page count
    /// settles the names.
    private var temporaries: [TemporaryFile] = []
    /// Temporary files already renamed into place, which are no longer temporary.
    private var renamed = 0
    private var pdf: (stream: FileStream, surface: OpaquePointer, context: OpaquePointer)?
    /// The PDF outline's open entries: each level's latest.
    private var parents: [(level: Int, id: Int32)] = []
    private let encoder = DispatchQueue(label: "letterpress.png-encoder", attributes: .concurrent)
    private let encoding = DispatchGroup()
    /// At most three pages wait to be compressed at a time.
    private let slots = DispatchSemaphore(value: 3)
    private let outcome = EncodingOutcome()
    private let fonts = CairoFonts()
    /// The first PNG page, compressed once it is known whether it is the only one (which gets
    /// every thread).
    private var firstPNG: DrawnSurface?

    fileprivate init(_ settings: OutputWriter, destination: URL) throws {
        self.settings = settings
        self.destination = destination
        temporaries.append(try TemporaryFile(beside: destination))
    }

    deinit {
        if let firstPNG {
            cairo_surface_destroy(firstPNG.pointer)
            slots.signal()
        }
        // On failure, the pages already drawn still finish before the files go.
        encoding.wait()
        if let pdf {
            // Destroying the surface would finish the PDF, fonts and all, for nothing.
            pdf.stream.abandon()
            cairo_destroy(pdf.context)
            cairo_surface_destroy(pdf.surface)
        }
        TemporaryFile.remove(Array(temporaries[renamed...]))
    }

    /// Draws the next page, and writes it or hands it to a thread that compresses it.
    public func add(_ page: Page) throws {
        pageCount += 1
        switch settings.format {
        case .pdf: try addPDF(page)
        case .png: try addPNG(page)
        case .svg: try addSVG(page)
        }
    }

    /// Writes what is left and renames the files into place; returns them.
    public func finish() throws -> [URL] {
        switch settings.format {
        case .pdf:
            if pdf == nil { startPDF(size: .a4) }
            let (stream, surface, context) = pdf!
            cairo_destroy(context)
            pdf = nil
            defer { cairo_surface_destroy(surface) }
            try Timings.measure(&writeSeconds) {
                cairo_surface_finish(surface)
                try check(surface, stream: stream)
            }
        case .png:
            if let first = firstPNG {
                firstPNG = nil
                compress(first, into: temporaries[0], threads: pageCount == 1 ? settings.encodingThreads : 1)
            }
            Timings.measure(&writeSeconds) { encoding.wait() }
            if let failure = outcome.failure { throw failure }
        case .svg:
            break
        }
        let targets = settings.outputURLs(for: destination, pageCount: pageCount)
        for (temporary, target) in zip(temporaries, targets) {
            try temporary.move(to: target)
            renamed += 1
        }
        return targets
    }

    // MARK: PDF

    private func startPDF(size: PageSize) {
        let stream = FileStream(temporaries[0].descriptor)
        let surface = cairo_pdf_surface_create_for_stream(FileStream.write, stream.context, size.width, size.height)!
        let metadata = settings.metadata
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Letterpress")
        if let title = metadata.title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        if let author = metadata.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = metadata.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        // Without an explicit value Cairo writes the current time; an empty one leaves it out.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate ?? "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, metadata.creationDate ?? "")
        pdf = (stream, surface, cairo_create(surface)!)
    }

    private func addPDF(_ page: Page) throws {
        if pdf == nil { startPDF(size: page.size) }
        let (stream, surface, context) = pdf!
        cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
        Timings.measure(&drawSeconds) { PageDrawer(drawsLinks: true, fonts: fonts).draw(page, on: context) }
        for entry in page.outline {
            while let last = parents.last, last.level >= entry.level { parents.removeLast() }
            let target = String(format: "page=%d pos=[0 %.2f]", pageCount, entry.y)
            let id = cairo_pdf_surface_add_outline(surface, parents.last?.id ?? 0, entry.title, target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append((entry.level, id))
        }
        Timings.measure(&writeSeconds) { cairo_show_page(context) }
        // A full disk stops the rendering at once rather than at the end.
        if stream.failure != nil { try check(surface, stream: stream) }
    }

    /// A temporary file for the page just added, after the first (made with the output).
    private func addPageFile() throws {
        guard pageCount > 1 else { return }
        temporaries.append(try TemporaryFile(beside: settings.pageURL(for: destination, number: pageCount)))
    }

    // MARK: PNG

    /// Draws the page now and compresses it on another thread while the next is drawn
    /// (compressing takes longer than drawing).
    private func addPNG(_ page: Page) throws {
        try addPageFile()
        Timings.measure(&writeSeconds) { slots.wait() }
        if let failure = outcome.failure {
            slots.signal()
            throw failure
        }
        let surface: DrawnSurface
        do {
            surface = DrawnSurface(pointer: try drawPNG(page))
        } catch {
            slots.signal()
            throw error
        }
        if let first = firstPNG {
            firstPNG = nil
            compress(first, into: temporaries[0], threads: 1)
        }
        if pageCount == 1 {
            firstPNG = surface
        } else {
            compress(surface, into: temporaries[pageCount - 1], threads: 1)
        }
    }

    /// Compresses a drawn page into `file` on the encoding queue, then frees it and its slot.
    private func compress(_ surface: DrawnSurface, into file: TemporaryFile, threads: Int) {
        encoding.enter()
        let (destination, outcome, slots, encoding) = (destination, outcome, slots, encoding)
        encoder.async {
            defer {
                cairo_surface_destroy(surface.pointer)
                slots.signal()
                encoding.leave()
            }
            defer { file.closeWritten() }
            do {
                let pointer = surface.pointer
                try OutputWriter.encodePNG(
                    cairo_image_surface_get_data(pointer), width: cairo_image_surface_get_width(pointer),
                    height: cairo_image_surface_get_height(pointer), stride: cairo_image_surface_get_stride(pointer),
                    threads: threads, to: file, naming: destination)
            } catch {
                outcome.record(error)
            }
        }
    }

    /// A drawn page's image surface, handed to the thread that compresses it and then owned there.
    private struct DrawnSurface: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The first error the compressing threads met.
    private final class EncodingOutcome: @unchecked Sendable {
        private let lock = NSLock()
        private var firstError: Error?

        var failure: Error? { lock.withLock { firstError } }

        func record(_ error: Error) {
            lock.withLock {
                if firstError == nil { firstError = error }
            }
        }
    }

    /// One page painted on an image surface at the writer's resolution.
    private func drawPNG(_ page: Page) throws -> OpaquePointer {
        let scale = settings.dpi / 72
        let width = Int32(min((page.size.width * scale).rounded(.up), 32767))
        let height = Int32(min((page.size.height * scale).rounded(.up), 32767))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        Timings.measure(&drawSeconds) { PageDrawer(drawsLinks: false, fonts: fonts).draw(page, on: cr) }
        cairo_destroy(cr)
        do {
            try check(surface)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return surface
    }

    // MARK: SVG

    private func addSVG(_ page: Page) throws {
        try addPageFile()
        let stream = FileStream(temporaries[pageCount - 1].descriptor)
        let surface = cairo_svg_surface_create_for_stream(FileStream.write, stream.context, page.size.width, page.size.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        let cr = cairo_create(surface)!
        Timings.measure(&drawSeconds) { PageDrawer(drawsLinks: false, fonts: fonts).draw(page, on: cr) }
        cairo_destroy(cr)
        try Timings.measure(&writeSeconds) {
            cairo_surface_finish(surface)
            try check(surface, stream: stream)
        }
        temporaries[pageCount - 1].closeWritten()
    }

    private func check(_ surface: OpaquePointer, stream: FileStream? = nil) throws {
        let status = cairo_surface_status(surface)
        if status == CAIRO_STATUS_SUCCESS, let stream, !stream.flush() {
            throw LetterpressError.outputFailed(file: destination.path, reason: String(cString: strerror(stream.failure ?? EIO)))
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo says only that writing failed; the stream knows why (a full disk, say).
            let reason = stream?.failure.map { String(cString: strerror($0)) } ?? String(cString: cairo_status_to_string(status))
            throw LetterpressError.outputFailed(file: destination.path, reason: reason)
        }
    }
}

/// Where Cairo's PDF and SVG surfaces write: an open file descriptor, and the errno of the
/// first write that failed. Cairo hands over a PDF a few bytes at a time (some 19,000 pieces
/// for an 80-page book), so the pieces are gathered and written 64 KB at a time.
final class FileStream {
    let descriptor: Int32
    var failure: Int32?
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileStream.capacity, alignment: 1)
    private var used = 0
    private static let capacity = 1 << 16

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        buffer.deallocate()
    }

    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { context, data, length in
        let stream = Unmanaged<FileStream>.fromOpaque(context!).takeUnretainedValue()
        return stream.append(UnsafeRawBufferPointer(start: data, count: Int(length)))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    private func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        if used + bytes.count > Self.capacity {
            guard flush() else { return false }
        }
        if bytes.count >= Self.capacity { return writeAll(bytes) }
        UnsafeMutableRawBufferPointer(rebasing: buffer[used..<used + bytes.count]).copyMemory(from: bytes)
        used += bytes.count
        return true
    }

    /// Refuses every later write: the file is to be removed.
    func abandon() {
        failure = ECANCELED
    }

    /// Writes the bytes gathered so far; false, with `failure` set, when the file refuses them
    /// or refused earlier bytes (Cairo 1.16 does not report a write that failed as it finished
    /// a PDF, and nothing may be left to write by then).
    func flush() -> Bool {
        defer { used = 0 }
        return failure == nil && writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<used]))
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let error = Descriptor.writeAll(bytes, to: descriptor) else { return true }
        failure = error
        return false
    }
}

/// Writing to a file descriptor without Foundation, whose `FileHandle.write` stops the
/// process when the file refuses the bytes.
public enum Descriptor {
    /// Writes all of `bytes` to `descriptor`, again after an interrupted call; returns the
    /// errno of a write that failed, or nil.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
