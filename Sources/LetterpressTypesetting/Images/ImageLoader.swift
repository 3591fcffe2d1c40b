import CPangoCairo
import Foundation

/// Reads PNG, JPEG and the other formats gdk-pixbuf knows into `LoadedImage`s.
enum ImageLoader {
    /// Images with more pixels than this are refused before decoding.
    static let maximumPixels = 100_000_000
    /// Images with a longer side are decoded at this size on that side: it is more than a page
    /// needs at 300 dpi, and Cairo's image surfaces stop at 32,767 pixels a side.
    static let maximumDecodedSide = 4096
    /// Drawings (SVG) are recorded at most this many units a side: their paths stay vectors,
    /// but librsvg renders a filter (a blur) to pixels as it records, at this size; a column at
    /// 300 dpi needs less.
    static let maximumDrawnSide = 2048
    /// Passes over the pixels of `maximumDrawnSide` that a drawing's filters and masks may
    /// take (a blur takes 3, see `DrawingCost`): eight blurs at full size, 128 MB of pixels;
    /// a drawing that takes more is recorded smaller.
    static let rasterizedPasses = 24
    /// SVG files larger than this are refused: no drawing needs more, and librsvg keeps the
    /// whole tree in memory.
    static let maximumDrawingBytes = 16 * 1024 * 1024

