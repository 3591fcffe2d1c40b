
/// Compares raster images in the manner of pixelmatch: a perceptual colour distance (YIQ) with
/// a threshold, and pixels that look like anti-aliasing in either image are not counted.
package enum ImageComparison {
    /// Compares `expected` with `actual` over the union of their areas: a pixel that only one
    /// of them has differs. `threshold` (0…1) is the colour distance below which pixels count
    /// as equal. `diff`, when given, receives an image: differing pixels red, anti-aliased ones
    /// yellow, over a faded copy of `expected`, and blue where only one image has pixels.
    package static func compare(_ expected: RasterImage, _ actual: RasterImage, threshold: Double = 0.1,
                               diff: inout RasterImage?) -> ImageDifference {
        let width = max(expected.width, actual.width)
        let height = max(expected.height, actual.height)
        let (left, right) = (expected.padded(toWidth: width, height: height), actual.padded(toWidth: width, height: height))
        let maxDelta = 35215 * threshold * threshold
        var differing = 0
        var antiAliased = 0
        var output = diff != nil ? [UInt32](repeating: 0, count: width * height) : []
        for y in 0..<height {
            let rowInBoth = y < expected.height && y < actual.height
            for x in 0..<width {
                let index = y * width + x
                let a = left.pixels[index]
                let b = right.pixels[index]
                var mark: UInt32?
                if !rowInBoth || x >= expected.width || x >= actual.width {
                    differing += 1
                    mark = 0x0050FF
                } else if a != b && colorDelta(a, b, brightnessOnly: false) > maxDelta {
                    if isAntiAliased(left, x, y, other: right) || isAntiAliased(right, x, y, other: left) {
                        antiAliased += 1
                        mark = 0xFFD000
                    } else {
                        differing += 1
                        mark = 0xFF0000
                    }
                }
                if diff != nil { output[index] = mark ?? faded(a) }
            }
        }
        if diff != nil { diff = RasterImage(width: width, height: height, pixels: output) }
        return ImageDifference(width: width, height: height, differingPixels: differing, antiAliasedPixels: antiAliased,
                               expectedSize: .init(width: expected.width, height: expected.height),
                               actualSize: .init(width: actual.width, height: actual.height))
    }

    private static func channels(_ pixel: UInt32) -> (Double, Double, Double) {
        (Double(pixel >> 16 & 0xFF), Double(pixel >> 8 & 0xFF), Double(pixel & 0xFF))
    }

    /// Squared YIQ distance, or the signed brightness difference when `brightnessOnly`.
    static func colorDelta(_ a: UInt32, _ b: UInt32, brightnessOnly: Bool) -> Double {
        let (r1, g1, b1) = channels(a)
        let (r2, g2, b2) = channels(b)
        let y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223
        if brightnessOnly { return y }
        let i = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
        let q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    /// Whether the pixel at (x, y) sits on an edge between two flat areas, as anti-aliasing
    /// does: it has both a darker and a brighter neighbour, and at least one of those lies in
    /// a flat region in both images.
    private static func isAntiAliased(_ image: RasterImage, _ x: Int, _ y: Int, other: RasterImage) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var darkest = (delta: 0.0, x: 0, y: 0)
        var brightest = (delta: 0.0, x: 0, y: 0)
        let center = image.pixels[y * image.width + x]
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = colorDelta(center, image.pixels[ny * image.width + nx], brightnessOnly: true)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest.delta {
                    darkest = (delta, nx, ny)
                } else if delta > brightest.delta {
                    brightest = (delta, nx, ny)
                }
            }
        }
        guard darkest.delta != 0, brightest.delta != 0 else { return false }
        return (hasManySiblings(image, darkest.x, darkest.y) && hasManySiblings(other, darkest.x, darkest.y))
            || (hasManySiblings(image, brightest.x, brightest.y) && hasManySiblings(other, brightest.x, brightest.y))
    }

    /// Whether more than two neighbours of (x, y) have exactly its colour.
    private static func hasManySiblings(_ image: RasterImage, _ x: Int, _ y: Int) -> Bool {
        let x0 = max(x - 1, 0), x1 = min(x + 1, image.width - 1)
        let y0 = max(y - 1, 0), y1 = min(y + 1, image.height - 1)
        var equal = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let center = image.pixels[y * image.width + x]
        for ny in y0...y1 {
            for nx in x0...x1 where (nx != x || ny != y) && image.pixels[ny * image.width + nx] == center {
                equal += 1
                if equal > 2 { return true }
            }
        }
        return false
    }

    /// A light grey version of a pixel, for the background of diff images.
    private static func faded(_ pixel: UInt32) -> UInt32 {
        let (r, g, b) = channels(pixel)
        let gray = UInt32(255 - (255 - (0.299 * r + 0.587 * g + 0.114 * b)) * 0.25)
        return gray << 16 | gray << 8 | gray
    }
}
