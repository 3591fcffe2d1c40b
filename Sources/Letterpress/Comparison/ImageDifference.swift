
/// How two images differ.
public struct ImageDifference: Sendable, Equatable {
    /// The width compared: both images', or the wider one's when their sizes differ.
    public var width: Int
    /// The height compared: both images', or the taller one's when their sizes differ.
    public var height: Int
    /// Pixels whose colours differ beyond the threshold, anti-aliasing excepted, and pixels
    /// that only one of the images has.
    public var differingPixels: Int
    /// Pixels that differ only as anti-aliasing does, not counted as differing.
    public var antiAliasedPixels: Int
    /// The expected image's own size; 0×0 for a page that the expected PDF does not have.
    public var expectedSize: PixelSize
    /// The actual image's own size; 0×0 for a page that the actual PDF does not have.
    public var actualSize: PixelSize
    /// Share of pixels that differ, 0…1.
    public var fraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
    /// Whether the two images are not the same size (or one is missing).
    public var sizesDiffer: Bool { expectedSize != actualSize }

    /// A width and height in pixels.
    public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
        /// The width in pixels.
        public var width: Int
        /// The height in pixels.
        public var height: Int

        /// A size of `width` × `height` pixels.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// `WIDTH×HEIGHT`.
        public var description: String { "\(width)×\(height)" }
    }
}
