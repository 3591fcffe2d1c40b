import Foundation
import Letterpress

/// `render notes.md --golden golden/notes.png`: render and compare with a reference in one step.
struct GoldenCheck: Codable {
    var input: String
    var golden: URL
    var update: Bool
    var tolerance: Double
    var quiet: Bool
    /// How the note's warnings and rendering errors are printed.
    var diagnosticFormat = DiagnosticFormat.text
    /// Whether each failure is also a GitHub Actions error annotation on the note
    /// (`GITHUB_ACTIONS` set), which the run's page shows at the file.
    var annotate = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"

    /// Renders, then compares or updates; the report holds the exit status (0 match or
    /// updated, 1 differs or failed, 2 cannot compare).
    func run(with renderer: Renderer) -> GoldenReport {
        var report = GoldenReport()
        report.status = run(with: renderer, report: &report)
        return report
    }

    private func run(with renderer: Renderer, report: inout GoldenReport) -> Int32 {
        let format = OutputFormat(pathExtension: golden.pathExtension) ?? .png
        if update { return updateReference(with: renderer, format: format, report: &report) }
        // Rendered in memory, each file a memory file that comparing opens by its
        // /proc/self/fd path: no scratch folder, and nothing left if the process is killed.
        let rendered: RenderedDocument
        let files: [MemoryFile]
        do {
            rendered = try renderer.renderDocument(input: input, as: format).document
            files = try rendered.files.map(Self.memoryFile)
        } catch {
            InterruptHandler.awaitInterrupt(within: 0)
            let diagnostics = (error as? LetterpressError).map { Diagnostic.all($0, input: input) }
                ?? [Diagnostic(.error, file: input, message: error.localizedDescription)]
            for diagnostic in diagnostics { report.error(diagnosticFormat.line(diagnostic)) }
            if diagnosticFormat != .github { annotation("\(error)", report: &report) }
            return 1
        }
        if !quiet { report.warnings(rendered.warnings, format: diagnosticFormat) }
        let writer = OutputWriter(format: format)
        let stored = storedPages(writer, format: format)
        guard !stored.isEmpty else {
            report.error("\(golden.path): no reference yet; make one with --update-golden")
            annotation("\(golden.path): no reference yet; make one with --update-golden", report: &report)
            return 2
        }
        if stored.count != rendered.files.count {
            let message = "\(rendered.files.count) page\(rendered.files.count == 1 ? "" : "s") rendered, the reference has \(stored.count)"
            report.output("\(input): \(message)")
            annotation("\(message) (\(golden.path))", report: &report)
            return 1
        }
        return withExtendedLifetime(files) {
            compare(files.map { URL(fileURLWithPath: "/proc/self/fd/\($0.descriptor)") }, with: stored, report: &report)
        }
    }

    /// A memory file holding `data`.
    private static func memoryFile(_ data: Data) throws -> MemoryFile {
        let file = try MemoryFile()
        if let failure = data.withUnsafeBytes({ Descriptor.writeAll($0, to: file.descriptor) }) {
            throw LetterpressError.outputFailed(file: "<memory>", reason: String(cString: strerror(failure)))
        }
        return file
    }

    /// Renders the note as the new reference, in place of the old one's files as a whole (and
    /// never of the note itself); returns the exit status.
    private func updateReference(with renderer: Renderer, format: OutputFormat, report: inout GoldenReport) -> Int32 {
        do {
            try JobRenderer.makeFolder(for: golden)
            let rendered = try renderer.render(input: input, to: golden, format: format)
            if !quiet { report.warnings(rendered.warnings, format: diagnosticFormat) }
            report.output("updated \(rendered.files.map(\.path).joined(separator: ", "))")
            return 0
        } catch {
            InterruptHandler.awaitInterrupt(within: 0)
            report.error("\(golden.path): cannot update: \(error)")
            return 1
        }
    }

    /// Compares each rendered file with its reference, leaving a diff image beside each that
    /// differs; returns the exit status.
    private func compare(_ files: [URL], with references: [URL], report: inout GoldenReport) -> Int32 {
        var differs = false
        let comparison = GoldenComparison(tolerance: tolerance)
        for (file, reference) in zip(files, references) {
            let diff = GoldenFiles.diff(for: reference)
            do {
                let verdict = try comparison.compare(expected: reference, actual: file, diff: diff)
                if !verdict.matches {
                    differs = true
                    let message = String(format: "%@: %.4f%% of pixels differ; see %@", reference.path, verdict.worst * 100, diff.path)
                    report.output(message)
                    annotation(message, report: &report)
                } else {
                    try? FileManager.default.removeItem(at: diff)
                }
            } catch {
                report.error("\(reference.path): cannot compare: \(error)")
                annotation("\(reference.path): cannot compare: \(error)", report: &report)
                return 2
            }
        }
        if differs { return 1 }
        if !quiet { report.output("\(input): matches \(golden.path)") }
        return 0
    }

    /// The reference's pages on disk: `NAME-1.png`, `NAME-2.png`, … (or `NAME-01.png`, …) as
    /// long as they run on, or `NAME.png` alone (a PDF is always one file). Comparing tells a
    /// folder or FIFO there.
    private func storedPages(_ writer: OutputWriter, format: OutputFormat) -> [URL] {
        guard format.writesFilePerPage else { return FileManager.default.fileExists(atPath: golden.path) ? [golden] : [] }
        return writer.existingPages(at: golden)
    }

    /// A GitHub Actions error on the note when `annotate` is set: `::error file=…::message`,
    /// with the characters the workflow syntax reserves escaped.
    private func annotation(_ message: String, report: inout GoldenReport) {
        guard annotate else { return }
        func escaped(_ text: String, property: Bool) -> String {
            var text = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
            if property { text = text.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C") }
            return text
        }
        report.output("::error file=\(escaped(input, property: true)),title=golden image::\(escaped(message, property: false))")
    }
}
