import CPNGWriter
import CPangoCairo
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
        let stem = destination.deletingPathExtension().lastPathComponent
        let folder = destination.deletingLastPathComponent()
        return (1...pageCount).map { folder.appendingPathComponent("\(stem)-\($0).\(destination.pathExtension)") }
    }

    /// Writes `document` to `destination` and returns the files written.
    @discardableResult
    public mutating func write(_ document: TypesetDocument, to destination: URL) throws -> [URL] {
        let targets = outputURLs(for: destination, pageCount: document.pages.count)
        var temporaries: [TemporaryFile] = []
        // Files already renamed into place are closed and no longer temporary.
        var renamed = 0
        defer { TemporaryFile.remove(Array(temporaries[renamed...])) }
        for target in targets {
            temporaries.append(try TemporaryFile(beside: target))
        }
        switch format {
        case .pdf:
            try writePDF(document.pages, to: temporaries[0], naming: destination)
        case .png:
            try writePNGs(document.pages, to: temporaries, naming: destination)
        case .svg:
            for (page, file) in zip(document.pages, temporaries) { try writeSVG(page, to: file, naming: destination) }
        }
        for (temporary, target) in zip(temporaries, targets) {
            try temporary.move(to: target)
            renamed += 1
        }
        return targets
    }

    private mutating func writePDF(_ pages: [Page], to file: TemporaryFile, naming destination: URL) throws {
        let first = pages.first?.size ?? .a4
        let stream = FileStream(file.descriptor)
        let surface = cairo_pdf_surface_create_for_stream(FileStream.write, stream.context, first.width, first.height)!
        defer { cairo_surface_destroy(surface) }
        setMetadata(on: surface)
        let cr = cairo_create(surface)!
        let drawer = PageDrawer(drawsLinks: true)
        var parents: [(level: Int, id: Int32)] = []
        for (number, page) in pages.enumerated() {
            cairo_pdf_surface_set_size(surface, page.size.width, page.size.height)
            Timings.measure(&drawSeconds) { drawer.draw(page, on: cr) }
            for entry in page.outline {
                while let last = parents.last, last.level >= entry.level { parents.removeLast() }
                let target = String(format: "page=%d pos=[0 %.2f]", number + 1, entry.y)
                let id = cairo_pdf_surface_add_outline(surface, parents.last?.id ?? 0, entry.title, target, CAIRO_PDF_OUTLINE_FLAG_OPEN)
                parents.append((entry.level, id))
            }
            Timings.measure(&writeSeconds) { cairo_show_page(cr) }
        }
        cairo_destroy(cr)
        try finish(surface, destination, stream: stream)
    }

    private func setMetadata(on surface: OpaquePointer) {
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Letterpress")
        if let title = metadata.title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        if let author = metadata.author { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, author) }
        if let subject = metadata.subject { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_SUBJECT, subject) }
        // Without an explicit value Cairo writes the current time; an empty one leaves it out.
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate ?? "")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, metadata.creationDate ?? "")
    }

    /// libdeflate level for PNG output: fast, and on text pages barely larger than the best.
    static let pngCompression = 2

    /// Draws the pages one by one and compresses them on other threads while the next is
    /// drawn (compressing takes longer than drawing); at most three pages wait at a time, so
    /// memory stays that of a few pages.
    private mutating func writePNGs(_ pages: [Page], to files: [TemporaryFile], naming destination: URL) throws {
        let threads = pages.count == 1 ? encodingThreads : 1
        let encoder = DispatchQueue(label: "letterpress.png-encoder", attributes: .concurrent)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: 3)
        let outcome = EncodingOutcome()
        for (page, file) in zip(pages, files) {
            slots.wait()
            if outcome.failure != nil { slots.signal(); break }
            // On failure, the pages already drawn still finish before the files go.
            let surface: DrawnSurface
            do {
                surface = DrawnSurface(pointer: try drawPNG(page, naming: destination))
            } catch {
                slots.signal()
                outcome.record(error: error)
                break
            }
            group.enter()
            encoder.async {
                defer {
                    cairo_surface_destroy(surface.pointer)
                    slots.signal()
                    group.leave()
                }
                let start = Timings.now()
                var failure: Error?
                do {
                    try Self.encodePNG(surface.pointer, threads: threads, to: file, naming: destination)
                } catch {
                    failure = error
                }
                outcome.record(seconds: Timings.now() - start, error: failure)
            }
        }
        group.wait()
        writeSeconds += outcome.seconds
        if let failure = outcome.failure { throw failure }
    }

    /// A drawn page's image surface, handed to the thread that compresses it and then owned there.
    private struct DrawnSurface: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// What the compressing threads report: their time in all, and the first error.
    private final class EncodingOutcome: @unchecked Sendable {
        private let lock = NSLock()
        private var firstError: Error?
        private var total = 0.0

        var failure: Error? { lock.withLock { firstError } }
        var seconds: Double { lock.withLock { total } }

        func record(seconds: Double = 0, error: Error?) {
            lock.withLock {
                total += seconds
                if firstError == nil { firstError = error }
            }
        }
    }

    /// One page painted on an image surface at the writer's resolution.
    private mutating func drawPNG(_ page: Page, naming destination: URL) throws -> OpaquePointer {
        let scale = dpi / 72
        let width = Int32(min((page.size.width * scale).rounded(.up), 32767))
        let height = Int32(min((page.size.height * scale).rounded(.up), 32767))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        Timings.measure(&drawSeconds) { PageDrawer(drawsLinks: false).draw(page, on: cr) }
        cairo_destroy(cr)
        do {
            try check(surface, destination)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// Compresses an image surface to a PNG file on up to `threads` threads.
    private static func encodePNG(_ surface: OpaquePointer, threads: Int, to file: TemporaryFile, naming destination: URL) throws {
        try encodePNG(cairo_image_surface_get_data(surface), width: cairo_image_surface_get_width(surface),
                      height: cairo_image_surface_get_height(surface), stride: cairo_image_surface_get_stride(surface),
                      threads: threads, to: file, naming: destination)
    }

    /// Compresses 0x00RRGGBB pixels to a PNG file with libdeflate and zlib (Cairo's own writer
    /// offers no compression level and takes several times longer).
    static func encodePNG(_ pixels: UnsafePointer<UInt8>, width: Int32, height: Int32, stride: Int32, threads: Int = 1,
                          to file: TemporaryFile, naming destination: URL) throws {
        var message = [CChar](repeating: 0, count: 256)
        let status = letterpress_write_png(file.descriptor, pixels, width, height, stride, Int32(pngCompression),
                                           Int32(clamping: threads), &message, Int32(message.count))
        guard status == 0 else {
            throw LetterpressError.outputFailed(file: destination.path, reason: String(cString: message))
        }
    }

    private mutating func writeSVG(_ page: Page, to file: TemporaryFile, naming destination: URL) throws {
        let stream = FileStream(file.descriptor)
        let surface = cairo_svg_surface_create_for_stream(FileStream.write, stream.context, page.size.width, page.size.height)!
        defer { cairo_surface_destroy(surface) }
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        let cr = cairo_create(surface)!
        Timings.measure(&drawSeconds) { PageDrawer(drawsLinks: false).draw(page, on: cr) }
        cairo_destroy(cr)
        try finish(surface, destination, stream: stream)
    }

    /// Finishes a PDF or SVG surface and writes what its stream still holds, as write time.
    private mutating func finish(_ surface: OpaquePointer, _ destination: URL, stream: FileStream) throws {
        let start = Timings.now()
        defer { writeSeconds += Timings.now() - start }
        cairo_surface_finish(surface)
        try check(surface, destination, stream: stream)
    }

    private func check(_ surface: OpaquePointer, _ destination: URL, stream: FileStream? = nil) throws {
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
        if used + bytes.count > Self.capacity {
            guard flush() else { return false }
        }
        if bytes.count >= Self.capacity { return writeAll(bytes) }
        UnsafeMutableRawBufferPointer(rebasing: buffer[used..<used + bytes.count]).copyMemory(from: bytes)
        used += bytes.count
        return true
    }

    /// Writes the bytes gathered so far; false, with `failure` set, when the file refuses them.
    func flush() -> Bool {
        defer { used = 0 }
        return writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<used]))
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return false
            }
            offset += written
        }
        return true
    }
}

