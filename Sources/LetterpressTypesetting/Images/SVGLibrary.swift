import CPangoCairo
import Foundation

/// librsvg's functions, opened with `dlopen` the first time an SVG is drawn: linked into
/// `render`, its 37,000 relocations were done at every start, for the few notes that hold an
/// SVG image or a diagram.
struct SVGLibrary: @unchecked Sendable {
    // Unchecked: only immutable C function pointers; librsvg's handles are used by one thread each.
    /// An `RsvgHandle *`.
    typealias Handle = OpaquePointer

    let newFromData: @convention(c) (UnsafePointer<UInt8>?, gsize, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Handle?
    let setDPI: @convention(c) (Handle?, Double) -> Void
    let intrinsicSizeInPixels: @convention(c) (Handle?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> gboolean
    /// The viewport is an `RsvgRectangle`: four doubles, x, y, width and height.
    let renderDocument: @convention(c) (Handle?, OpaquePointer?, UnsafePointer<Double>?, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
        -> gboolean

    /// The library, opened once, or why it cannot be.
    static let shared: Result<SVGLibrary, ImageError> = open()

    /// The soname Debian's librsvg2-2 installs.
    static let fileName = "librsvg-2.so.2"

    private static func open() -> Result<SVGLibrary, ImageError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? fileName
            return .failure(.unreadable("SVG cannot be drawn: librsvg cannot be loaded (\(reason); install librsvg2-2)"))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(ImageError) -> T {
            guard let address = dlsym(handle, name) else { throw .unreadable("SVG cannot be drawn: \(fileName) lacks \(name)") }
            return unsafeBitCast(address, to: type)
        }
        do {
            return .success(SVGLibrary(
                newFromData: try symbol("rsvg_handle_new_from_data",
                                        as: (@convention(c) (UnsafePointer<UInt8>?, gsize, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> Handle?).self),
                setDPI: try symbol("rsvg_handle_set_dpi", as: (@convention(c) (Handle?, Double) -> Void).self),
                intrinsicSizeInPixels: try symbol("rsvg_handle_get_intrinsic_size_in_pixels",
                                                  as: (@convention(c) (Handle?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> gboolean).self),
                renderDocument: try symbol("rsvg_handle_render_document",
                                           as: (@convention(c) (Handle?, OpaquePointer?, UnsafePointer<Double>?,
                                                                UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean).self)))
        } catch {
            return .failure(error)
        }
    }
}
