import CGdkPixbuf
import CPangoCairo
import Foundation

/// A decoded image as a Cairo surface, with the original JPEG bytes when it was a JPEG so
/// that PDF output can embed them as they are. Sendable: its pixels are written only while it
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

    /// For images with transparency, the opaque horizontal extent of each of up to 256 bands of
    /// rows, as fractions of the width (nil where a band is transparent): the outline text flows
    /// around. Nil for opaque images, whose outline is their rectangle.
    func opaqueRows() -> [ClosedRange<Double>?]? {
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

/// Where an image reference in a note points.
public enum ImagePath {
    /// The file `source` (a path, percent-encoded or not, or a `file://` URL) names, relative
    /// to `folder` unless absolute; nil for a remote URL.
    public static func fileURL(_ source: String, relativeTo folder: URL?) -> URL? {
        let lowered = source.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") { return nil }
        let path = (lowered.hasPrefix("file://") ? String(source.dropFirst(7)) : source).removingPercentEncoding ?? source
        guard let folder, !path.hasPrefix("/") else { return URL(fileURLWithPath: path) }
        return folder.appendingPathComponent(path)
    }
}

/// Reads PNG, JPEG and the other formats gdk-pixbuf knows into `LoadedImage`s.
enum ImageLoader {
    /// Images with more pixels than this are refused before decoding.
    static let maximumPixels = 100_000_000

    /// The image at `path`, or the reason it cannot be shown.
    static func load(_ path: String) -> Result<LoadedImage, ImageError> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .failure(.missing) }
        guard !isFolder.boolValue, isRegularFile(path) else { return .failure(.notAFile) }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let format = gdk_pixbuf_get_file_info(path, &width, &height) else { return .failure(.unreadable("unknown image format")) }
        guard width > 0, height > 0, Int(width) * Int(height) <= maximumPixels else {
            return .failure(.tooLarge(width: Int(width), height: Int(height)))
        }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot decode"
            if let error { g_error_free(error) }
            return .failure(.unreadable(message))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let formatName = gdk_pixbuf_format_get_name(format).map { name -> String in
            defer { g_free(name) }
            return String(cString: name)
        }
        let jpeg = formatName == "jpeg" ? FileManager.default.contents(atPath: path) : nil
        return .success(LoadedImage(
            surface: surface(from: pixbuf),
            pixelWidth: Int(gdk_pixbuf_get_width(pixbuf)), pixelHeight: Int(gdk_pixbuf_get_height(pixbuf)),
            jpegData: jpeg))
    }

    private static func isRegularFile(_ path: String) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// Copies a pixbuf's RGB(A) rows into a premultiplied ARGB32 Cairo surface.
    private static func surface(from pixbuf: OpaquePointer) -> OpaquePointer {
        let width = gdk_pixbuf_get_width(pixbuf)
        let height = gdk_pixbuf_get_height(pixbuf)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let source = gdk_pixbuf_read_pixels(pixbuf)!
        let surface = cairo_image_surface_create(hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height)!
        cairo_surface_flush(surface)
        let target = cairo_image_surface_get_data(surface)!
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<Int(height) {
            let sourceRow = source + row * sourceStride
            let targetRow = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<Int(width) {
                let pixel = sourceRow + column * channels
                let alpha = hasAlpha ? UInt32(pixel[3]) : 255
                func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                targetRow[column] = alpha << 24 | premultiplied(pixel[0]) << 16 | premultiplied(pixel[1]) << 8 | premultiplied(pixel[2])
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Why an image cannot be shown.
enum ImageError: Error, CustomStringConvertible {
    case missing
    case notAFile
    case remote
    case outsideSandbox
    case tooLarge(width: Int, height: Int)
    case unreadable(String)

    var description: String {
        switch self {
        case .missing: return "not found"
        case .notAFile: return "not a regular file"
        case .remote: return "remote images are not fetched"
        case .outsideSandbox: return "lies outside the note's folder (--sandbox)"
        case let .tooLarge(width, height): return "too large (\(width) × \(height) pixels)"
        case let .unreadable(reason): return "cannot be read (\(reason))"
        }
    }
}
