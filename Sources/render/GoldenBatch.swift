import Foundation
import Letterpress

/// `render notes/ more.md --golden golden/`: each note checked against its reference, named by
/// the note's path relative to the folder given (`golden/sub/note.png`), then one summary line
/// naming the notes that differ.
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

    /// Checks every note with `renderer`; returns the exit status: 0 when all match (or were
    /// updated), 2 when a reference is missing and none differs, else 1.
    func run(with renderer: Renderer, budget: DocumentBudget) -> Int32 {
        var differing: [String] = []
        var missing: [String] = []
        for job in jobs {
            if let refusal = job.refusal {
                Console.error(refusal)
                differing.append(job.input)
                continue
            }
            let check = GoldenCheck(input: job.input, golden: job.output, update: update, tolerance: tolerance, quiet: quiet)
            switch budget.watch(job.input, inWorker: false, { check.run(with: renderer) }) {
            case 0: continue
            case 2: missing.append(job.input)
            default: differing.append(job.input)
            }
        }
        let verb = update ? "updated" : "match"
        var summary = "golden: \(jobs.count - differing.count - missing.count) of \(jobs.count) notes \(verb)"
        if !differing.isEmpty { summary += "; \(update ? "failed" : "differ or failed"): \(differing.joined(separator: ", "))" }
        if !missing.isEmpty { summary += "; no reference: \(missing.joined(separator: ", "))" }
        print(summary)
        return !differing.isEmpty ? 1 : missing.isEmpty ? 0 : 2
    }
}
