import Foundation
import Letterpress
import Testing

/// How `assertRendering` renders and compares.
public struct RenderingCheck: Sendable {
    /// The theme's name or path, as `--theme` gives it.
    public var theme: String
    /// The page size, over the note's front matter and the theme.
    public var pageSize: PageSize
    /// The margins, over the note's front matter and the theme.
    public var margins: Margins
    /// The resolution of the PNG pages in pixels per inch: 72 gives a pixel per point.
    public var dpi: Double
    /// Multiplies every text size of the theme, as `--text-size` does.
    public var textScale: Double
    /// Share of pixels (0…1) allowed to differ.
    public var tolerance: Double
    /// Colour distance (0…1) below which two pixels count as equal.
    public var threshold: Double
    /// The locale of the date badge and of formatted values.
    public var locale: Locale
    /// Whether references are recorded instead of compared with.
    public var record: RecordMode
    /// The fonts text is laid out with: the machine's, or only the project's and yours.
    public var fonts: TestFonts

    /// A check with the given settings; the defaults make small pages at a pixel per point.
    /// - Parameters:
    ///   - theme: The theme's name or path.
    ///   - pageSize: The page size, in points.
    ///   - margins: The margins, in points.
    ///   - dpi: The resolution of the PNG pages in pixels per inch.
    ///   - textScale: The factor every text size of the theme is multiplied by.
    ///   - tolerance: The share of pixels (0…1) allowed to differ.
    ///   - threshold: The colour distance (0…1) below which two pixels count as equal.
    ///   - locale: The locale the date badge is written for.
    ///   - record: Whether references are recorded instead of compared with; by default, what
    ///     `LETTERPRESS_RECORD_GOLDEN` says.
    ///   - fonts: The fonts text is laid out with; one process renders with one choice, so give
    ///     every check of a test run the same.
    public init(theme: String = "default", pageSize: PageSize = PageSize(width: 300, height: 220),
                margins: Margins = Margins(top: 16, right: 16, bottom: 16, left: 16), dpi: Double = 72,
                textScale: Double = 1, tolerance: Double = 0.002, threshold: Double = 0.1, locale: Locale = Locale(identifier: "en"),
                record: RecordMode = .fromEnvironment, fonts: TestFonts = .system) {
        self.theme = theme
        self.pageSize = pageSize
        self.margins = margins
        self.dpi = dpi
        self.textScale = textScale
        self.tolerance = tolerance
        self.threshold = threshold
        self.locale = locale
        self.record = record
        self.fonts = fonts
    }
}

/// A rendering that does not match its reference images, or references just recorded.
public struct RenderingMismatch: Error, CustomStringConvertible {
    /// The reference image the `assertRendering` call named.
    public var reference: URL
    /// What does not match, or what was recorded.
    public var message: String
    /// `file:line` of the `assertRendering` call.
    public var caller: String
    /// `file:line: NAME.png: message`, as a test runner shows it.
    public var description: String { "\(caller): \(reference.lastPathComponent): \(message)" }
}

