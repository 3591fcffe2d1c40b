import Foundation
import Letterpress

/// Renders one job with a renderer, as the batch runner and worker processes do.
struct JobRenderer {
    let renderer: Renderer
    let quiet: Bool
    var budget = DocumentBudget()
    /// Whether this is a worker process, which ends past the budget with a status.
    var inWorker = false

    /// Makes the folder `output` goes in, and the folders above it; a failure names the output
    /// and says why in the system's words.
    static func makeFolder(for output: URL) throws {
        var missing: [String] = []
        var path = output.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            missing.append(path)
            path = (path as NSString).deletingLastPathComponent
        }
        guard isFolder.boolValue else {
            throw LetterpressError.outputFailed(file: output.path, reason: "\(path) is a file, not a folder")
        }
        for folder in missing.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            throw LetterpressError.outputFailed(file: output.path, reason: "cannot make the folder \(folder): \(String(cString: strerror(errno)))")
        }
    }

    func render(_ job: Job) -> Outcome {
        let name = job.input == "-" ? "<stdin>" : job.input
        if let refusal = job.refusal { return Outcome(pages: nil, diagnostics: [Diagnostic(.error, file: name, message: refusal)]) }
        if let check = job.check {
            let report = budget.watch(name, inWorker: inWorker) { check.run(with: renderer) }
            return Outcome(pages: report.status == 0 ? 0 : nil, diagnostics: [], golden: report)
        }
        var diagnostics: [Diagnostic] = []
        do {
            if job.toStandardOutput { return try renderToStandardOutput(job, name: name) }
            if job.input != "-" && URL(fileURLWithPath: job.input).standardizedFileURL == job.output.standardizedFileURL {
                throw LetterpressError.invalidOption(.outputOverwritesInput, "the output would overwrite the input")
            }
            try Self.makeFolder(for: job.output)
            let result = try budget.watch(name, inWorker: inWorker) {
                if let notes = job.mergedInputs { return try renderer.render(inputs: notes, toOnePDF: job.output) }
                return try renderer.render(input: job.input, to: job.output, format: job.format)
            }
            if !quiet { diagnostics += result.warnings.map(Diagnostic.init) }
            return Outcome(pages: result.pageCount, diagnostics: diagnostics, timings: result.timings)
        } catch let error as LetterpressError {
            InterruptHandler.awaitInterrupt(within: 0)
            if case let .strictWarnings(_, warnings) = error { diagnostics += warnings.map(Diagnostic.init) }
            // Every failure names its input, also those (an unknown theme, say) that do not.
            diagnostics += Diagnostic.all(error, input: name)
        } catch {
            InterruptHandler.awaitInterrupt(within: 0)
            diagnostics.append(Diagnostic(.error, file: name, message: error.localizedDescription))
        }
        return Outcome(pages: nil, diagnostics: diagnostics)
    }

    /// Renders the job in memory and writes its one file to standard output: a PNG or SVG of
    /// several pages is refused, nothing written.
    private func renderToStandardOutput(_ job: Job, name: String) throws -> Outcome {
        let (document, timings) = try budget.watch(name, inWorker: inWorker) {
            try renderer.renderDocument(input: job.input, as: job.format)
        }
        var diagnostics = quiet ? [] : document.warnings.map(Diagnostic.init)
        guard document.files.count == 1 else {
            diagnostics.append(Diagnostic(.error, file: name, message: "\(job.format.rawValue.uppercased()) output to standard output needs a one-page document"))
            return Outcome(pages: nil, diagnostics: diagnostics)
        }
        try StandardOutput.write(document.files[0])
        return Outcome(pages: document.pageCount, diagnostics: diagnostics, timings: timings)
    }
}
