import CPangoCairo
import Foundation

/// gdk-pixbuf's functions, opened with `dlopen` the first time a raster image is read: linked
/// into `render`, it brought GIO, GModule, libmount, libselinux, libblkid and libjpeg with it,
/// each loaded and relocated at every start, for the notes that hold an image.
struct PixbufLibrary: @unchecked Sendable {
    // Unchecked: only immutable C function pointers; gdk-pixbuf's own functions are thread-safe.
    /// A `GdkPixbuf *`.
    typealias Pixbuf = OpaquePointer
    /// A `GdkPixbufFormat *`, owned by gdk-pixbuf.
    typealias Format = OpaquePointer
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?

    let fileInfo: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Format?
    /// The format's name, for the caller to free with `g_free`.
    let formatName: @convention(c) (Format?) -> UnsafeMutablePointer<CChar>?
    let newFromFile: @convention(c) (UnsafePointer<CChar>?, ErrorOut) -> Pixbuf?
    let newFromFileAtScale: @convention(c) (UnsafePointer<CChar>?, Int32, Int32, gboolean, ErrorOut) -> Pixbuf?
    let width: @convention(c) (Pixbuf?) -> Int32
    let height: @convention(c) (Pixbuf?) -> Int32
    let channels: @convention(c) (Pixbuf?) -> Int32
    let hasAlpha: @convention(c) (Pixbuf?) -> gboolean
    let rowStride: @convention(c) (Pixbuf?) -> Int32
    let pixels: @convention(c) (Pixbuf?) -> UnsafePointer<UInt8>?

    /// The library, opened once, or why it cannot be.
    static let shared: Result<PixbufLibrary, ImageError> = open()

    /// The soname Debian's libgdk-pixbuf-2.0-0 installs.
    static let fileName = "libgdk_pixbuf-2.0.so.0"

    private static func open() -> Result<PixbufLibrary, ImageError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? fileName
            return .failure(.unreadable("images cannot be read: gdk-pixbuf cannot be loaded (\(reason); install libgdk-pixbuf-2.0-0)"))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(ImageError) -> T {
            guard let address = dlsym(handle, name) else { throw .unreadable("images cannot be read: \(fileName) lacks \(name)") }
            return unsafeBitCast(address, to: type)
        }
        typealias Measure = @convention(c) (Pixbuf?) -> Int32
        do {
            return .success(PixbufLibrary(
                fileInfo: try symbol("gdk_pixbuf_get_file_info",
                                     as: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Format?).self),
                formatName: try symbol("gdk_pixbuf_format_get_name", as: (@convention(c) (Format?) -> UnsafeMutablePointer<CChar>?).self),
                newFromFile: try symbol("gdk_pixbuf_new_from_file", as: (@convention(c) (UnsafePointer<CChar>?, ErrorOut) -> Pixbuf?).self),
                newFromFileAtScale: try symbol("gdk_pixbuf_new_from_file_at_scale",
                                               as: (@convention(c) (UnsafePointer<CChar>?, Int32, Int32, gboolean, ErrorOut) -> Pixbuf?).self),
                width: try symbol("gdk_pixbuf_get_width", as: Measure.self),
                height: try symbol("gdk_pixbuf_get_height", as: Measure.self),
                channels: try symbol("gdk_pixbuf_get_n_channels", as: Measure.self),
                hasAlpha: try symbol("gdk_pixbuf_get_has_alpha", as: (@convention(c) (Pixbuf?) -> gboolean).self),
                rowStride: try symbol("gdk_pixbuf_get_rowstride", as: Measure.self),
                pixels: try symbol("gdk_pixbuf_read_pixels", as: (@convention(c) (Pixbuf?) -> UnsafePointer<UInt8>?).self)))
        } catch {
            return .failure(error)
        }
    }
}
