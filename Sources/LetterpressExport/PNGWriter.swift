import CCairo
import CPNGWriter
import Foundation
import Synchronization
import LetterpressCore
import LetterpressTypesetting

/// Draws each page on an image surface and compresses it to its own PNG file on other threads
/// while the next page is drawn (compressing takes longer than drawing).
package final class PNGWriter: PageWriter {
    private let dpi: Double
    /// Threads that may compress one page (the bytes are the same for any number): a document
    /// of one page gets them all, the pages of a longer one are compressed side by side.
    private let encodingThreads: Int
    private let fonts: CairoFonts
    private let fileName: String
    private(set) var drawSeconds = 0.0
    private(set) var writeSeconds = 0.0
    private let encoder = DispatchQueue(label: "letterpress.png-encoder", attributes: .concurrent)
    private let encoding = DispatchGroup()
    /// At most three pages wait to be compressed at a time.
    private let slots = DispatchSemaphore(value: 3)
    private let outcome = EncodingOutcome()
    /// The first page, compressed once it is known whether it is the only one (which gets
    /// every thread).
    private var first: (surface: DrawnSurface, file: any PageFile)?

    init(dpi: Double, encodingThreads: Int, fonts: CairoFonts, fileName: String) {
        self.dpi = dpi
        self.encodingThreads = encodingThreads
        self.fonts = fonts
        self.fileName = fileName
    }

    func add(_ page: Page, number: Int, to file: any PageFile) throws {
        Timings.measure(&writeSeconds) { slots.wait() }
        if let failure = outcome.failure {
            slots.signal()
            throw failure
        }
        let surface: DrawnSurface
        do {
            surface = DrawnSurface(pointer: try draw(page))
        } catch {
            slots.signal()
            throw error
        }
        if let first {
            self.first = nil
            compress(first.surface, into: first.file, threads: 1)
        }
        if number == 1 {
            first = (surface, file)
        } else {
            compress(surface, into: file, threads: 1)
        }
    }

    func finish(pageCount: Int, firstFile: any PageFile) throws {
        if let first {
            self.first = nil
            compress(first.surface, into: first.file, threads: pageCount == 1 ? encodingThreads : 1)
        }
        Timings.measure(&writeSeconds) { encoding.wait() }
        if let failure = outcome.failure { throw failure }
    }

    func abandon() {
        if let first {
            self.first = nil
            cairo_surface_destroy(first.surface.pointer)
            slots.signal()
        }
        encoding.wait()
    }

    /// zlib's level: its fastest, which on text pages is within a few percent of its smallest.
    static let compression = 1

    /// Compresses 0x00RRGGBB pixels to a PNG file with zlib, writing runs of repeated rows
    /// itself (Cairo's own writer offers no compression level and takes several times longer).
    package static func encode(_ pixels: UnsafePointer<UInt8>, width: Int32, height: Int32, stride: Int32, threads: Int = 1,
                       to file: any PageFile, naming fileName: String) throws {
        var message = [CChar](repeating: 0, count: 256)
        let status = letterpress_write_png(file.descriptor, pixels, width, height, stride, Int32(compression),
                                           Int32(clamping: threads), &message, Int32(message.count))
        guard status == 0 else {
            throw LetterpressError.outputFailed(file: fileName, reason: String(cString: message))
        }
    }

    /// Compresses a drawn page into `file` on the encoding queue, then frees it and its slot.
    private func compress(_ surface: DrawnSurface, into file: any PageFile, threads: Int) {
        encoding.enter()
        let (fileName, outcome, slots, encoding) = (fileName, outcome, slots, encoding)
        encoder.async {
            defer {
                cairo_surface_destroy(surface.pointer)
                slots.signal()
                encoding.leave()
            }
            defer { file.closeWritten() }
            do {
                let pointer = surface.pointer
                try PNGWriter.encode(
                    cairo_image_surface_get_data(pointer), width: cairo_image_surface_get_width(pointer),
                    height: cairo_image_surface_get_height(pointer), stride: cairo_image_surface_get_stride(pointer),
                    threads: threads, to: file, naming: fileName)
            } catch {
                outcome.record(error)
            }
        }
    }

    /// One page painted on an image surface at the writer's resolution.
    private func draw(_ page: Page) throws -> OpaquePointer {
        let scale = dpi / 72
        let width = Int32(min((page.size.width * scale).rounded(.up), 32767))
        let height = Int32(min((page.size.height * scale).rounded(.up), 32767))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)!
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        Timings.measure(&drawSeconds) { PageDrawer(links: nil, fonts: fonts).draw(page, on: cr) }
        let drawn = Result { try checkDrawing(cr, naming: fileName) }
        cairo_destroy(cr)
        do {
            try drawn.get()
            try checkSurface(surface, naming: fileName)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
        cairo_surface_flush(surface)
        return surface
    }

    /// A drawn page's image surface, handed to the thread that compresses it and then owned there.
    /// Unchecked: the surface is handed over whole; the drawing thread never touches it again.
    private struct DrawnSurface: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The first error the compressing threads met.
    private final class EncodingOutcome: Sendable {
        private let firstError = Mutex<Error?>(nil)

        var failure: Error? { firstError.withLock { $0 } }

        func record(_ error: Error) {
            firstError.withLock {
                if $0 == nil { $0 = error }
            }
        }
    }
}
