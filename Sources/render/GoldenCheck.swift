import Foundation
import Letterpress

/// `render notes.md --golden golden/notes.png`: render and compare with a reference in one step.
struct GoldenCheck {
    var input: String
    var golden: URL
    var update: Bool
    var tolerance: Double
    var quiet: Bool

    /// Renders, then compares or updates; returns the exit status (0 match or updated, 1
    /// differs or failed, 2 cannot compare).
    func run(with renderer: Renderer) -> Int32 {
        let format = OutputFormat(pathExtension: golden.pathExtension) ?? .png
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-golden-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rendered: RenderResult
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            rendered = try renderer.render(input: input, to: folder.appendingPathComponent(golden.lastPathComponent), format: format)
        } catch {
            Console.error("\(error)")
            return 1
        }
        if !quiet { for warning in rendered.warnings { Console.error(warning.description) } }
        let writer = OutputWriter(format: format)
        let references = writer.outputURLs(for: golden, pageCount: rendered.pageCount)
        let stored = storedPages(writer, format: format)
        if update { return replace(stored, with: rendered.files, at: references) }
        guard !stored.isEmpty else {
            Console.error("\(golden.path): no reference yet; make one with --update-golden")
            return 2
        }
        if stored.count != references.count && format != .pdf {
            print("\(input): \(references.count) page\(references.count == 1 ? "" : "s") rendered, the reference has \(stored.count)")
            return 1
        }
        return compare(rendered.files, with: references)
    }

    /// Writes the rendered files as the references; returns the exit status.
    private func replace(_ stored: [URL], with files: [URL], at references: [URL]) -> Int32 {
        // Pages the document no longer has go, so that the reference is the rendering.
        for old in stored where !references.contains(old) { try? FileManager.default.removeItem(at: old) }
        do {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            for (file, reference) in zip(files, references) {
                // Copied beside the reference, then renamed over it: never half a reference.
                let staging = reference.deletingLastPathComponent().appendingPathComponent(".\(reference.lastPathComponent).new")
                try? FileManager.default.removeItem(at: staging)
                try FileManager.default.copyItem(at: file, to: staging)
                guard rename(staging.path, reference.path) == 0 else {
                    throw LetterpressError.outputFailed(file: reference.path, reason: String(cString: strerror(errno)))
                }
            }
            print("updated \(references.map(\.path).joined(separator: ", "))")
            return 0
        } catch {
            Console.error("\(golden.path): cannot update: \(error.localizedDescription)")
            return 1
        }
    }

    /// Compares each rendered file with its reference, leaving a diff image beside each that
    /// differs; returns the exit status.
    private func compare(_ files: [URL], with references: [URL]) -> Int32 {
        var differs = false
        let comparison = GoldenComparison(tolerance: tolerance)
        for (file, reference) in zip(files, references) {
            let diff = GoldenFiles.diff(for: reference)
            do {
                let verdict = try comparison.compare(expected: reference, actual: file, diff: diff)
                if !verdict.matches {
                    differs = true
                    print(String(format: "%@: %.4f%% of pixels differ; see %@", reference.path, verdict.worst * 100, diff.path))
                } else {
                    try? FileManager.default.removeItem(at: diff)
                }
            } catch {
                Console.error("\(reference.path): cannot compare: \(error)")
                return 2
            }
        }
        if differs { return 1 }
        if !quiet { print("\(input): matches \(golden.path)") }
        return 0
    }

    /// The reference's pages on disk: `NAME-1.png`, `NAME-2.png`, … as long as they exist, or
    /// `NAME.png` alone (a PDF is always one file).
    private func storedPages(_ writer: OutputWriter, format: OutputFormat) -> [URL] {
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        guard format != .pdf else { return exists(golden) ? [golden] : [] }
        var pages: [URL] = []
        while true {
            let next = writer.outputURLs(for: golden, pageCount: pages.count + 2)[pages.count]
            guard exists(next) else { break }
            pages.append(next)
        }
        return pages.isEmpty && exists(golden) ? [golden] : pages
    }
}
