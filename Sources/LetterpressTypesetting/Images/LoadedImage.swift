import CCairo
import Foundation
import LetterpressStyling

/// A decoded image as a Cairo surface. `pixelWidth` and `pixelHeight` are the file's,
/// which size the image on the page; a very large image's surface has fewer pixels. A drawing
/// (SVG) is a recording surface: its paths are replayed wherever it is drawn, as vectors in a
/// PDF and sharp at any resolution. Sendable: its content is written only while it is decoded,
/// and Cairo counts a surface's references atomically.
package final class LoadedImage: DecodedImage, @unchecked Sendable {
    package let surface: OpaquePointer
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// The surface's size, in its pixels (a drawing's: in the units it was recorded in).
    package let surfaceWidth: Int
    package let surfaceHeight: Int
    /// Whether the surface records a drawing rather than holds pixels.
    package let isDrawing: Bool

    init(surface: OpaquePointer, pixelWidth: Int, pixelHeight: Int) {
        self.surface = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        surfaceWidth = Int(cairo_image_surface_get_width(surface))
        surfaceHeight = Int(cairo_image_surface_get_height(surface))
        isDrawing = false
    }

    init(drawing: OpaquePointer, pixelWidth: Int, pixelHeight: Int, recordedWidth: Int, recordedHeight: Int) {
        surface = drawing
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        surfaceWidth = recordedWidth
        surfaceHeight = recordedHeight
        isDrawing = true
    }

    deinit { cairo_surface_destroy(surface) }

    /// For images with transparency, the opaque horizontal extent of each of up to 256 bands of
    /// rows, as fractions of the width (nil where a band is transparent): the outline text flows
    /// around. Nil for opaque images, whose outline is their rectangle.
    func opaqueRows() -> [ClosedRange<Double>?]? {
        guard isDrawing else { return Self.opaqueRows(of: surface) }
        // A drawing's outline is read from its pixels at a size that is enough for 256 bands.
        let scale = min(1, 512 / Double(max(surfaceWidth, surfaceHeight, 1)))
        let pixels = rasterized(width: Int(max(1, (Double(surfaceWidth) * scale).rounded())),
                                height: Int(max(1, (Double(surfaceHeight) * scale).rounded())))
        defer { cairo_surface_destroy(pixels) }
        return Self.opaqueRows(of: pixels)
    }

    /// The image drawn into a new ARGB surface of `width` × `height` pixels, which the caller
    /// destroys.
    package func rasterized(width: Int, height: Int) -> OpaquePointer {
        let pixels = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(pixels)!
        cairo_scale(cr, Double(width) / Double(max(surfaceWidth, 1)), Double(height) / Double(max(surfaceHeight, 1)))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        return pixels
    }

    private static func opaqueRows(of surface: OpaquePointer) -> [ClosedRange<Double>?]? {
        let (pixelWidth, pixelHeight) = (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, pixelWidth > 0, pixelHeight > 0 else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(to: UInt32.self)
        let bands = min(pixelHeight, 256)
        var rows: [ClosedRange<Double>?] = []
        var sawTransparency = false
        for band in 0..<bands {
            var left = pixelWidth
            var right = -1
            for row in (band * pixelHeight / bands)..<max((band + 1) * pixelHeight / bands, band * pixelHeight / bands + 1) {
                for column in 0..<pixelWidth where data[row * stride + column] >> 24 > 24 {
                    left = min(left, column)
                    right = max(right, column)
                }
            }
            if left > 0 || right < pixelWidth - 1 { sawTransparency = true }
            rows.append(right >= left ? Double(left) / Double(pixelWidth)...Double(right + 1) / Double(pixelWidth) : nil)
        }
        return sawTransparency ? rows : nil
    }
}
