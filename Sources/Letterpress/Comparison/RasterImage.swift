import CPangoCairo
import Foundation

/// A raster image as opaque RGB over white, one `UInt32` (0x00RRGGBB) per pixel.
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]

    /// Reads a PNG file.
    public static func png(_ url: URL) throws -> RasterImage {
        let surface = cairo_image_surface_create_from_png(url.path)!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        return flattened(surface)
    }

    /// The image of a PNG file, or the pages of a PDF file rendered at `dpi`.
    public static func pages(of url: URL, dpi: Double) throws -> [RasterImage] {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "no such file")
        }
        let header = FileHandle(forReadingAtPath: url.path).map { handle -> Data in
            defer { try? handle.close() }
            return handle.readData(ofLength: 5)
        } ?? Data()
        if header.starts(with: Array("%PDF-".utf8)) { return try pdfPages(url, dpi: dpi) }
        guard header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "is neither a PNG nor a PDF file")
        }
        return [try png(url)]
    }

    /// Renders every page of a PDF at `dpi` with Poppler.
    public static func pdfPages(_ url: URL, dpi: Double) throws -> [RasterImage] {
        guard let poppler = Poppler.shared else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PDF: libpoppler-glib is not installed")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler.open(url.absoluteString, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "cannot open"
            if let error { g_error_free(error) }
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PDF (\(reason))")
        }
        defer { g_object_unref(document) }
        return (0..<poppler.pageCount(document)).compactMap { index in
            guard let page = poppler.page(document, index) else { return nil }
            defer { g_object_unref(page) }
            var width = 0.0
            var height = 0.0
            poppler.size(page, &width, &height)
            let scale = dpi / 72
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)), Int32((height * scale).rounded(.up)))!
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_scale(cr, scale, scale)
            poppler.render(page, cr)
            cairo_destroy(cr)
            return flattened(surface)
        }
    }

    /// The surface's pixels composited over white.
    private static func flattened(_ surface: OpaquePointer) -> RasterImage {
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let pixel = data[row * stride + column]
                // Premultiplied colour over white: channel + (255 − alpha).
                let uncovered = opaque ? 0 : 255 - (pixel >> 24 & 0xFF)
                let red = min((pixel >> 16 & 0xFF) + uncovered, 255)
                let green = min((pixel >> 8 & 0xFF) + uncovered, 255)
                let blue = min((pixel & 0xFF) + uncovered, 255)
                pixels[row * width + column] = red << 16 | green << 8 | blue
            }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// Writes the image as PNG, in place of `url` only once it is whole, and never in place of
    /// one of `inputs` or of anything but a regular file.
    public func writePNG(to url: URL, protecting inputs: [URL] = []) throws {
        let file = try TemporaryFile(beside: OutputPath.resolved(url))
        do {
            try pixels.withUnsafeBytes { bytes in
                try PNGWriter.encode(bytes.bindMemory(to: UInt8.self).baseAddress!, width: Int32(width),
                                           height: Int32(height), stride: Int32(width * 4), to: file, naming: url)
            }
            try TemporaryFile.commit([file], to: [url], protecting: inputs)
        } catch {
            TemporaryFile.remove([file])
            throw error
        }
    }
}
