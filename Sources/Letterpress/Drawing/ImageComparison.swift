import CPangoCairo
import Foundation

/// The result of comparing two raster images.
public struct ImageDifference: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var differingPixels: Int
    /// Share of pixels that differ, 0…1.
    public var fraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
}

/// Compares PNG images pixel by pixel, for golden-image tests.
public enum ImageComparison {
    /// Compares two PNG files. A pixel differs when any channel differs by more than
    /// `threshold` (0…1). Writes a diff image (differences in red over a faded copy of `expected`)
    /// to `diff` when given and something differs. Throws when a file cannot be read or the
    /// sizes differ.
    public static func compare(expected: URL, actual: URL, threshold: Double = 0.1, diff: URL? = nil) throws -> ImageDifference {
        let first = try load(expected)
        defer { cairo_surface_destroy(first) }
        let second = try load(actual)
        defer { cairo_surface_destroy(second) }
        let width = Int(cairo_image_surface_get_width(first))
        let height = Int(cairo_image_surface_get_height(first))
        guard width == Int(cairo_image_surface_get_width(second)), height == Int(cairo_image_surface_get_height(second)) else {
            throw LetterpressError.drawingFailed(
                file: actual.path,
                reason: "size \(cairo_image_surface_get_width(second))×\(cairo_image_surface_get_height(second)) differs from \(width)×\(height)")
        }
        let limit = Int32(threshold * 255)
        let output = diff.map { _ in cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))! }
        defer { output.map { cairo_surface_destroy($0) } }
        let a = pixels(first)
        let b = pixels(second)
        let outputPixels = output.map(pixels)
        var differing = 0
        for row in 0..<height {
            for column in 0..<width {
                let left = a.base[row * a.stride + column]
                let right = b.base[row * b.stride + column]
                let differs = channelDistance(left, right) > limit
                if differs { differing += 1 }
                if let outputPixels {
                    let sum = Int(left & 0xFF) + Int(left >> 8 & 0xFF) + Int(left >> 16 & 0xFF)
                    let gray = UInt32(170 + sum / 9)
                    outputPixels.base[row * outputPixels.stride + column] = differs ? 0xFF0000 : gray << 16 | gray << 8 | gray
                }
            }
        }
        if let output, let diff, differing > 0 {
            cairo_surface_mark_dirty(output)
            cairo_surface_write_to_png(output, diff.path)
        }
        return ImageDifference(width: width, height: height, differingPixels: differing)
    }

    private static func load(_ url: URL) throws -> OpaquePointer {
        let surface = cairo_image_surface_create_from_png(url.path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw LetterpressError.unreadableInput(file: url.path, reason: "cannot read PNG (\(String(cString: cairo_status_to_string(status))))")
        }
        // Every PNG becomes ARGB32, so that RGB24's unused byte reads as opaque alpha.
        let converted = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))!
        let cr = cairo_create(converted)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        return converted
    }

    /// The largest difference between the four 8-bit channels of two pixels.
    private static func channelDistance(_ left: UInt32, _ right: UInt32) -> Int32 {
        var largest: Int32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let difference = abs(Int32(left >> shift & 0xFF) - Int32(right >> shift & 0xFF))
            largest = max(largest, difference)
        }
        return largest
    }

    private static func pixels(_ surface: OpaquePointer) -> (base: UnsafeMutablePointer<UInt32>, stride: Int) {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        return (UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), stride)
    }
}
