/// How two images differ.
public struct ImageDifference: Sendable, Equatable {
    /// The size compared: both images', or the union of the two when their sizes differ.
    public var width: Int
    public var height: Int
    /// Pixels whose colours differ beyond the threshold, anti-aliasing excepted, and pixels
    /// that only one of the images has.
    public var differingPixels: Int
    /// Pixels that differ only as anti-aliasing does, not counted as differing.
    public var antiAliasedPixels: Int
    /// Each image's own size; 0×0 for a page that one PDF does not have.
    public var expectedSize: PixelSize
    public var actualSize: PixelSize
    /// Share of pixels that differ, 0…1.
    public var fraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
    /// Whether the two images are not the same size (or one is missing).
    public var sizesDiffer: Bool { expectedSize != actualSize }

    /// A width and height in pixels.
    public struct PixelSize: Sendable, Equatable, CustomStringConvertible {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        public var description: String { "\(width)×\(height)" }
    }
}
