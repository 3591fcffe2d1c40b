import Foundation
import Letterpress

/// `render notes/ more.md --golden golden/`: each note checked against its reference, named by
/// the note's path relative to the folder given (`golden/sub/note.png`), by `workers` worker
/// processes at once as a batch renders (`--jobs`); then one summary line naming the notes that
/// differ, in the notes' order.
struct GoldenBatch {
    var jobs: [Job]
    var update: Bool
    var tolerance: Double
    var quiet: Bool

    /// Whether `--golden` names a folder of references: with several notes or a folder always,
    /// else when it ends in `/` or is a folder.
    static func namesFolder(_ golden: String, inputs: [String]) -> Bool {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: golden, isDirectory: &isFolder)
        return inputs.count > 1 || golden.hasSuffix("/") || (exists && isFolder.boolValue)
            || inputs.contains { FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue }
    }

    /// Checks every note, `workers` at once; returns the exit status: 0 when all match (or
    /// were updated), 2 when a reference is missing and none differs, else 1.
    func run(workers: Int, options: RenderOptions, fonts: FontOptions, budget: DocumentBudget,
             diagnosticFormat: DiagnosticFormat) -> Int32 {
        let checks = jobs.map { job in
            var job = job
            job.check = GoldenCheck(input: job.input, golden: job.output, update: update, tolerance: tolerance, quiet: quiet,
                                    diagnosticFormat: diagnosticFormat)
            return job
        }
        let runner = BatchRunner(jobs: checks, workers: workers, options: options, fonts: fonts, quiet: quiet, progress: nil)
        runner.budget = budget
        runner.diagnosticFormat = diagnosticFormat
        // Written under the runner's lock, read once it has finished.
        var statuses: [URL: Int32] = [:]
        runner.finished = { job, outcome in statuses[job.output] = outcome.golden?.status ?? 1 }
        _ = withExtendedLifetime(runner) { runner.run() }
        let differing = jobs.filter { ![0, 2].contains(statuses[$0.output] ?? 1) }.map(\.input)
        let missing = jobs.filter { statuses[$0.output] == 2 }.map(\.input)
        let verb = update ? "updated" : "match"
        var summary = "golden: \(jobs.count - differing.count - missing.count) of \(jobs.count) notes \(verb)"
        if !differing.isEmpty { summary += "; \(update ? "failed" : "differ or failed"): \(differing.joined(separator: ", "))" }
        if !missing.isEmpty { summary += "; no reference: \(missing.joined(separator: ", "))" }
        print(summary)
        return !differing.isEmpty ? 1 : missing.isEmpty ? 0 : 2
    }
}
