import CCairo
import Foundation

/// A decoded image as a Cairo surface, with the original JPEG bytes when it was a JPEG so
/// that PDF output can embed them as they are. `pixelWidth` and `pixelHeight` are the file's,
/// which size the image on the page; a very large image's surface has fewer pixels. Sendable: its pixels are written only while it
/// is decoded, and Cairo counts a surface's references atomically.
public final class LoadedImage: @unchecked Sendable {
    let surface: OpaquePointer
    public let pixelWidth: Int
    public let pixelHeight: Int
    let jpegData: Data?

    init(surface: OpaquePointer, pixelWidth: Int, pixelHeight: Int, jpegData: Data?) {
        self.surface = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.jpegData = jpegData
    }

    deinit { cairo_surface_destroy(surface) }

    /// The decoded pixels' size.
    var surfaceWidth: Int { Int(cairo_image_surface_get_width(surface)) }
    var surfaceHeight: Int { Int(cairo_image_surface_get_height(surface)) }

    /// For images with transparency, the opaque horizontal extent of each of up to 256 bands of
    /// rows, as fractions of the width (nil where a band is transparent): the outline text flows
    /// around. Nil for opaque images, whose outline is their rectangle.
    func opaqueRows() -> [ClosedRange<Double>?]? {
        let (pixelWidth, pixelHeight) = (surfaceWidth, surfaceHeight)
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
