import CPangoCairo
import Foundation

/// A raster image as opaque RGB over white, one `UInt32` (0x00RRGGBB) per pixel.
package struct RasterImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt32]

    /// The image on a white area of `width` × `height` (at least its own size), at the top left.
    func padded(toWidth width: Int, height: Int) -> RasterImage {
        guard width != self.width || height != self.height else { return self }
        var pixels = [UInt32](repeating: 0xFFFFFF, count: width * height)
        for y in 0..<min(self.height, height) {
            for x in 0..<min(self.width, width) { pixels[y * width + x] = self.pixels[y * self.width + x] }
        }
        return RasterImage(width: width, height: height, pixels: pixels)
    }

    /// Reads a PNG file.
    package static func png(_ url: URL) throws -> RasterImage {
        // Its header first: Cairo decodes the whole image, however large it says it is.
        if let (width, height) = pngSize(url), width > RasterPages.maximumSide || height > RasterPages.maximumSide
            || width * height > RasterPages.maximumPixels {
            throw LetterpressError.unreadableInput(file: url.path, reason: "is \(width)×\(height) pixels, over the limit of \(RasterPages.maximumSide) a side and \(RasterPages.maximumPixels / 1_000_000) million in all")
        }
        let surface = cairo_image_surface_create_from_png(url.path)!
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        return flattened(surface)
    }

    /// The width and height a PNG file's header gives; nil when it has none.
    private static func pngSize(_ url: URL) -> (Int, Int)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 24), header.count == 24,
              header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let bytes = Array(header)
        func number(at offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(at: 16), number(at: 20))
    }

    /// The surface's pixels composited over white.
    static func flattened(_ surface: OpaquePointer) -> RasterImage {
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
    package func writePNG(to url: URL, protecting inputs: [URL] = []) throws {
        let file = try TemporaryFile(beside: OutputPath.resolved(url))
        do {
            try pixels.withUnsafeBytes { bytes in
                try PNGWriter.encode(bytes.bindMemory(to: UInt8.self).baseAddress!, width: Int32(width),
                                           height: Int32(height), stride: Int32(width * 4), to: file, naming: url.path)
            }
            try TemporaryFile.commit([file], to: [url], protecting: inputs)
        } catch {
            TemporaryFile.remove([file])
            throw error
        }
    }
}
