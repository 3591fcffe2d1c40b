
/// How two images differ.
package struct ImageDifference: Sendable, Equatable {
    /// The size compared: both images', or the union of the two when their sizes differ.
    package var width: Int
    package var height: Int
    /// Pixels whose colours differ beyond the threshold, anti-aliasing excepted, and pixels
    /// that only one of the images has.
    package var differingPixels: Int
    /// Pixels that differ only as anti-aliasing does, not counted as differing.
    package var antiAliasedPixels: Int
    /// Each image's own size; 0×0 for a page that one PDF does not have.
    package var expectedSize: PixelSize
    package var actualSize: PixelSize
    /// Share of pixels that differ, 0…1.
    package var fraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
    /// Whether the two images are not the same size (or one is missing).
    package var sizesDiffer: Bool { expectedSize != actualSize }

    /// A width and height in pixels.
    package struct PixelSize: Sendable, Equatable, CustomStringConvertible {
        package var width: Int
        package var height: Int

        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        package var description: String { "\(width)×\(height)" }
    }
}
