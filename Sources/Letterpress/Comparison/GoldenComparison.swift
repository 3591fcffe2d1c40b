import Foundation

/// How a rendering is compared with its reference, the same for `render compare`,
/// `render --golden` and `assertRendering`: page by page with `ImageComparison`, and the worst
/// page's share of differing pixels against a tolerance.
public struct GoldenComparison: Sendable {
    /// Share of pixels (0…1) allowed to differ.
    public var tolerance: Double
    /// Colour distance (0…1) below which two pixels count as equal.
    public var threshold: Double
    /// The resolution at which PDF pages are rendered.
    public var dpi: Double

    public init(tolerance: Double = 0, threshold: Double = 0.1, dpi: Double = 72) {
        self.tolerance = tolerance
        self.threshold = threshold
        self.dpi = dpi
    }

    /// What a comparison found.
    public struct Verdict: Sendable {
        /// One per page.
        public var pages: [ImageDifference]
        /// The largest share of differing pixels on a page.
        public var worst: Double
        /// Whether `worst` is within the tolerance.
        public var matches: Bool
    }

    /// Compares two PNG files, or two PDF files page by page, writing the diff image of each
    /// page that differs to `diff` when given (`GoldenFiles.diff(_:page:)` names the pages of
    /// a PDF), never in place of either file compared. Throws when a file cannot be read or the
    /// images (or page counts) differ in size.
    public func compare(expected: URL, actual: URL, diff: URL? = nil) throws -> Verdict {
        let (left, right) = (try RasterPages(expected, dpi: dpi), try RasterPages(actual, dpi: dpi))
        guard left.count == right.count else {
            throw LetterpressError.drawingFailed(file: actual.path, reason: "has \(right.count) pages, \(expected.lastPathComponent) has \(left.count)")
        }
        var pages: [ImageDifference] = []
        for page in 0..<left.count {
            let (a, b) = (try left.image(at: page), try right.image(at: page))
            guard a.width == b.width, a.height == b.height else {
                throw LetterpressError.drawingFailed(file: actual.path, reason: "page \(page + 1) is \(b.width)×\(b.height) pixels, expected \(a.width)×\(a.height)")
            }
            var image: RasterImage? = diff == nil ? nil : RasterImage(width: 0, height: 0, pixels: [])
            let result = ImageComparison.compare(a, b, threshold: threshold, diff: &image)
            if let diff, let image, result.differingPixels > 0 {
                try image.writePNG(to: left.count == 1 ? diff : GoldenFiles.diff(diff, page: page + 1), protecting: [expected, actual])
            }
            pages.append(result)
        }
        let worst = pages.map(\.fraction).max() ?? 0
        return Verdict(pages: pages, worst: worst, matches: worst <= tolerance)
    }
}
