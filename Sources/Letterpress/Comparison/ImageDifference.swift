/// How two images differ.
public struct ImageDifference: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Pixels whose colours differ beyond the threshold, anti-aliasing excepted.
    public var differingPixels: Int
    /// Pixels that differ only as anti-aliasing does, not counted as differing.
    public var antiAliasedPixels: Int
    /// Share of pixels that differ, 0…1.
    public var fraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
}
