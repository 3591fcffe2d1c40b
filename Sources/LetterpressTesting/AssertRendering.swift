import Foundation
import Letterpress
import Testing

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

/// A rendering that does not match its reference images, or references just recorded.
public struct RenderingMismatch: Error, CustomStringConvertible {
    public var reference: URL
    public var message: String
    /// `file:line` of the `assertRendering` call.
    public var caller: String
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
/// failure is thrown as a `RenderingMismatch` that names the call's file and line. With the
/// environment variable `LETTERPRESS_RECORD_GOLDEN` set, it writes the references instead (and
/// removes reference pages the document no longer has) and fails, so that a recording run
/// never passes by accident. Images in the note are found relative to `baseURL`. Throws when
/// the note cannot be rendered or a file cannot be read.
public func assertRendering(markdown: String, matches reference: URL, check: RenderingCheck = RenderingCheck(),
                            baseURL: URL? = nil, fileID: String = #fileID, filePath: String = #filePath,
                            line: Int = #line, column: Int = #column) throws {
    let caller = Caller(fileID: fileID, filePath: filePath, line: line, column: column)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let rendered = try render(markdown, check: check, file: (baseURL ?? reference.deletingLastPathComponent())
        .appendingPathComponent("document.md").path, to: folder.appendingPathComponent(reference.lastPathComponent))
    let references = rendered.map { reference.deletingLastPathComponent().appendingPathComponent($0.lastPathComponent) }
    let earlier = OutputWriter(format: .png).existingPages(at: reference)
    let fileManager = FileManager.default
    if ProcessInfo.processInfo.environment["LETTERPRESS_RECORD_GOLDEN"] != nil {
        for page in earlier where !references.contains(page) { try fileManager.removeItem(at: page) }
        for (page, target) in zip(rendered, references) {
            try? fileManager.removeItem(at: target)
            try fileManager.copyItem(at: page, to: target)
        }
        let names = references.count == 1 ? "the reference" : "\(references.count) reference pages"
        try caller.fail(reference, "recorded \(names); look at them, then run again without LETTERPRESS_RECORD_GOLDEN")
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
            failures.append("no reference image \(target.lastPathComponent); record one with LETTERPRESS_RECORD_GOLDEN=1")
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