/// Renders `markdown` to PNG and compares each page with its reference: `NAME.png` for a
/// document of one page, else `NAME-1.png`, `NAME-2.png` … (padded as `render` pads them:
/// `NAME-01.png` from ten pages on) beside `reference`, the names `render -o NAME.png` gives.
/// A page that differs by more than `check.tolerance` of its pixels, a reference missing, or
/// a reference page the document no longer has is a failure. The actual image and a diff
/// image (differences in red) of each page that differs are kept beside its reference as
/// `NAME.actual.png` and `NAME.diff.png`.
///
/// In Swift Testing, each failure is recorded as an issue at the call (the caller's `#fileID`,
/// `#filePath`, `#line` and `#column`), and the test goes on. Elsewhere (XCTest) the first
/// failure is thrown as a `RenderingMismatch` that names the call's file and line.
/// `check.record` (by default from the environment variable `LETTERPRESS_RECORD_GOLDEN`:
/// `missing`, or any other value for all) writes the missing references, or all of them
/// (removing reference pages the document no longer has), and fails, so that a recording run
/// never passes by accident. Images in the note are found relative to `baseURL`.
///
/// - Parameters:
///   - markdown: The note, as a `.md` file would hold it.
///   - reference: The reference image, `NAME.png`; the pages of a longer document are beside
///     it.
///   - check: How to render and compare.
///   - baseURL: The folder the note's relative image paths start from; nil for the
///     reference's folder.
///   - fileID: The caller's `#fileID`, where a failure is recorded; leave it to the default.
///   - filePath: The caller's `#filePath`; leave it to the default.
///   - line: The caller's `#line`; leave it to the default.
///   - column: The caller's `#column`; leave it to the default.
/// - Throws: `LetterpressError` when the note cannot be rendered, a reference image cannot
///   be read or `check.fonts` differs from an earlier check's in the process, the file system's error when a reference cannot be written, or, outside Swift
///   Testing, `RenderingMismatch` for the first failure.
public func assertRendering(markdown: String, matches reference: URL, check: RenderingCheck = RenderingCheck(),
                            baseURL: URL? = nil, fileID: String = #fileID, filePath: String = #filePath,
                            line: Int = #line, column: Int = #column) throws {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    try check.fonts.apply()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let rendered = try render(markdown, check: check, file: (baseURL ?? reference.deletingLastPathComponent())
        .appendingPathComponent("document.md").path, to: folder.appendingPathComponent(reference.lastPathComponent))
    let references = rendered.map { reference.deletingLastPathComponent().appendingPathComponent($0.lastPathComponent) }
    let earlier = OutputWriter(format: .png).existingPages(at: reference)
    let fileManager = FileManager.default
    if check.record == .all {
        for page in earlier where !references.contains(page) { try fileManager.removeItem(at: page) }
        for (page, target) in zip(rendered, references) {
            try? fileManager.removeItem(at: target)
            try fileManager.copyItem(at: page, to: target)
        }
        let names = references.count == 1 ? "the reference; look at it" : "\(references.count) reference pages; look at them"
        try caller.fail(reference, "recorded \(names), then run again without recording")
        return
    }
    var failures: [String] = []
    for page in earlier where !references.contains(page) {
        failures.append("\(page.lastPathComponent) is a reference page the document no longer has (\(rendered.count) pages now)")
    }
    let comparison = GoldenComparison(tolerance: check.tolerance, threshold: check.threshold, dpi: check.dpi)
    for (page, target) in zip(rendered, references) {
        let (actualCopy, diffCopy) = (GoldenFiles.actual(for: target), GoldenFiles.diff(for: target))
        guard fileManager.fileExists(atPath: target.path) else {
            if check.record == .missing {
                try fileManager.copyItem(at: page, to: target)
                failures.append("recorded \(target.lastPathComponent), which was missing; look at it, then run again without recording")
            } else {
                failures.append("no reference image \(target.lastPathComponent); record one with LETTERPRESS_RECORD_GOLDEN=missing "
                    + "or RenderingCheck(record: .missing)")
            }
            continue
        }
        let diff = folder.appendingPathComponent("diff.png")
        try? fileManager.removeItem(at: diff)
        let verdict = try comparison.compare(expected: target, actual: page, diff: diff)
        guard verdict.matches else {
            for (source, copy) in [(page, actualCopy), (diff, diffCopy)] {
                try? fileManager.removeItem(at: copy)
                try? fileManager.copyItem(at: source, to: copy)
            }
            let difference = verdict.pages[0]
            failures.append("\(target.lastPathComponent): \(difference.differingPixels) pixels differ "
                + "(\(percent(difference.fraction)), tolerance \(percent(check.tolerance))); see \(actualCopy.lastPathComponent) and \(diffCopy.lastPathComponent)")
            continue
        }
        try? fileManager.removeItem(at: actualCopy)
        try? fileManager.removeItem(at: diffCopy)
    }
    for failure in failures { try caller.fail(reference, failure) }
}

/// Renders `markdown` as `check` says to PNG pages at `destination`, named as `render` names
/// them, and returns the files.
private func render(_ markdown: String, check: RenderingCheck, file: String, to destination: URL) throws -> [URL] {
    var options = RenderOptions()
    options.theme = check.theme
    options.pageSize = check.pageSize
    options.margins = check.margins
    options.dpi = check.dpi
    options.textScale = check.textScale
    options.locale = check.locale
    let renderer = Renderer(options: options)
    // Test runners call this on several threads at once.
    return try FontWork.exclusively {
        let typeset = try renderer.typeset(source: markdown, file: file)
        var writer = OutputWriter(format: .png, dpi: check.dpi, metadata: typeset.metadata)
        return try writer.write(typeset.document, to: destination)
    }
}

private func percent(_ fraction: Double) -> String { String(format: "%.3f%%", fraction * 100) }

/// Where `assertRendering` was called, and how a failure there is reported.
private struct Caller {
    var fileID: String
    var filePath: String
    var line: Int
    var column: Int

    /// Records `message` as an issue at the call in a Swift Testing test; throws it elsewhere.
    func fail(_ reference: URL, _ message: String) throws {
        guard Test.current != nil else {
            throw RenderingMismatch(reference: reference, message: message, caller: "\(filePath):\(line)")
        }
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
