import CPangoCairo
import Foundation
import LetterpressCore

/// The pages of a PNG file (one) or of a PDF file, each decoded only when asked for, so that
/// comparing two long PDFs holds two pages at a time (687 pages at 72 dpi took 2.7 GB when
/// all were decoded first).
package final class RasterPages {
    /// Cairo's image surfaces stop at this many pixels a side.
    package static let maximumSide = 32767
    /// Pixels a page may have: a comparison holds a page of each file and their copies,
    /// some 16 bytes a pixel (A4 at 600 dpi is 35 million). A side alone let a 14,400-point
    /// page take 2.5 GB at 72 dpi.
    package static let maximumPixels = 40_000_000

    package let url: URL
    package let count: Int
    private let dpi: Double
    private let pdf: (poppler: Poppler, document: UnsafeMutableRawPointer)?

    /// Opens the PNG or PDF file at `url`, whose pages are rendered at `dpi`; only a regular
    /// file is read (a FIFO would block, a folder cannot be).
    package init(_ url: URL, dpi: Double) throws {
        self.url = url
        self.dpi = dpi
        let header = try Self.header(of: url)
        if header.starts(with: Array("%PDF-".utf8)) {
            guard let poppler = Poppler.shared else {
                throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PDF: libpoppler-glib is not installed")
            }
            var error: UnsafeMutablePointer<GError>?
            guard let document = poppler.open(url.absoluteString, nil, &error) else {
                let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot open"
                if let error { g_error_free(error) }
                throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PDF (\(reason))")
            }
            pdf = (poppler, document)
            count = Int(max(poppler.pageCount(document), 0))
        } else if header.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            pdf = nil
            count = 1
        } else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "is neither a PNG nor a PDF file")
        }
    }

    deinit {
        if let pdf { g_object_unref(pdf.document) }
    }

    /// The first bytes of the regular file at `url`.
    private static func header(of url: URL) throws -> [UInt8] {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            throw LetterpressError.unreadableInput(file: url.path, reason: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "is \(OutputPath.kind(status.st_mode)), not a regular file")
        }
        // Non-blocking, should a FIFO have taken the file's place since.
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LetterpressError.unreadableInput(file: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "is not a regular file")
        }
        var bytes = [UInt8](repeating: 0, count: 5)
        let length = read(descriptor, &bytes, bytes.count)
        return Array(bytes.prefix(max(length, 0)))
    }

    /// Page `index` (from 0), decoded.
    package func image(at index: Int) throws -> RasterImage {
        guard let pdf else { return try RasterImage.png(url) }
        guard let page = pdf.poppler.page(pdf.document, Int32(index)) else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read page \(index + 1)")
        }
        defer { g_object_unref(page) }
        var width = 0.0
        var height = 0.0
        pdf.poppler.size(page, &width, &height)
        let scale = dpi / 72
        let (pixelWidth, pixelHeight) = ((width * scale).rounded(.up), (height * scale).rounded(.up))
        guard pixelWidth.isFinite, pixelHeight.isFinite, pixelWidth >= 1, pixelHeight >= 1 else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "page \(index + 1) has no size")
        }
        guard pixelWidth <= Double(Self.maximumSide), pixelHeight <= Double(Self.maximumSide),
              pixelWidth * pixelHeight <= Double(Self.maximumPixels) else {
            throw LetterpressError.unreadableInput(file: url.path, reason: String(
                format: "page %d is %.0f×%.0f pixels at %g dpi, over the limit of %d a side and %d million in all (give a lower \(OptionWords.dpi))",
                index + 1, pixelWidth, pixelHeight, dpi, Self.maximumSide, Self.maximumPixels / 1_000_000))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "page \(index + 1): \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        pdf.poppler.render(page, cr)
        cairo_destroy(cr)
        return RasterImage.flattened(surface)
    }
}
