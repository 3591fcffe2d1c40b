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

    /// A comparison with the given settings.
    /// - Parameters:
    ///   - tolerance: The share of pixels (0…1) a page may have differing and still match.
    ///   - threshold: The colour distance (0…1) below which two pixels count as equal.
    ///   - dpi: The resolution at which PDF pages are rendered to be compared.
    public init(tolerance: Double = 0, threshold: Double = 0.1, dpi: Double = 72) {
        self.tolerance = tolerance
        self.threshold = threshold
        self.dpi = dpi
    }

    /// What a comparison found.
    public struct Verdict: Sendable {
        /// One per page of the longer document; a page only one has differs in all its pixels.
        public var pages: [ImageDifference]
        /// The largest share of differing pixels on a page.
        public var worst: Double
        /// Whether `worst` is within the tolerance.
        public var matches: Bool
        /// The pages of the expected file (1 for a PNG).
        public var expectedPageCount: Int
        /// The pages of the actual file (1 for a PNG).
        public var actualPageCount: Int
    }

    /// Compares two PNG files, or two PDF files page by page, writing the diff image of each
    /// page that differs to `diff` when given (`GoldenFiles.diff(_:page:)` names the pages of
    /// a PDF), never in place of either file compared. Pages of different sizes are compared
    /// over the union of their areas, and a page only one PDF has differs in every pixel: a
    /// page that grew is a difference, not an error.
    ///
    /// - Parameters:
    ///   - expected: The reference: a PNG or PDF file.
    ///   - actual: The rendering: a file of the reference's kind.
    ///   - diff: Where to write the diff image (differences red, anti-aliasing yellow, over a
    ///     faded copy of `expected`), when given.
    /// - Returns: How each page differs, and whether the worst is within the tolerance.
    /// - Throws: `LetterpressError.unreadableInput` when a file cannot be read.
    public func compare(expected: URL, actual: URL, diff: URL? = nil) throws -> Verdict {
        let (left, right) = (try RasterPages(expected, dpi: dpi), try RasterPages(actual, dpi: dpi))
        let empty = RasterImage(width: 0, height: 0, pixels: [])
        let count = max(left.count, right.count)
        var pages: [ImageDifference] = []
        for page in 0..<count {
            let a = page < left.count ? try left.image(at: page) : empty
            let b = page < right.count ? try right.image(at: page) : empty
            var image: RasterImage? = diff == nil ? nil : empty
            let result = ImageComparison.compare(a, b, threshold: threshold, diff: &image)
            if let diff, let image, result.differingPixels > 0 {
                try image.writePNG(to: count == 1 ? diff : GoldenFiles.diff(diff, page: page + 1), protecting: [expected, actual])
            }
            pages.append(result)
        }
        let worst = pages.map(\.fraction).max() ?? 0
        return Verdict(pages: pages, worst: worst, matches: worst <= tolerance, expectedPageCount: left.count, actualPageCount: right.count)
    }
}