    /// The image at `path`, or the reason it cannot be shown.
    static func load(_ path: String) -> Result<LoadedImage, ImageError> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .failure(.missing) }
        guard !isFolder.boolValue, isRegularFile(path) else { return .failure(.notAFile) }
        // An SVG is weighed before any library parses it: librsvg panics on some (and the
        // panic aborts the process), and gdk-pixbuf's loader parses it to tell its size.
        var weighed: (data: Data, cost: DrawingCost)?
        switch firstBytes(of: path) {
        case [0x1F, 0x8B]:
            return .failure(.unreadable("it is compressed (gzip); a compressed SVG is not drawn: decompress it"))
        case let head where mayBeXML(head):
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= maximumDrawingBytes,
                  let data = FileManager.default.contents(atPath: path) else {
                return .failure(.unreadable("an SVG file over \(maximumDrawingBytes / 1024 / 1024) MB"))
            }
            // XML libxml2 cannot read, librsvg cannot either: it says why.
            let cost = DrawingCost.of(data) ?? DrawingCost()
            if let refusal = cost.refusal { return .failure(.unreadable(refusal)) }
            weighed = (data, cost)
        default:
            break
        }
        let pixbufs: PixbufLibrary
        switch PixbufLibrary.shared {
        case let .success(library): pixbufs = library
        case let .failure(error): return .failure(error)
        }
        var width: Int32 = 0
        var height: Int32 = 0
        guard let format = pixbufs.fileInfo(path, &width, &height) else { return .failure(.unreadable("unknown image format")) }
        guard width > 0, height > 0, Int(width) * Int(height) <= maximumPixels else {
            return .failure(.tooLarge(width: Int(width), height: Int(height)))
        }
        let formatName = pixbufs.formatName(format).map { name -> String in
            defer { g_free(name) }
            return String(cString: name)
        }
        if formatName == "svg" {
            guard let weighed else { return .failure(.unreadable("an SVG that does not start as XML does, which is not drawn")) }
            return drawing(weighed.data, key: fileKey(path), width: Int(width), height: Int(height), cost: weighed.cost)
        }
        var error: UnsafeMutablePointer<GError>?
        let scale = min(1, Double(maximumDecodedSide) / Double(max(width, height)))
        let decoded = scale < 1
            ? pixbufs.newFromFileAtScale(path, Int32(max(1, (Double(width) * scale).rounded())),
                                         Int32(max(1, (Double(height) * scale).rounded())), 0, &error)
            : pixbufs.newFromFile(path, &error)
        guard let pixbuf = decoded else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "cannot decode"
            if let error { g_error_free(error) }
            return .failure(.unreadable(message))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // A damaged header may promise other pixels than the decoder gives.
        let (decodedWidth, decodedHeight) = (Int(pixbufs.width(pixbuf)), Int(pixbufs.height(pixbuf)))
        guard max(decodedWidth, decodedHeight) <= maximumDecodedSide, decodedWidth * decodedHeight <= maximumPixels,
              let surface = surface(from: pixbuf, pixbufs) else {
            return .failure(.unreadable("it decodes to \(decodedWidth) × \(decodedHeight) pixels, not the \(width) × \(height) its header gives"))
        }
        identify(surface, key: fileKey(path))
        return .success(LoadedImage(surface: surface, pixelWidth: Int(width), pixelHeight: Int(height)))
    }

    /// Whether a file starting with `head` (two bytes) may be XML, an SVG: `<` or whitespace,
    /// a UTF-8 byte-order mark, or UTF-16 (a byte-order mark, or `<` with a zero byte).
    private static func mayBeXML(_ head: [UInt8]) -> Bool {
        guard let first = head.first else { return false }
        return [UInt8(ascii: "<"), 0x20, 0x0A, 0x0D, 0x09, 0xEF].contains(first)
            || [[0xFF, 0xFE], [0xFE, 0xFF], [0x3C, 0x00], [0x00, 0x3C]].contains(head)
    }

    /// The first two bytes of the file at `path` (fewer when it is shorter).
    private static func firstBytes(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return Array((try? handle.read(upToCount: 2)) ?? Data())
    }

    /// An SVG made in memory (a diagram), weighed and recorded as a file's is, at the size its
    /// root element gives (96 pixels an inch, as gdk-pixbuf sizes a file's).
    static func drawing(svg data: Data) -> Result<LoadedImage, ImageError> {
        guard data.count <= maximumDrawingBytes else {
            return .failure(.unreadable("an SVG over \(maximumDrawingBytes / 1024 / 1024) MB"))
        }
        let cost = DrawingCost.of(data) ?? DrawingCost()
        if let refusal = cost.refusal { return .failure(.unreadable(refusal)) }
        let svg: SVGLibrary
        switch SVGLibrary.shared {
        case let .success(library): svg = library
        case let .failure(error): return .failure(error)
        }
        let handle = data.withUnsafeBytes { bytes in
            svg.newFromData(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count), nil)
        }
        guard let handle else { return .failure(.unreadable("cannot read the SVG")) }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        svg.setDPI(handle, 96)
        var width = 0.0
        var height = 0.0
        guard svg.intrinsicSizeInPixels(handle, &width, &height) != 0, width >= 1, height >= 1,
              width * height <= Double(maximumPixels) else {
            return .failure(.unreadable("an SVG without a size, or too large"))
        }
        // Identical drawings are one image in a PDF, as one file drawn twice is.
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return drawing(data, key: "svg|\(data.count)|\(hash)", width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), cost: cost)
    }

    /// The SVG `data` recorded as paths with librsvg, at the size gdk-pixbuf (librsvg too)
    /// gives it, scaled down to `maximumDrawnSide` units and further as `cost` says, named by `key`.
    private static func drawing(_ data: Data, key: String, width: Int, height: Int, cost: DrawingCost) -> Result<LoadedImage, ImageError> {
        var error: UnsafeMutablePointer<GError>?
        func failure(_ fallback: String) -> Result<LoadedImage, ImageError> {
            let message = error.map { String(cString: $0.pointee.message) } ?? fallback
            if let error { g_error_free(error) }
            return .failure(.unreadable(message))
        }
        let svg: SVGLibrary
        switch SVGLibrary.shared {
        case let .success(library): svg = library
        case let .failure(error): return .failure(error)
        }
        let handle = data.withUnsafeBytes { bytes in
            svg.newFromData(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), gsize(bytes.count), &error)
        }
        guard let handle else { return failure("cannot read the SVG") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        // Each filter or mask is rendered to pixels at the recorded size: past a few, the
        // drawing is recorded smaller, so that all of them together take no more passes over
        // pixels than `rasterizedPasses` at full size (its paths stay vectors at any size).
        let rasterShare = cost.rasterized > rasterizedPasses ? (Double(rasterizedPasses) / Double(cost.rasterized)).squareRoot() : 1
        let scale = min(1, Double(maximumDrawnSide) / Double(max(width, height))) * rasterShare
        let recordedWidth = max(1, (Double(width) * scale).rounded())
        let recordedHeight = max(1, (Double(height) * scale).rounded())
        var extents = cairo_rectangle_t(x: 0, y: 0, width: recordedWidth, height: recordedHeight)
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        let cr = cairo_create(recording)!
        let viewport = [0, 0, recordedWidth, recordedHeight]
        let drawn = svg.renderDocument(handle, cr, viewport, &error) != 0
        let status = cairo_status(cr)
        cairo_destroy(cr)
        guard drawn, status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(recording)
            return failure("cannot draw the SVG")
        }
        identify(recording, key: key)
        return .success(LoadedImage(drawing: recording, pixelWidth: width, pixelHeight: height,
                                    recordedWidth: Int(recordedWidth), recordedHeight: Int(recordedHeight)))
    }

    /// The name of the image read from the file at `path`: its path, size and time.
    private static func fileKey(_ path: String) -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path)|\(attributes?[.size] ?? 0)|\(modified)"
    }

    /// Names a surface by `key` (the file it was read from), so that a PDF holds an image once
    /// however many times it is drawn, also when it was let go between two pages and read again.
    private static func identify(_ surface: OpaquePointer, key: String) {
        let bytes = Array(key.utf8)
        guard let copy = malloc(bytes.count) else { return }
        copy.copyMemory(from: bytes, byteCount: bytes.count)
        cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, copy.assumingMemoryBound(to: UInt8.self), UInt(bytes.count), free, copy)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        return type == .typeRegular
    }

    /// Copies a pixbuf's RGB(A) rows into a premultiplied ARGB32 Cairo surface; nil when Cairo
    /// cannot make one that size.
    private static func surface(from pixbuf: PixbufLibrary.Pixbuf, _ pixbufs: PixbufLibrary) -> OpaquePointer? {
        let width = pixbufs.width(pixbuf)
        let height = pixbufs.height(pixbuf)
        let channels = Int(pixbufs.channels(pixbuf))
        let hasAlpha = pixbufs.hasAlpha(pixbuf) != 0
        let sourceStride = Int(pixbufs.rowStride(pixbuf))
        let source = pixbufs.pixels(pixbuf)!
        let surface = cairo_image_surface_create(hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height)!
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
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