/// A unique temporary file created next to its final destination, so that renaming is atomic,
/// and kept open: writers write through the descriptor, so that an interrupt that removes the
/// file cannot race a writer into creating it again. Every one alive is listed, so that an
/// interrupted run can remove them all.
public struct TemporaryFile {
    let url: URL
    let descriptor: Int32

    private static let lock = NSLock()
    nonisolated(unsafe) private static var alive = Set<String>()
    /// Set by `removeAll`: the process is about to exit, and makes no more files.
    nonisolated(unsafe) private static var stopping = false

    /// The process's umask, read once at start-up (reading it means setting it).
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    init(beside target: URL) throws {
        let folder = target.deletingLastPathComponent()
        var template = Array(folder.appendingPathComponent(".\(target.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(errno)))
        }
        // mkstemp creates the file readable by its owner only; give it the usual permissions.
        fchmod(descriptor, 0o666 & ~Self.creationMask)
        let path = String(cString: template)
        Self.lock.lock()
        if Self.stopping {
            // An interrupt is removing the temporary files and ending the process: this one
            // goes too, and this thread waits for the end.
            unlink(path)
            Self.lock.unlock()
            while true { pause() }
        }
        Self.alive.insert(path)
        Self.lock.unlock()
        self.url = URL(fileURLWithPath: path)
        self.descriptor = descriptor
    }

    /// Renames the file to `target` (atomically replacing what was there) and closes it.
    func move(to target: URL) throws {
        guard rename(url.path, target.path) == 0 else {
            throw LetterpressError.outputFailed(file: target.path, reason: String(cString: strerror(errno)))
        }
        close()
    }

    /// Closes the file once it has been renamed into place.
    private func close() {
        Self.lock.lock()
        Self.alive.remove(url.path)
        Self.lock.unlock()
        Glibc.close(descriptor)
    }

    /// Removes every temporary file not yet renamed into place (on SIGINT or SIGTERM).
    public static func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        stopping = true
        for path in alive { unlink(path) }
        alive.removeAll()
    }

    static func remove(_ files: [TemporaryFile]) {
        for file in files {
            unlink(file.url.path)
            file.close()
        }
    }
}
