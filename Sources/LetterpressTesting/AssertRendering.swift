import Foundation
import Letterpress

/// How `assertRendering` renders and compares.
public struct RenderingCheck: Sendable {
    public var theme: String
    public var pageSize: PageSize
    public var margins: Margins
    public var dpi: Double
    public var textScale: Double
    /// Share of pixels (0…1) allowed to differ.
    public var tolerance: Double
    /// Colour distance (0…1) below which two pixels count as equal.
    public var threshold: Double
    /// The language of the date badge.
    public var locale: String

    public init(theme: String = "default", pageSize: PageSize = PageSize(width: 300, height: 220),
                margins: Margins = Margins(top: 16, right: 16, bottom: 16, left: 16), dpi: Double = 72,
                textScale: Double = 1, tolerance: Double = 0.002, threshold: Double = 0.1, locale: String = "en") {
        self.theme = theme
        self.pageSize = pageSize
        self.margins = margins
        self.dpi = dpi
        self.textScale = textScale
        self.tolerance = tolerance
        self.threshold = threshold
        self.locale = locale
    }
}

/// A rendering that does not match its reference image, or a reference just recorded.
public struct RenderingMismatch: Error, CustomStringConvertible {
    public var reference: URL
    public var message: String
    public var description: String { "\(reference.lastPathComponent): \(message)" }
}

/// Renders `markdown` (its first page) to PNG and compares it with the PNG at `reference`,
/// throwing `RenderingMismatch` when more than `check.tolerance` of the pixels differ. The
/// actual image and a diff image (differences in red) are then kept beside the reference as
/// `NAME.actual.png` and `NAME.diff.png`.
///
/// Works in Swift Testing and XCTest alike: a thrown error fails the test. With the environment
/// variable `LETTERPRESS_RECORD_GOLDEN` set, it writes the reference instead and throws, so that
/// a recording run never passes by accident. Images are found relative to `baseURL`.
public func assertRendering(markdown: String, matches reference: URL, check: RenderingCheck = RenderingCheck(),
                            baseURL: URL? = nil) throws {
    var options = RenderOptions()
    options.theme = check.theme
    options.pageSize = check.pageSize
    options.margins = check.margins
    options.dpi = check.dpi
    options.textScale = check.textScale
    options.locale = check.locale
    let renderer = Renderer(options: options)
    let file = (baseURL ?? reference.deletingLastPathComponent()).appendingPathComponent("document.md").path
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Test runners call this on several threads at once.
    let (rendered, pageCount) = try FontWork.exclusively {
        let typeset = try renderer.typeset(source: markdown, file: file)
        var firstPage = typeset.document
        firstPage.pages = Array(typeset.document.pages.prefix(1))
        var writer = OutputWriter(format: .png, dpi: check.dpi, metadata: typeset.metadata)
        return (try writer.write(firstPage, to: folder.appendingPathComponent("actual.png"))[0], typeset.document.pages.count)
    }
    let fileManager = FileManager.default
    let actualCopy = GoldenFiles.actual(for: reference)
    let diffCopy = GoldenFiles.diff(for: reference)
    if ProcessInfo.processInfo.environment["LETTERPRESS_RECORD_GOLDEN"] != nil {
        try? fileManager.removeItem(at: reference)
        try fileManager.copyItem(at: rendered, to: reference)
        throw RenderingMismatch(reference: reference, message: "recorded; look at it, then run again without LETTERPRESS_RECORD_GOLDEN")
    }
    guard fileManager.fileExists(atPath: reference.path) else {
        throw RenderingMismatch(reference: reference, message: "no reference image; record one with LETTERPRESS_RECORD_GOLDEN=1")
    }
    let comparison = GoldenComparison(tolerance: check.tolerance, threshold: check.threshold, dpi: check.dpi)
    let verdict = try comparison.compare(expected: reference, actual: rendered, diff: folder.appendingPathComponent("diff.png"))
    let difference = verdict.pages[0]
    if pageCount > 1 {
        throw RenderingMismatch(reference: reference, message: "the document has \(pageCount) pages; golden documents fit on one")
    }
    guard verdict.matches else {
        for (source, target) in [(rendered, actualCopy), (folder.appendingPathComponent("diff.png"), diffCopy)] {
            try? fileManager.removeItem(at: target)
            try? fileManager.copyItem(at: source, to: target)
        }
        let percent = String(format: "%.3f%%", difference.fraction * 100)
        throw RenderingMismatch(reference: reference, message: "\(difference.differingPixels) pixels differ (\(percent), tolerance \(String(format: "%.3f%%", check.tolerance * 100))); see \(actualCopy.lastPathComponent) and \(diffCopy.lastPathComponent)")
    }
    try? fileManager.removeItem(at: actualCopy)
    try? fileManager.removeItem(at: diffCopy)
}
